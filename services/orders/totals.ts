/**
 * A cart's totals (issue 9; docs/decisions/0025), computed here and only here: the portal
 * shows them and the browser never adds anything up. Whole centavos inside, pesos out.
 *
 * - monthlyRecurringFee: every item's monthly fee × its quantity, the plan's included.
 * - installationFee: the plan's installation fee.
 * - totalInstallationFee: every one-time fee × quantity: the plan's installation and the
 *   add-ons' devices.
 * - OUTRIGHT (and before a mode is chosen): the whole totalInstallationFee is due upfront,
 *   on the first bill.
 * - STAGGERED (only when the plan allows it): the one-time fees of the items that may be
 *   staggered are spread over the plan's months, as one schedule (lib/catalog.ts,
 *   instalmentsOf: equal instalments, the last carrying the leftover centavos); fees of
 *   items that may not be staggered stay upfront.
 * - firstBill: monthlyRecurringFee + what is due upfront + the first instalment; what is due
 *   upfront leaves the first bill when it is paid in cash to the installer (dueAtInstallation).
 * - promoDiscount (issue 33): an agent's promo code takes its pesos off the first bill, never
 *   more than the first bill holds; firstBill is what is left.
 */
import { instalmentsOf, toPesos, type Instalments, type PaymentMode, type UpfrontPayment } from '../../lib/catalog.ts'

export type PricedLine = {
  productType: 'MAINLINE' | 'ADDON' | 'VAS'
  monthlyFeeCentavos: number
  oneTimeFeeCentavos: number
  /** null: this item's one-time fee is paid outright. */
  staggerMonths: number | null
  quantity: number
}

export type CartTotals = {
  monthlyRecurringFee: number
  installationFee: number
  totalInstallationFee: number
  dueUpfront: number
  /** What the applicant hands the installer in cash (Pay via installer); 0 otherwise. */
  dueAtInstallation: number
  instalments: Instalments | null
  /** Pesos a promo code took off the first bill; 0 without one. */
  promoDiscount: number
  firstBill: number
}

export function cartTotals(
  lines: PricedLine[],
  mode: PaymentMode | null,
  upfrontPayment: UpfrontPayment = 'FIRST_BILL',
  discountCentavos = 0,
): CartTotals {
  const plan = lines.find((line) => line.productType === 'MAINLINE')
  const sum = (pick: (line: PricedLine) => number, of = lines) => of.reduce((total, line) => total + pick(line), 0)
  const monthly = sum((line) => line.monthlyFeeCentavos * line.quantity)
  const oneTime = sum((line) => line.oneTimeFeeCentavos * line.quantity)
  const months = mode === 'STAGGERED' ? (plan?.staggerMonths ?? null) : null
  const staggered =
    months === null
      ? 0
      : sum(
          (line) => line.oneTimeFeeCentavos * line.quantity,
          lines.filter((line) => line.staggerMonths !== null),
        )
  const instalments = months !== null && staggered > 0 ? instalmentsOf(staggered, months) : null
  const upfront = oneTime - (instalments ? staggered : 0)
  const atInstallation = upfrontPayment === 'INSTALLER' ? upfront : 0
  const beforeDiscount = monthly + upfront - atInstallation + (instalments ? Math.round(instalments.amount * 100) : 0)
  const discount = Math.min(Math.max(discountCentavos, 0), beforeDiscount)
  return {
    monthlyRecurringFee: toPesos(monthly),
    installationFee: toPesos(plan ? plan.oneTimeFeeCentavos * plan.quantity : 0),
    totalInstallationFee: toPesos(oneTime),
    dueUpfront: toPesos(upfront),
    dueAtInstallation: toPesos(atInstallation),
    instalments,
    promoDiscount: toPesos(discount),
    firstBill: toPesos(beforeDiscount - discount),
  }
}
