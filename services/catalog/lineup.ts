/**
 * DEMO DATA: a believable Philippine fibre line-up for a fresh installation (issue 9),
 * not any real provider's prices. Every row is seeded with `demo: true` and answered
 * so, and an operator replaces it by editing catalog.products. Plans start at the
 * advertised entry plan of ₱888 a month (spec 9).
 *
 * The plans' codes are also their product terms' codes (/terms-and-conditions?product=CODE):
 * the CMS seed builds the product terms from PLAN_LINEUP (services/cms/content/product-terms.ts),
 * so the two cannot drift apart.
 */
import type { CustomerCategory, ProductType } from '../../lib/catalog.ts'
import { formatPesos } from '../../lib/pesos.ts'

export type Faq = { question: string; answer: string }

export type LineupProduct = {
  code: string
  productType: ProductType
  /** Plans: FIBER or FIBER_TV; add-ons: ROUTERS or PAYTV; VAS: VOICE, STATIC_IP or SECURITY. */
  productCategory: string
  name: string
  description: string
  customerCategories: CustomerCategory[]
  /** Plans only. */
  speedMbps: number | null
  /** Pesos, VAT inclusive. */
  monthlyFee: number
  /** Pesos, once: a plan's installation, an add-on's device. */
  oneTimeFee: number
  /** Over how many monthly instalments the one-time fee may be paid; null: outright only. */
  staggerMonths: number | null
  inclusions: string[]
  bundles: string[]
  lockInMonths: number
  /** PSGC region codes where it is offered. */
  regions: string[]
  /** How many one cart may hold (plans: 1). */
  maxQuantity: number
  faqs: Faq[]
}

// PSGC region codes (services/address): NCR, CAR, Ilocos, Central Luzon, CALABARZON, Western Visayas, Central Visayas, Northern Mindanao, Davao.
const ALL_SERVED = ['13', '14', '01', '03', '04', '06', '07', '10', '11']
const METROS = ['13', '03', '04', '07', '11']
const MEGA_MANILA = ['13', '03', '04']

type PlanFacts = Pick<LineupProduct, 'code' | 'name' | 'description' | 'inclusions' | 'regions'> &
  Partial<Pick<LineupProduct, 'bundles' | 'productCategory' | 'staggerMonths' | 'lockInMonths' | 'oneTimeFee'>> & {
    speedMbps: number
    monthlyFee: number
  }

function planFaqs(p: LineupProduct): Faq[] {
  const faqs: Faq[] = [
    {
      question: `Is ${p.speedMbps} Mbps the speed I will get?`,
      answer: `Up to ${p.speedMbps} Mbps reaches your modem over a wired connection. Over Wi-Fi it depends on your device, walls and distance from the modem.`,
    },
    {
      question: 'Is there a data cap?',
      answer: 'No. Every plan is unlimited, with no data cap and no fair-use throttling.',
    },
    {
      question: 'How long is the lock-in period?',
      answer: `${p.lockInMonths} months from installation. Ending the subscription earlier incurs a pre-termination fee.`,
    },
    {
      question: 'How do I pay the installation fee?',
      answer:
        p.staggerMonths === null
          ? `The installation fee of ${formatPesos(p.oneTimeFee)} is paid outright on your first bill.`
          : `Outright on your first bill, or staggered over ${p.staggerMonths} monthly instalments added to your bills.`,
    },
  ]
  if (p.customerCategories.includes('SME')) {
    faqs.push({
      question: 'Can I apply as a sole proprietor?',
      answer: 'Yes. Sole proprietors upload at least 2 business documents; partnerships and corporations at least 3.',
    })
  }
  return faqs
}

function plan(category: CustomerCategory, facts: PlanFacts): LineupProduct {
  const product: LineupProduct = {
    productType: 'MAINLINE',
    productCategory: 'FIBER',
    customerCategories: [category],
    bundles: [],
    oneTimeFee: category === 'SME' ? 3500 : 2500,
    staggerMonths: category === 'SME' ? 6 : 12,
    lockInMonths: category === 'SME' ? 36 : 24,
    maxQuantity: 1,
    faqs: [],
    ...facts,
  }
  return { ...product, faqs: planFaqs(product) }
}

