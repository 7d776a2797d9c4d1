import type { TermsConditions } from './types.ts'

/** Product terms by product code (GET /cms/product-terms-and-conditions?product=…). */
type PlanFacts = { name: string; speed: number; fee: string; inclusions: string[] }

function planTerms({ name, speed, fee, inclusions }: PlanFacts): TermsConditions {
  return {
    title: `${name} Terms and Conditions`,
    last_updated_date: '2020-07-27',
    headingDescriptionList: [
      {
        heading: 'Plan',
        description: `<p>${name} is a residential fibre internet plan of {product} with speeds of up to <strong>${speed} Mbps</strong> and no data cap. It is available only at addresses where our fibre network is serviceable.</p>`,
      },
      {
        heading: 'Monthly service fee',
        description: `<p>The monthly service fee is <strong>₱${fee}</strong>, inclusive of VAT, billed in advance. Your first bill includes the pro-rated fee from the day of installation.</p>`,
      },
      {
        heading: 'Inclusions',
        description: `<ul>${inclusions.map((item) => `<li>${item}</li>`).join('')}</ul>`,
      },
      {
        heading: 'Installation',
        description:
          '<p>The installation fee is ₱2,500.00, which you may pay outright on your first bill or in twelve (12) monthly instalments of ₱208.33 (staggered). Unbilled instalments become due at once if the subscription ends early.</p>',
      },
      {
        heading: 'Lock-in period',
        description: `<p>${name} has a lock-in period of twenty-four (24) months from installation. Ending the subscription earlier incurs the pre-termination fee described in the general <a href="/terms-and-conditions">Terms and Conditions</a>.</p>`,
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

export const productTerms: Record<string, TermsConditions> = {
  'fiber-plan-888': planTerms({
    name: 'Fiber Plan 888',
    speed: 50,
    fee: '888.00',
    inclusions: [
      'Dual-band Wi-Fi modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
    ],
  }),
  'fiber-plan-1699': planTerms({
    name: 'Fiber Plan 1699',
    speed: 200,
    fee: '1,699.00',
    inclusions: [
      'Dual-band Wi-Fi 6 modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'One landline number with unlimited calls to local landlines',
    ],
  }),
  'fiber-plan-2499': planTerms({
    name: 'Fiber Plan 2499',
    speed: 500,
    fee: '2,499.00',
    inclusions: [
      'Wi-Fi 6 modem and one mesh extender, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'One landline number with unlimited calls to local landlines',
      'Priority customer care line',
    ],
  }),
}
