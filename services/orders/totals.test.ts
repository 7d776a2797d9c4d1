import { describe, expect, it } from 'vitest'
import { instalmentsOf } from '../../lib/catalog.ts'
import { cartTotals, type PricedLine } from './totals.ts'

// Fiber Plan 1699 (₱2,500 installation, 12 months), two mesh routers (₱2,999 each, may be staggered), a pay-TV box.
const plan: PricedLine = {
  productType: 'MAINLINE',
  monthlyFeeCentavos: 169900,
  oneTimeFeeCentavos: 250000,
  staggerMonths: 12,
  quantity: 1,
}
const routers: PricedLine = {
  productType: 'ADDON',
  monthlyFeeCentavos: 0,
  oneTimeFeeCentavos: 299900,
  staggerMonths: 12,
  quantity: 2,
}
const landline: PricedLine = {
  productType: 'VAS',
  monthlyFeeCentavos: 20000,
  oneTimeFeeCentavos: 0,
  staggerMonths: null,
  quantity: 1,
}
const outrightOnly: PricedLine = {
  productType: 'ADDON',
  monthlyFeeCentavos: 29900,
  oneTimeFeeCentavos: 99900,
  staggerMonths: null,
  quantity: 1,
}

describe('cart totals', () => {
  it('before a mode is chosen, and OUTRIGHT: every one-time fee is due upfront', () => {
    for (const mode of [null, 'OUTRIGHT'] as const) {
      expect(cartTotals([plan, routers, landline], mode)).toEqual({
        monthlyRecurringFee: 1899,
        installationFee: 2500,
        totalInstallationFee: 8498,
        dueUpfront: 8498,
        dueAtInstallation: 0,
        instalments: null,
        promoDiscount: 0,
        firstBill: 10397,
      })
    }
  })

  it('STAGGERED: the staggerable fees over the plan’s months, the last instalment carrying the centavos', () => {
    expect(cartTotals([plan, routers, landline], 'STAGGERED')).toEqual({
      monthlyRecurringFee: 1899,
      installationFee: 2500,
      totalInstallationFee: 8498,
      dueUpfront: 0,
      dueAtInstallation: 0,
      instalments: { months: 12, amount: 708.16, lastAmount: 708.24 },
      promoDiscount: 0,
      firstBill: 2607.16,
    })
  })

  it('STAGGERED leaves a fee that may not be staggered upfront', () => {
    const totals = cartTotals([plan, outrightOnly], 'STAGGERED')
    expect(totals.dueUpfront).toBe(999)
    expect(totals.instalments).toEqual({ months: 12, amount: 208.33, lastAmount: 208.37 })
    expect(totals.firstBill).toBe(3205.33)
  })

  it('STAGGERED on a plan that cannot stagger is outright', () => {
    expect(cartTotals([{ ...plan, staggerMonths: null }, routers], 'STAGGERED').instalments).toBeNull()
  })

  it('an empty cart totals zero', () => {
    expect(cartTotals([], null)).toEqual({
      monthlyRecurringFee: 0,
      installationFee: 0,
      totalInstallationFee: 0,
      dueUpfront: 0,
      dueAtInstallation: 0,
      instalments: null,
      promoDiscount: 0,
      firstBill: 0,
    })
  })

  it('Pay via installer (issue 33): what is due upfront is cash at installation, not on the first bill', () => {
    expect(cartTotals([plan, routers, landline], 'OUTRIGHT', 'INSTALLER')).toEqual({
      monthlyRecurringFee: 1899,
      installationFee: 2500,
      totalInstallationFee: 8498,
      dueUpfront: 8498,
      dueAtInstallation: 8498,
      instalments: null,
      promoDiscount: 0,
      firstBill: 1899,
    })
    // Staggered, only the fee that may not be staggered is left for the installer.
    const staggered = cartTotals([plan, outrightOnly], 'STAGGERED', 'INSTALLER')
    expect(staggered.dueAtInstallation).toBe(999)
    expect(staggered.firstBill).toBe(3205.33 - 999)
  })

  it('a promo code (issue 33) takes its pesos off the first bill, and nothing else', () => {
    const without = cartTotals([plan, routers, landline], 'OUTRIGHT')
    const withPromo = cartTotals([plan, routers, landline], 'OUTRIGHT', 'FIRST_BILL', 50000)
    expect(withPromo).toEqual({ ...without, promoDiscount: 500, firstBill: 10397 - 500 })
  })

  it('a promo code never takes off more than the first bill holds', () => {
    // Pay via installer leaves only the monthly fee (₱1,899) on the first bill.
    const totals = cartTotals([plan, routers, landline], 'OUTRIGHT', 'INSTALLER', 300000)
    expect(totals.promoDiscount).toBe(1899)
    expect(totals.firstBill).toBe(0)
    expect(totals.dueAtInstallation).toBe(8498)
    expect(cartTotals([], null, 'FIRST_BILL', 50000)).toMatchObject({ promoDiscount: 0, firstBill: 0 })
  })

  it('instalments add up to the fee exactly', () => {
    for (const [fee, months] of [
      [250000, 12],
      [350000, 6],
      [299900, 12],
      [100001, 7],
    ] as const) {
      const { amount, lastAmount } = instalmentsOf(fee, months)
      expect(Math.round(amount * 100) * (months - 1) + Math.round(lastAmount * 100)).toBe(fee)
    }
  })
})
