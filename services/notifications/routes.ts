/**
 * The dev mailbox's read side (docs/architecture.md, 9): without SMTP, emails stay in the outbox
 * and this call shows them, so one machine can finish a registration. It exposes live
 * verification and reset links, so it exists only while DEV_MAILBOX is on; otherwise
 * the path is unknown (404), like any call the gateway does not serve.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { MailboxRecipientSchema } from '../../lib/identity-schemas.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { errorEnvelope, ok, ServiceError } from '../errors.ts'
import { latestMessages, latestMessagesFor } from './outbox.ts'

const OutboxQuerySchema = z.object({ to: MailboxRecipientSchema.optional() })

export function notificationRoutes(deps: ServiceDeps) {
  const app = new Hono()
  const enabled = settingsOf(deps).devMailbox

  app.get('/dev/outbox', async (c) => {
    if (!enabled) return c.json(errorEnvelope('not_found', 'No such upstream call.', null), 404)
    const parsed = OutboxQuerySchema.safeParse({ to: c.req.query('to') || undefined })
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message
      throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', { to: [message] })
    }
    const rows = parsed.data.to ? await latestMessagesFor(deps.db, parsed.data.to) : await latestMessages(deps.db)
    c.header('cache-control', 'no-store')
    return c.json(
      ok(
        rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      ),
    )
  })

  return app
}
