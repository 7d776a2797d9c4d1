/**
 * The consent calls (issue 11 item 6; services/consent/routes.ts), as the signed-in user:
 * their consents with purpose, state and history, and the change of one.
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const ConsentStateSchema = z.enum(['given', 'withdrawn'])
export type ConsentState = z.infer<typeof ConsentStateSchema>

export const ConsentSchema = z.object({
  name: z.string(),
  title: z.string(),
  purpose: z.string(),
  state: z.enum(['given', 'withdrawn', 'not_given']),
  changedAt: z.iso.datetime().nullable(),
  channel: z.string().nullable(),
  history: z.array(z.object({ state: ConsentStateSchema, at: z.iso.datetime(), channel: z.string() })),
})
export type Consent = z.infer<typeof ConsentSchema>

const ConsentsAnswerSchema = envelope(z.object({ consents: z.array(ConsentSchema) }))

export function consentCalls(client: UpstreamClient) {
  return {
    list: (accessToken: string) =>
      client.call({
        name: 'consent.list',
        method: 'GET',
        path: '/consents',
        accessToken,
        schema: ConsentsAnswerSchema,
      }),

    /** Records the change with this request's channel; answers the consents as they now stand. */
    change: (accessToken: string, consentName: string, state: ConsentState) =>
      client.call({
        name: 'consent.change',
        method: 'POST',
        path: '/consents',
        body: { consentName, state },
        accessToken,
        schema: ConsentsAnswerSchema,
      }),
  }
}
