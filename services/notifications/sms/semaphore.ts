/**
 * SMS through Semaphore's send API (https://api.semaphore.co/docs, "Sending Messages"), a
 * common Philippine gateway: a form POST of apikey, number, message and sendername to
 * /api/v4/messages, answered by a JSON array with one message object per recipient
 * (message_id, recipient, status, network...). The gateway splits long texts and picks the
 * encoding itself; the row keeps how many parts the text takes (./encoding.ts).
 *
 * The answer is validated before use. A 400 or 422 that names the `number` field (or no field)
 * means the gateway refused the recipient: RecipientUnreachable, no retry. One naming another
 * field (an unapproved sender name) is retried, so an operator sees it, and no user is told
 * their number is unreachable for it. 401/403 (a wrong key), 429
 * and 5xx, a time-out or an answer of the wrong shape are failures a later try may cure:
 * the outbox backs off and tries again. Neither the key, the number nor the text is logged.
 */
import { z } from 'zod'
import type { DeliveryReport, MessageSender, OutgoingMessage } from '../../context.ts'
import { RecipientUnreachable } from '../sender.ts'
import { planSms } from './encoding.ts'

export const SEMAPHORE_API_URL = 'https://api.semaphore.co/api/v4/messages'

const SemaphoreMessage = z.looseObject({
  message_id: z.union([z.number().int(), z.string().min(1).max(100)]),
  status: z.string().max(50),
})
export const SemaphoreAnswer = z.array(SemaphoreMessage).min(1)
/** A refusal's body: the fields at fault, each with its messages. */
const RefusalFields = z.record(z.string().regex(/^\w{1,40}$/), z.unknown())

/**
 * A sent message as Semaphore answers for it (GET /api/v4/messages/{id}; one object, or an
 * array holding it). Its statuses: Queued and Pending (not yet handed on), Sent (handed to the
 * mobile network: the furthest Semaphore reports, as it has no handset receipts), Failed and
 * Refunded (not delivered, the credit given back).
 */
const SemaphoreStatus = z.union([SemaphoreMessage, z.array(SemaphoreMessage).min(1)])

export type SemaphoreOptions = {
  apiKey: string
  /** SEMAPHORE_API_URL: the send endpoint (a stand-in in tests). */
  url: string
  senderId: string
  timeoutMs?: number
  fetch?: typeof fetch
}

export function createSemaphoreSender(options: SemaphoreOptions): MessageSender {
  const doFetch = options.fetch ?? fetch
  /** One call to the gateway within the time limit; a network failure or time-out says so, `about` naming what was asked. */
  async function call(url: string | URL, init: RequestInit, about = ''): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) })
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error'
      throw new Error(`the SMS gateway did not answer${about} (${name})`)
    }
  }
  return {
    channels: ['sms'],
    async send(message: OutgoingMessage): Promise<DeliveryReport> {
      const form = new URLSearchParams({
        apikey: options.apiKey,
        // Semaphore takes 639XXXXXXXXX or 09XXXXXXXXX.
        number: message.recipient.replace(/[^\d]/g, ''),
        message: message.body,
        sendername: options.senderId,
      })
      const response = await call(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
      })
      if (response.status === 400 || response.status === 422) {
        // Its validation errors are keyed by the field at fault: only a refused `number` is the
        // recipient's; any other (an unapproved sender name) is ours, and retried. Keys only, never values.
        const fields = Object.keys(RefusalFields.safeParse(await response.json().catch(() => null)).data ?? {})
        const what = `the SMS gateway refused the message (HTTP ${response.status}${fields.length ? `: ${fields.slice(0, 5).join(', ')}` : ''})`
        if (fields.length === 0 || fields.includes('number')) throw new RecipientUnreachable(what)
        throw new Error(what)
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new Error(`the SMS gateway answered HTTP ${response.status}`)
      }
      const parsed = SemaphoreAnswer.safeParse(await response.json().catch(() => undefined))
      if (!parsed.success) throw new Error('the SMS gateway answered in an unexpected shape')
      const [sent] = parsed.data
      if (/^failed$/i.test(sent!.status)) throw new RecipientUnreachable('the SMS gateway reported the message failed')
      return { providerMessageIds: [String(sent!.message_id)], segments: planSms(message.body).parts.length }
    },

    async deliveryOf(providerMessageId: string) {
      if (!/^[\w-]{1,100}$/.test(providerMessageId)) throw new Error('not a Semaphore message id')
      const url = new URL(`${options.url.replace(/\/$/, '')}/${providerMessageId}`)
      url.searchParams.set('apikey', options.apiKey)
      const response = await call(url, { headers: { accept: 'application/json' } }, ' about a message')
      if (!response.ok) {
        await response.body?.cancel()
        throw new Error(`the SMS gateway answered HTTP ${response.status} about a message`)
      }
      const parsed = SemaphoreStatus.safeParse(await response.json().catch(() => undefined))
      if (!parsed.success) throw new Error('the SMS gateway answered about a message in an unexpected shape')
      const found = Array.isArray(parsed.data) ? parsed.data[0]! : parsed.data
      if (/^sent$/i.test(found.status)) return 'delivered'
      if (/^(failed|refunded)$/i.test(found.status)) return 'undeliverable'
      return null
    },
  }
}
