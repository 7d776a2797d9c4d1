/**
 * The customer's dashboard in one call (issue 35, item 2; services/dashboard/routes.ts), as
 * the signed-in user: the subscription, the payment details, the credits pending, the outage in the account's
 * area, and the modem with its Wi-Fi, each answered on its own. Before, they were four calls.
 */
import { z } from 'zod'
import { PaymentDetailsSchema, PendingCreditSchema } from './billing.server'
import type { UpstreamClient } from './client.server'
import { ModemSchema, OutageSchema, SubscriptionSchema, WifiSchema } from './devices.server'
import { envelope } from './envelope'
import { NoInternetOfferSchema } from './repairs.server'
import { UpstreamError } from './errors'

/** One part of a call that answers several: its value, or that part's own refusal. */
const partOf = <T extends z.ZodType>(schema: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: schema }),
    z.object({
      ok: z.literal(false),
      error: z.object({ code: z.string(), message: z.string(), status: z.number().int() }),
    }),
  ])

export const DashboardSchema = z.object({
  subscription: partOf(SubscriptionSchema),
  paymentDetails: partOf(PaymentDetailsSchema),
  /** The credits the next bill will take (docs/decisions/0076); a gateway that does not answer them shows none. */
  credits: partOf(z.array(PendingCreditSchema).max(50)).optional(),
  outage: partOf(OutageSchema.nullable()),
  modem: partOf(ModemSchema.extend({ wifi: WifiSchema.nullable() })),
  // issue 37, item 6: REPORT NO INTERNET.
  noInternet: partOf(NoInternetOfferSchema),
})
export type Dashboard = z.infer<typeof DashboardSchema>

/** One part as the upstream answers it (partOf's shape). */
export type UpstreamPart<T> =
  { ok: true; value: T } | { ok: false; error: { code: string; message: string; status: number } }

/**
 * A part as its own call would have answered: its value, or an UpstreamError of the part's
 * own status (a 5xx is 'unavailable', a 4xx 'rejected'), named after that call.
 */
export function partAnswer<T>(
  part: UpstreamPart<T>,
  call: string,
): { ok: true; value: T } | { ok: false; error: UpstreamError } {
  if (part.ok) return part
  const { status, message } = part.error
  const kind = status >= 500 ? 'unavailable' : 'rejected'
  return { ok: false, error: new UpstreamError(kind, call, '', `${call}: ${status}`, status, message) }
}

export function dashboardCalls(client: UpstreamClient) {
  return {
    /** The dashboard's cards of one of the caller's accounts; a refused account is the whole call's 403. */
    cards: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'dashboard.cards',
        method: 'POST',
        path: '/v1/dashboard',
        body: { accountNumber },
        accessToken,
        schema: envelope(DashboardSchema),
      }),
  }
}
