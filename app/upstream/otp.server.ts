/**
 * The ownership-proof calls (spec 7, OTP send and verify; services/otp/routes.ts), all as
 * the signed-in user. The proof under way is kept upstream, keyed to the user: the portal
 * asks for it on each page instead of carrying the account number in a URL or a cookie
 * (docs/security.md, Ownership proof).
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { UserAttributesSchema } from './identity.server'

export const OtpChannelSchema = z.enum(['email', 'mobile'])
export type OtpChannel = z.infer<typeof OtpChannelSchema>

export const PendingProofSchema = z.object({
  accountNumber: z.string(),
  contacts: z.array(z.object({ channel: OtpChannelSchema, masked: z.string() })),
  code: z
    .object({
      channel: OtpChannelSchema,
      maskedDestination: z.string(),
      emailHashValue: z.string(),
      expiresAt: z.iso.datetime(),
      state: z.enum(['live', 'expired', 'locked']),
      triesLeft: z.number().int(),
    })
    .nullable(),
})
export type PendingProof = z.infer<typeof PendingProofSchema>

const PendingAnswerSchema = envelope(PendingProofSchema)

export function otpCalls(client: UpstreamClient) {
  return {
    /** The proof under way for this user, or null. */
    pending: (accessToken: string) =>
      client.call({
        name: 'otp.pending',
        method: 'GET',
        path: '/otp/pending',
        accessToken,
        schema: envelope(PendingProofSchema.nullable()),
      }),

    /** Step 1: the account to prove (422 with spec 8's message for one that cannot be linked). */
    start: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'otp.start',
        method: 'POST',
        path: '/otp/start',
        body: { accountNumber },
        accessToken,
        schema: PendingAnswerSchema,
      }),

    cancel: (accessToken: string) =>
      client.call({
        name: 'otp.cancel',
        method: 'DELETE',
        path: '/otp/pending',
        accessToken,
        schema: envelope(z.object({ cancelled: z.literal(true) })),
      }),

    /** spec 7 OTP send: a new code to the chosen registered contact (429 past the limits). */
    send: (accessToken: string, channel: OtpChannel) =>
      client.call({
        name: 'otp.send',
        method: 'POST',
        path: '/otp/send',
        body: { channel },
        accessToken,
        schema: PendingAnswerSchema,
      }),

    /** spec 7 OTP verify: right, the account is linked and the user's attributes come back. */
    verify: (accessToken: string, otp: string, emailHashValue: string) =>
      client.call({
        name: 'otp.verify',
        method: 'POST',
        path: '/otp/verify',
        body: { otp, emailHashValue },
        accessToken,
        schema: envelope(UserAttributesSchema),
      }),
  }
}
