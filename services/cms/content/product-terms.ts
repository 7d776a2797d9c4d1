/**
 * Product terms by product code (GET /cms/product-terms-and-conditions?product=…), one for
 * every plan of the catalogue's line-up (services/catalog/lineup.ts) and built from its
 * facts, so a plan's code is its terms' code and the fees agree (issue 9).
 */
import { formatPesos, instalmentsOf, toCentavos } from '../../../lib/catalog.ts'
import { PLAN_LINEUP, type LineupProduct } from '../../catalog/lineup.ts'
import type { TermsConditions } from './types.ts'

const NUMBER_WORDS: Record<number, string> = { 6: 'six', 12: 'twelve', 24: 'twenty-four', 36: 'thirty-six' }
const counted = (n: number) => (NUMBER_WORDS[n] ? `${NUMBER_WORDS[n]} (${n})` : String(n))

function installationText(plan: LineupProduct): string {
  const fee = formatPesos(plan.oneTimeFee)
  if (plan.staggerMonths === null) return `<p>The installation fee is ${fee}, paid outright on your first bill.</p>`
  const { months, amount, lastAmount } = instalmentsOf(toCentavos(plan.oneTimeFee), plan.staggerMonths)
  const last = lastAmount === amount ? '' : ` (the last one ${formatPesos(lastAmount)})`
  return `<p>The installation fee is ${fee}, which you may pay outright on your first bill or in ${counted(months)} monthly instalments of ${formatPesos(amount)}${last} (staggered). Unbilled instalments become due at once if the subscription ends early.</p>`
}

export function planTerms(plan: LineupProduct): TermsConditions {
  const { name, speedMbps: speed } = plan
  const kind = plan.customerCategories.includes('SME') ? 'business' : 'residential'
  const included = [...plan.inclusions, ...plan.bundles]
  return {
    title: `${name} Terms and Conditions`,
    last_updated_date: '2020-07-27',
    headingDescriptionList: [
      {
        heading: 'Plan',
        description: `<p>${name} is a ${kind} fibre internet plan of {product} with speeds of up to <strong>${speed} Mbps</strong> and no data cap. It is available only at addresses where our fibre network is serviceable.</p>`,
      },
      {
        heading: 'Monthly service fee',
        description: `<p>The monthly service fee is <strong>${formatPesos(plan.monthlyFee)}</strong>, inclusive of VAT, billed in advance. Your first bill includes the pro-rated fee from the day of installation.</p>`,
      },
      {
        heading: 'Inclusions',
        description: `<ul>${included.map((item) => `<li>${item}</li>`).join('')}</ul>`,
      },
      { heading: 'Installation', description: installationText(plan) },
      {
        heading: 'Lock-in period',
        description: `<p>${name} has a lock-in period of ${counted(plan.lockInMonths)} months from installation. Ending the subscription earlier incurs the pre-termination fee described in the general <a href="/terms-and-conditions">Terms and Conditions</a>.</p>`,
      },
      {
        heading: 'Speed',
        description: `<p>Up to ${speed} Mbps is the maximum download and upload speed to your modem over a wired connection. Wi-Fi speeds depend on your devices, walls and distance from the modem.</p>`,
      },
      {
        heading: 'General terms',
        description:
          '<p>These product terms form part of the general <a href="/terms-and-conditions">Terms and Conditions</a> of {product}. Where the two differ, these product terms apply to this plan.</p>',
      },
    ],
  }
}

export const productTerms: Record<string, TermsConditions> = Object.fromEntries(
  PLAN_LINEUP.map((plan) => [plan.code, planTerms(plan)]),
)
