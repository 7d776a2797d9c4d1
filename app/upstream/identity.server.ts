/**
 * The identity calls (spec 7): a visitor's before signing in, a signed-in user's with
 * their access token (own attributes, unlink; linking is otp.server.ts), and the dev mailbox's outbox read
 * (docs/architecture.md, 9). Bodies use spec 3's field names; answers are parsed here.
 */
import { z } from 'zod'
import type { AttributesUpdate, Registration } from '../../lib/identity-schemas'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const EmailAnswerSchema = envelope(z.object({ email: z.string() }))

export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  // Null once delivered by a real sender: bodies carry live links.
  body: z.string().nullable(),
  status: z.string(),
  createdAt: z.iso.datetime(),
})
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>

/** A signed-in user's roles and spec 3 attributes after a change. */
export const UserAttributesSchema = z.object({
  roles: z.array(z.string()),
  accountNumber: z.array(z.string()),
  // Linked, ownership not yet proven (docs/security.md, Ownership proof); older upstreams send none.
  unverifiedAccountNumber: z.array(z.string()).default([]),
  activeAccountNumber: z.string().nullable(),
  displayCoachmarks: z.boolean(),
  displayWelcomeBanner: z.boolean(),
  displaySuccessRegistration: z.boolean(),
  agentCode: z.string().nullable(),
})
export type UserAttributes = z.infer<typeof UserAttributesSchema>
const UserAttributesAnswerSchema = envelope(UserAttributesSchema)

export function identityCalls(client: UpstreamClient) {
  return {
    /** 201 with the email; the same answer whether or not the email already has an account. */
    register: (registration: Registration, clientAddress?: string) =>
      client.call({
        name: 'identity.register',
        method: 'POST',
        path: '/users/registration',
        body: registration,
        clientAddress,
        schema: EmailAnswerSchema,
      }),

    resendActivation: (email: string, clientAddress?: string) =>
      client.call({
        name: 'identity.resendActivation',
        method: 'POST',
        path: '/users/resend-activation',
        body: { email },
        clientAddress,
        schema: EmailAnswerSchema,
      }),

    /** Consumes the one-time token; a 400 means the link is expired, used or unknown. */
    verifyEmail: (token: string) =>
      client.call({
        name: 'identity.verifyEmail',
        method: 'PATCH',
        path: '/users/verify-email',
        body: { token },
        schema: envelope(z.object({ verified: z.literal(true) })),
      }),

    requestPasswordReset: (email: string, clientAddress?: string) =>
      client.call({
        name: 'identity.requestPasswordReset',
        method: 'POST',
        path: '/users/password-reset',
        body: { email },
        clientAddress,
        schema: EmailAnswerSchema,
      }),

    /** spec 3: the reset body's access token is the emailed link's token. */
    resetPassword: (accessToken: string, newPassword: string) =>
      client.call({
        name: 'identity.resetPassword',
        method: 'PATCH',
        path: '/users/password-reset',
        body: { accessToken, newPassword },
        schema: envelope(z.object({ reset: z.literal(true) })),
      }),

    /** spec 4: the welcome banner, registration-success and tour flags, and the active account. */
    updateAttributes: (accessToken: string, update: AttributesUpdate) =>
      client.call({
        name: 'identity.updateAttributes',
        method: 'PATCH',
        path: '/users/me/attributes',
        body: update,
        accessToken,
        schema: UserAttributesAnswerSchema,
      }),

    /** Links another account number; a 422 carries spec 8's "cannot be linked" message. */
    unlinkAccount: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'identity.unlinkAccount',
        method: 'DELETE',
        path: '/users/me/accounts',
        body: { accountNumber },
        accessToken,
        schema: UserAttributesAnswerSchema,
      }),

    /** DEV_MAILBOX only: the newest outbox messages, to one recipient or to anyone. */
    devOutbox: (to?: string) =>
      client.call({
        name: 'notifications.devOutbox',
        method: 'GET',
        path: '/dev/outbox',
        query: { to },
        schema: envelope(z.array(OutboxMessageSchema)),
      }),
  }
}
