import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { CartFormSchema } from './cart.server'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return parseWithZod(data, { schema: CartFormSchema })
}

describe('the cart forms', () => {
  it('parse each intent, a quantity as a number, 1 when left out', () => {
    expect(form({ intent: 'add-item', productCode: 'mesh-wifi6-router' })).toMatchObject({
      status: 'success',
      value: { intent: 'add-item', productCode: 'mesh-wifi6-router', quantity: 1 },
    })
    expect(form({ intent: 'set-quantity', productCode: 'paytv-box-hd', quantity: '3' })).toMatchObject({
      value: { quantity: 3 },
    })
    expect(form({ intent: 'payment-mode', upfrontFeePaymentOption: 'STAGGERED' })).toMatchObject({
      value: { upfrontFeePaymentOption: 'STAGGERED' },
    })
  })

  it('answer a bad quantity beside its field, and refuse an unknown intent or mode', () => {
    const bad = form({ intent: 'set-quantity', productCode: 'paytv-box-hd', quantity: '0' })
    expect(bad.status).toBe('error')
    expect(bad.status === 'error' && bad.error).toEqual({ quantity: ['Please enter a quantity from 1 to 99.'] })
    expect(form({ intent: 'empty-cart' }).status).toBe('error')
    expect(form({ intent: 'payment-mode', upfrontFeePaymentOption: 'LATER' }).status).toBe('error')
  })
})