export const PLAN_LINEUP: LineupProduct[] = [
  plan('RES', {
    code: 'fiber-plan-888',
    name: 'Fiber Plan 888',
    description: 'Our entry plan: steady fibre for browsing, social media and a few screens.',
    speedMbps: 50,
    monthlyFee: 888,
    inclusions: [
      'Dual-band Wi-Fi modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
    ],
    regions: ALL_SERVED,
  }),
  plan('RES', {
    code: 'fiber-plan-1299',
    name: 'Fiber Plan 1299',
    description: 'For a family streaming and studying at the same time.',
    speedMbps: 100,
    monthlyFee: 1299,
    inclusions: [
      'Dual-band Wi-Fi modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
    ],
    regions: ALL_SERVED,
  }),
  plan('RES', {
    code: 'fiber-plan-1699',
    name: 'Fiber Plan 1699',
    description: 'Room for work-from-home calls, HD streaming and gaming in one home.',
    speedMbps: 200,
    monthlyFee: 1699,
    inclusions: [
      'Dual-band Wi-Fi 6 modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'One landline number with unlimited calls to local landlines',
    ],
    regions: ALL_SERVED,
  }),
  plan('RES', {
    code: 'fiber-tv-plan-1999',
    name: 'Fiber TV Plan 1999',
    productCategory: 'FIBER_TV',
    description: 'Fibre internet and pay TV on one bill.',
    speedMbps: 200,
    monthlyFee: 1999,
    inclusions: [
      'Dual-band Wi-Fi 6 modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
    ],
    bundles: ['Pay TV HD box with 80 channels, 20 of them in HD'],
    regions: MEGA_MANILA,
  }),
  plan('RES', {
    code: 'fiber-plan-2499',
    name: 'Fiber Plan 2499',
    description: 'For big households and home offices with many devices online in the evening.',
    speedMbps: 500,
    monthlyFee: 2499,
    inclusions: [
      'Wi-Fi 6 modem and one mesh extender, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'One landline number with unlimited calls to local landlines',
      'Priority customer care line',
    ],
    regions: METROS,
  }),
  plan('RES', {
    code: 'fiber-plan-3499',
    name: 'Fiber Plan 3499',
    description: 'A gigabit home: 4K streaming on every screen, game downloads in minutes.',
    speedMbps: 1000,
    monthlyFee: 3499,
    inclusions: [
      'Wi-Fi 6 modem and two mesh extenders, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'One landline number with unlimited calls to local landlines',
      'Priority customer care line',
    ],
    regions: ['13', '04', '07'],
  }),
  plan('SME', {
    code: 'sme-fiber-1899',
    name: 'Biz Fiber 1899',
    description: 'For a small shop or office: card terminals, cloud apps and a few workstations.',
    speedMbps: 100,
    monthlyFee: 1899,
    inclusions: [
      'Business-grade dual-band Wi-Fi modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'Business care hotline, 24/7',
    ],
    regions: METROS,
  }),
  plan('SME', {
    code: 'sme-fiber-2999',
    name: 'Biz Fiber 2999',
    description: 'For an office of up to twenty people on video calls and shared drives.',
    speedMbps: 300,
    monthlyFee: 2999,
    inclusions: [
      'Business-grade Wi-Fi 6 modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'Business care hotline, 24/7',
    ],
    regions: METROS,
  }),
  plan('SME', {
    code: 'sme-fiber-4999',
    name: 'Biz Fiber 4999',
    description: 'For busy offices that host their own services.',
    speedMbps: 500,
    monthlyFee: 4999,
    inclusions: [
      'Business-grade Wi-Fi 6 modem, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'Business care hotline, 24/7',
    ],
    bundles: ['One static IP address'],
    regions: ['13', '04', '07'],
  }),
  plan('SME', {
    code: 'sme-fiber-8999',
    name: 'Biz Fiber 8999',
    description: 'A gigabit for headquarters, with a service level agreement.',
    speedMbps: 1000,
    monthlyFee: 8999,
    oneTimeFee: 5000,
    staggerMonths: null,
    inclusions: [
      'Business-grade Wi-Fi 6 modem and two mesh extenders, on loan for the life of the subscription',
      'Free standard installation of up to 250 metres of fibre cable',
      'Service level agreement: repair within 8 hours',
      'Dedicated account manager',
    ],
    bundles: ['Five static IP addresses'],
    regions: ['13'],
  }),
]

