import { describe, expect, it } from 'vitest'
import { SUPPORT_MESSAGES } from '../../../lib/support'
import { checkAfterSales, checkConcern, initialAccount, readConcernValues, reconcileSubType } from './ticket-form'

const MINE = ['1000000000001', '1000000000002']
const valid = {
  accountNumber: '1000000000002',
  concernType: 'technical',
  subType: 'technical-slow-browsing',
  description: 'Slow every evening since Monday.',
}

describe('the concern cascade', () => {
  it('keeps a sub-type of the chosen type and clears one of another type', () => {
    const technical = ['technical-no-internet', 'technical-slow-browsing']
    expect(reconcileSubType(valid, technical)).toBe(valid)
    const changed = { ...valid, concernType: 'billing' }
    expect(reconcileSubType(changed, ['billing-incorrect-bill'])).toEqual({ ...changed, subType: '' })
    // Nothing else is touched: the description the user typed comes back.
    expect(reconcileSubType(changed, []).description).toBe(valid.description)
  })
})

describe('checkConcern', () => {
  it('accepts a complete concern for one of the user’s accounts', () => {
    expect(checkConcern(valid, MINE)).toEqual({ ok: true, value: valid })
  })

  it('puts each message beside its field', () => {
    const result = checkConcern({ accountNumber: '', concernType: '', subType: '', description: 'short' }, MINE)
    expect(result).toEqual({
      ok: false,
      errors: {
        accountNumber: [SUPPORT_MESSAGES.chooseAccount],
        concernType: [SUPPORT_MESSAGES.chooseConcernType],
        subType: [SUPPORT_MESSAGES.chooseSubType],
        description: [SUPPORT_MESSAGES.tooShort],
      },
    })
    expect(checkConcern({ ...valid, description: '   ' }, MINE)).toEqual({
      ok: false,
      errors: { description: [SUPPORT_MESSAGES.describe] },
    })
    expect(checkConcern({ ...valid, description: 'x'.repeat(1001) }, MINE)).toEqual({
      ok: false,
      errors: { description: [SUPPORT_MESSAGES.tooLong] },
    })
  })

  it('refuses an account that is not among the user’s verified accounts', () => {
    expect(checkConcern({ ...valid, accountNumber: '1000000000003' }, MINE)).toEqual({
      ok: false,
      errors: { accountNumber: [SUPPORT_MESSAGES.notYourAccount] },
    })
    // A user with no verified account can file nothing.
    expect(checkConcern(valid, [])).toMatchObject({ ok: false })
  })
})

describe('checkAfterSales', () => {
  it('needs a request type and refuses another user’s account', () => {
    const ticket = {
      accountNumber: '1000000000001',
      afterSalesType: 'repair',
      description: 'Red LOS light since 6 am.',
    }
    expect(checkAfterSales(ticket, MINE)).toEqual({ ok: true, value: ticket })
    expect(checkAfterSales({ ...ticket, afterSalesType: '' }, MINE)).toEqual({
      ok: false,
      errors: { afterSalesType: [SUPPORT_MESSAGES.chooseAfterSalesType] },
    })
    expect(checkAfterSales({ ...ticket, accountNumber: '1000000000003' }, MINE)).toMatchObject({
      ok: false,
      errors: { accountNumber: [SUPPORT_MESSAGES.notYourAccount] },
    })
  })
})

describe('form reading', () => {
  it('reads missing fields as empty and trims codes', () => {
    const form = new FormData()
    form.set('concernType', ' technical ')
    expect(readConcernValues(form)).toEqual({
      accountNumber: '',
      concernType: 'technical',
      subType: '',
      description: '',
    })
  })

  it('starts with the only account, else the default one', () => {
    expect(initialAccount(['1000000000001'], null)).toBe('1000000000001')
    expect(initialAccount(MINE, '1000000000002')).toBe('1000000000002')
    expect(initialAccount(MINE, '1000000000009')).toBe('')
  })
})
