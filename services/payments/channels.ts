/**
 * The payment channels (spec 1, 3, 5, 9; issue 12): the six channel groups by spec 3's names,
 * the methods inside each (PayMongo's payment method types where a gateway collects the
 * money), the internet banking charge, the posting times, and the amount limits this portal
 * sets (docs/decisions/0042).
 */

export const CHANNEL_GROUP_CODES = [
  'CREDIT OR DEBIT CARD',
  'E-WALLETS',
  'INTERNET BANKING',
  'OVER THE COUNTER',
  'AUTHORIZED OUTLETS',
  'PAY VIA INSTALLER',
] as const
export type ChannelGroupCode = (typeof CHANNEL_GROUP_CODES)[number]

/** pending: at the gateway; awaiting_payment: a counter or outlet reference issued; authorised: paid but held for a check. */
export const PAYMENT_STATUSES = [
  'pending',
  'awaiting_payment',
  'authorised',
  'posted',
  'failed',
  'cancelled',
  'expired',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const PAYMENT_EVENT_KINDS = [
  'initiated',
  'authorised',
  'posted',
  'receipt_emailed',
  'failed',
  'cancelled',
] as const
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number]

/** How a group is paid: at the gateway's hosted page, with a reference at a counter, or to the installer. */
export type ChannelKind = 'online' | 'reference' | 'installer'

export type PaymentMethod = {
  /** The gateway's payment method type (card, gcash…) for online groups; our own code otherwise. */
  code: string
  name: string
}

export type ChannelGroup = {
  name: ChannelGroupCode
  kind: ChannelKind
  paymentMethods: PaymentMethod[]
  /** Added to the amount and charged to the payer (spec 9: internet banking, 15.00). Centavos. */
  serviceChargeCentavos: number
  /** spec 9: when the payment shows on the account. */
  postingTime: string
  /** What the payer should know (spec 9: authorized outlets take cash only, no checks). */
  notes: string[]
}

const ONLINE_POSTING = 'Posted to your account as soon as the payment is confirmed, usually within minutes.'
// spec 9: payment status updates in 2-3 working days (3 business days for channels).
const COUNTER_POSTING = 'Posted to your account in 2-3 working days (up to 3 business days for some channels).'

export const CHANNEL_GROUPS: readonly ChannelGroup[] = [
  {
    name: 'CREDIT OR DEBIT CARD',
    kind: 'online',
    paymentMethods: [{ code: 'card', name: 'Visa, MasterCard, JCB' }],
    serviceChargeCentavos: 0,
    postingTime: ONLINE_POSTING,
    notes: ['Visa, MasterCard and JCB credit and debit cards.'],
  },
  {
    name: 'E-WALLETS',
    kind: 'online',
    paymentMethods: [
      { code: 'gcash', name: 'GCash' },
      { code: 'paymaya', name: 'Maya' },
      { code: 'grab_pay', name: 'GrabPay' },
      { code: 'qrph', name: 'QR Ph' },
    ],
    serviceChargeCentavos: 0,
    postingTime: ONLINE_POSTING,
    notes: [],
  },
  {
    name: 'INTERNET BANKING',
    kind: 'online',
    paymentMethods: [{ code: 'dob', name: 'Online banking (BPI, UnionBank)' }],
    serviceChargeCentavos: 1500,
    postingTime: ONLINE_POSTING,
    notes: ['A service charge of ₱15.00 is added to the amount you pay.'],
  },
  {
    name: 'OVER THE COUNTER',
    kind: 'reference',
    paymentMethods: [
      { code: 'bdo', name: 'BDO' },
      { code: 'bpi', name: 'BPI' },
      { code: 'metrobank', name: 'Metrobank' },
      { code: 'security_bank', name: 'Security Bank' },
    ],
    serviceChargeCentavos: 0,
    postingTime: COUNTER_POSTING,
    notes: ['Pay at the bank’s counter with the payment reference on your slip.'],
  },
  {
    name: 'AUTHORIZED OUTLETS',
    kind: 'reference',
    paymentMethods: [
      { code: '7eleven', name: '7-Eleven' },
      { code: 'bayad_center', name: 'Bayad Center' },
      { code: 'cebuana', name: 'Cebuana Lhuillier' },
      { code: 'mlhuillier', name: 'M Lhuillier' },
    ],
    serviceChargeCentavos: 0,
    postingTime: COUNTER_POSTING,
    notes: ['Cash only, no checks.'],
  },
  {
    name: 'PAY VIA INSTALLER',
    kind: 'installer',
    paymentMethods: [{ code: 'installer_cash', name: 'Cash to the installer' }],
    serviceChargeCentavos: 0,
    postingTime: 'Posted when the installer hands in the collection, in 2-3 working days.',
    notes: ['For new applications: pay the installer in cash at installation.'],
  },
]

/** spec 5: with forceHidePaymentOptions the string 'true', only cards and e-wallets are offered. */
export function offeredGroups(forceHidePaymentOptions: string): ChannelGroup[] {
  const groups = [...CHANNEL_GROUPS]
  return forceHidePaymentOptions === 'true'
    ? groups.filter((group) => group.name === 'CREDIT OR DEBIT CARD' || group.name === 'E-WALLETS')
    : groups
}

export function channelGroup(name: ChannelGroupCode): ChannelGroup {
  return CHANNEL_GROUPS.find((group) => group.name === name)!
}

/**
 * The amounts a payment may be (docs/decisions/0042), in centavos: at least ₱20.00 (the
 * gateways' smallest charge) or a partial payment of the amount due; at most the amount due
 * plus ₱10,000.00 paid in advance, and never over ₱100,000.00 in one payment.
 */
export const PAYMENT_LIMITS = {
  minimumCentavos: 2_000,
  advanceCentavos: 1_000_000,
  ceilingCentavos: 10_000_000,
} as const

export function amountLimits(amountDueCentavos: number): { minimumCentavos: number; maximumCentavos: number } {
  return {
    minimumCentavos: PAYMENT_LIMITS.minimumCentavos,
    maximumCentavos: Math.min(
      PAYMENT_LIMITS.ceilingCentavos,
      Math.max(0, amountDueCentavos) + PAYMENT_LIMITS.advanceCentavos,
    ),
  }
}

/** How long a counter or outlet reference is accepted. */
export const REFERENCE_LIFE_DAYS = 7
