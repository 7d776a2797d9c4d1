/**
 * The concern types, sub-types and after-sales types of a Philippine fibre provider (spec 7,
 * Support). Reference data, seeded on every installation (not demo data); an operator edits
 * support.ticket_types to match their back office. Inserted only where missing. The help
 * answers (services/cms/content/help.ts) name some of these, e.g. "Technical > Slow browsing".
 */
import type { Database } from '../db/client.ts'
import { ticketTypes } from './tables.ts'

type TypeSeed = { code: string; name: string; subTypes?: { code: string; name: string }[] }

export const CONCERN_TYPE_SEEDS: TypeSeed[] = [
  {
    code: 'technical',
    name: 'Technical',
    subTypes: [
      { code: 'no-internet', name: 'No internet connection' },
      { code: 'slow-browsing', name: 'Slow browsing' },
      { code: 'intermittent', name: 'Intermittent connection' },
      { code: 'wifi-problem', name: 'Wi-Fi problem (password, cannot connect)' },
      { code: 'modem-lights', name: 'Modem lights (LOS red, no power)' },
    ],
  },
  {
    code: 'billing',
    name: 'Billing',
    subTypes: [
      { code: 'incorrect-bill', name: 'Incorrect bill amount' },
      { code: 'payment-not-posted', name: 'Payment not posted' },
      { code: 'statement-request', name: 'Statement of account request' },
      { code: 'autopay-problem', name: 'AutoPay problem' },
    ],
  },
  {
    code: 'account',
    name: 'Account',
    subTypes: [
      { code: 'change-info', name: 'Change of account information' },
      { code: 'disconnection', name: 'Disconnection request' },
      { code: 'transfer-ownership', name: 'Transfer of ownership' },
    ],
  },
  {
    code: 'service',
    name: 'Service and installation',
    subTypes: [
      { code: 'installer-feedback', name: 'Feedback about a technician or installer' },
      { code: 'installation-delay', name: 'Installation delay' },
      { code: 'other', name: 'Other concern' },
    ],
  },
]

export const AFTER_SALES_TYPE_SEEDS: TypeSeed[] = [
  { code: 'repair', name: 'Repair request (technician visit)' },
  { code: 'modem-replacement', name: 'Modem replacement' },
  { code: 'relocation', name: 'Relocation (transfer of service)' },
  { code: 'modem-relocation', name: 'Modem relocation within the premises' },
  { code: 'change-plan', name: 'Change of plan' },
]

export function ticketTypeRows() {
  const concern = CONCERN_TYPE_SEEDS.flatMap((type, position) => [
    { code: type.code, kind: 'concern' as const, parentCode: null, name: type.name, position },
    // Sub-type codes are unique across types: the parent's code comes first.
    ...(type.subTypes ?? []).map((sub, subPosition) => ({
      code: `${type.code}-${sub.code}`,
      kind: 'concern' as const,
      parentCode: type.code,
      name: sub.name,
      position: subPosition,
    })),
  ])
  const afterSales = AFTER_SALES_TYPE_SEEDS.map((type, position) => ({
    code: type.code,
    kind: 'after_sales' as const,
    parentCode: null,
    name: type.name,
    position,
  }))
  return [...concern, ...afterSales]
}

export async function seedSupport(db: Database): Promise<Record<string, number>> {
  const added = await db
    .insert(ticketTypes)
    .values(ticketTypeRows())
    .onConflictDoNothing({ target: ticketTypes.code })
    .returning({ code: ticketTypes.code })
  return { ticketTypes: added.length }
}