function extra(
  facts: Omit<LineupProduct, 'speedMbps' | 'lockInMonths' | 'faqs' | 'bundles' | 'regions'> &
    Partial<Pick<LineupProduct, 'regions'>>,
): LineupProduct {
  return { speedMbps: null, lockInMonths: 0, faqs: [], bundles: [], regions: ALL_SERVED, ...facts }
}

export const ADD_ON_LINEUP: LineupProduct[] = [
  extra({
    code: 'mesh-wifi6-router',
    productType: 'ADDON',
    productCategory: 'ROUTERS',
    name: 'Mesh Wi-Fi 6 router',
    description: 'A mesh unit that carries fast Wi-Fi to far rooms and upper floors.',
    customerCategories: ['RES', 'SME'],
    monthlyFee: 0,
    oneTimeFee: 2999,
    staggerMonths: 12,
    inclusions: ['Set up by the installer on the day of installation'],
    maxQuantity: 3,
  }),
  extra({
    code: 'wifi6-router-ax3000',
    productType: 'ADDON',
    productCategory: 'ROUTERS',
    name: 'Wi-Fi 6 AX3000 router',
    description: 'A stronger main router for homes with many devices.',
    customerCategories: ['RES', 'SME'],
    monthlyFee: 0,
    oneTimeFee: 1999,
    staggerMonths: 12,
    inclusions: ['Set up by the installer on the day of installation'],
    maxQuantity: 2,
  }),
  extra({
    code: 'paytv-box-hd',
    productType: 'ADDON',
    productCategory: 'PAYTV',
    name: 'Pay TV HD box',
    description: '80 channels, 20 of them in HD, on one more TV.',
    customerCategories: ['RES'],
    monthlyFee: 299,
    oneTimeFee: 999,
    staggerMonths: 12,
    inclusions: ['Remote control and HDMI cable'],
    maxQuantity: 3,
    regions: MEGA_MANILA,
  }),
  extra({
    code: 'paytv-box-4k',
    productType: 'ADDON',
    productCategory: 'PAYTV',
    name: 'Pay TV 4K box',
    description: '120 channels with sports and movies in 4K.',
    customerCategories: ['RES'],
    monthlyFee: 499,
    oneTimeFee: 1499,
    staggerMonths: 12,
    inclusions: ['Remote control and HDMI cable'],
    maxQuantity: 3,
    regions: MEGA_MANILA,
  }),
  extra({
    code: 'vas-landline',
    productType: 'VAS',
    productCategory: 'VOICE',
    name: 'Landline',
    description: 'A landline number with unlimited calls to local landlines.',
    customerCategories: ['RES', 'SME'],
    monthlyFee: 200,
    oneTimeFee: 0,
    staggerMonths: null,
    inclusions: ['Cordless phone on loan'],
    maxQuantity: 1,
  }),
  extra({
    code: 'vas-family-safe',
    productType: 'VAS',
    productCategory: 'SECURITY',
    name: 'Family Safe',
    description: 'Blocks adult and harmful sites on every device at home.',
    customerCategories: ['RES'],
    monthlyFee: 99,
    oneTimeFee: 0,
    staggerMonths: null,
    inclusions: [],
    maxQuantity: 1,
  }),
  extra({
    code: 'vas-static-ip',
    productType: 'VAS',
    productCategory: 'STATIC_IP',
    name: 'Static IP address',
    description: 'One fixed public IP address for servers, cameras and VPNs.',
    customerCategories: ['SME'],
    monthlyFee: 500,
    oneTimeFee: 0,
    staggerMonths: null,
    inclusions: [],
    maxQuantity: 1,
  }),
  extra({
    code: 'vas-cyber-shield',
    productType: 'VAS',
    productCategory: 'SECURITY',
    name: 'Business Cyber Shield',
    description: 'Blocks malware and phishing sites for every device in the office.',
    customerCategories: ['SME'],
    monthlyFee: 399,
    oneTimeFee: 0,
    staggerMonths: null,
    inclusions: [],
    maxQuantity: 1,
  }),
]

export const LINEUP: LineupProduct[] = [...PLAN_LINEUP, ...ADD_ON_LINEUP]

/** Plan categories (productCategory of MAINLINE products) and how they are named. */
export const PLAN_CATEGORY_NAMES: Record<string, string> = {
  FIBER: 'Fibre internet',
  FIBER_TV: 'Fibre internet with pay TV',
}
