/**
 * SMS over SMPP 3.4 (docs/operations.md, SMS), the protocol Philippine telcos and
 * aggregators speak, with the `smpp` npm package's client. One session per process:
 * - bound as a transceiver (submits out, delivery receipts in) or a transmitter (submits
 *   only: the receipts then go to whatever receiver binds the account);
 * - kept alive with enquire_link every SMPP_ENQUIRE_LINK_SECONDS; a link left unanswered
 *   that long is taken for dead and dropped;
 * - reconnected after any drop or refused bind, waiting 1 s, then doubling up to 60 s;
 * - each part a submit_sm asking for a delivery receipt (registered_delivery 1), long texts
 *   split with a concatenation header (./encoding.ts);
 * - delivery receipts (deliver_sm with the receipt bit of esm_class) are answered and handed
 *   to `onReceipt` with the message id they name and what became of the message.
 * Numbers and texts are never logged; only the session's state and SMPP status codes.
 */
import type { Logger } from 'pino'
import smpp from 'smpp'
import type { DeliveryReport, MessageSender, OutgoingMessage } from '../../context.ts'
import type { ReceiptOutcome } from '../outbox.ts'
import { RecipientUnreachable } from '../sender.ts'
import { DATA_CODING, concatenationHeader, encodePart, newConcatenationReference, planSms } from './encoding.ts'

export type SmppOptions = {
  /** smpp://host:port, or ssmpp:// for TLS. */
  url: string
  systemId: string
  password: string
  systemType?: string
  bind: 'transceiver' | 'transmitter'
  /** What the handset shows as the sender: up to 11 letters and digits, or a number. */
  senderId: string
  enquireLinkMs: number
  logger: Logger
  /** A delivery receipt arrived: the id the SMSC gave a part, and its outcome; false when no message has that id. */
  onReceipt?: (providerMessageId: string, outcome: ReceiptOutcome) => Promise<boolean | void>
  /** How long a send waits for a bound session, and for each submit_sm_resp (default 15 s). */
  submitTimeoutMs?: number
  /** Back-off between reconnections (default 1 s doubling to 60 s; tests shorten it). */
  reconnectMs?: { initial: number; max: number }
}

export type SmppSender = MessageSender & {
  /** Resolves once the session is bound (tests; start-up does not wait for it). */
  bound(): Promise<void>
  close(): Promise<void>
}

// SMPP command_status values that mean the destination itself is wrong: no retry helps.
const REFUSED_DESTINATION = new Set([
  0x0b, // ESME_RINVDSTADR: invalid destination address
  0x33, // ESME_RINVNUMDESTS
  0x50, // ESME_RINVDSTTON
  0x51, // ESME_RINVDSTNPI
])

// TLV message_state values and receipt `stat:` words (SMPP 3.4, 5.2.28 and appendix B).
const STATE_OUTCOME: Record<number, ReceiptOutcome | undefined> = {
  2: 'delivered',
  3: 'undeliverable',
  5: 'undeliverable',
  8: 'undeliverable',
}
const STAT_OUTCOME: Record<string, ReceiptOutcome | undefined> = {
  DELIVRD: 'delivered',
  EXPIRED: 'undeliverable',
  UNDELIV: 'undeliverable',
  REJECTD: 'undeliverable',
}

const ESM_CLASS_RECEIPT = 0x04
const ESM_CLASS_UDHI = 0x40

/** An alphanumeric sender id (TON 5) or a number (international TON 1, or national/short code TON 0). */
function sourceAddress(senderId: string) {
  if (/^\+?\d+$/.test(senderId)) {
    const international = senderId.startsWith('+') || senderId.startsWith('63')
    return { source_addr: senderId.replace(/^\+/, ''), source_addr_ton: international ? 1 : 0, source_addr_npi: 1 }
  }
  return { source_addr: senderId, source_addr_ton: 5, source_addr_npi: 0 }
}

/** A delivery receipt's message id and outcome, from its TLVs or, failing them, its text (SMPP 3.4 appendix B). */
export function readReceipt(pdu: smpp.PDU): { id: string; outcome: ReceiptOutcome | undefined } | null {
  const raw = pdu.short_message as { message?: unknown } | Buffer | string | undefined
  const text =
    typeof raw === 'string'
      ? raw
      : Buffer.isBuffer(raw)
        ? raw.toString('latin1')
        : typeof raw?.message === 'string'
          ? raw.message
          : Buffer.isBuffer(raw?.message)
            ? raw.message.toString('latin1')
            : ''
  const id = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : /\bid:(\S+)/i.exec(text)?.[1]
  if (!id) return null
  const state = typeof pdu.message_state === 'number' ? STATE_OUTCOME[pdu.message_state] : undefined
  const stat = /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase()
  return { id, outcome: state ?? (stat ? STAT_OUTCOME[stat] : undefined) }
}

export function createSmppSender(options: SmppOptions): SmppSender {
  const { logger } = options
  const submitTimeoutMs = options.submitTimeoutMs ?? 15_000
  const backoff = options.reconnectMs ?? { initial: 1_000, max: 60_000 }
  let session: smpp.Session | null = null
  let isBound = false
  let closing = false
  let failures = 0
  let reconnectTimer: NodeJS.Timeout | undefined
  let keepAliveTimer: NodeJS.Timeout | undefined
  let waiters: Array<() => void> = []
  // Submits waiting for their response, failed at once when the session drops.
  const inFlight = new Set<(error: Error) => void>()

  function connect() {
    if (closing) return
    const current = smpp.connect({ url: options.url })
    session = current
    current.on('connect', () => {
      const bind = options.bind === 'transceiver' ? current.bind_transceiver : current.bind_transmitter
      bind.call(
        current,
        {
          system_id: options.systemId,
          password: options.password,
          ...(options.systemType ? { system_type: options.systemType } : {}),
          interface_version: 0x34,
        },
        (pdu) => {
          if (pdu.command_status !== 0) {
            logger.error({ status: pdu.command_status, bind: options.bind }, 'SMPP bind refused')
            current.destroy()
            return
          }
          failures = 0
          isBound = true
          logger.info({ bind: options.bind }, 'SMPP session bound')
          keepAlive(current)
          const ready = waiters
          waiters = []
          for (const resolve of ready) resolve()
        },
      )
    })
    current.on('deliver_sm', (pdu: smpp.PDU) => {
      current.send(pdu.response())
      if (!(Number(pdu.esm_class) & ESM_CLASS_RECEIPT)) return // a mobile-originated message: not ours to read
      const receipt = readReceipt(pdu)
      if (!receipt?.outcome) return
      options
        .onReceipt?.(receipt.id, receipt.outcome)
        .then((found) => {
          if (found === false) logger.info({ outcome: receipt.outcome }, 'SMPP delivery receipt for an unknown message')
        })
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'SMPP delivery receipt not recorded')
        })
    })
    current.on('enquire_link', (pdu: smpp.PDU) => current.send(pdu.response()))
    current.on('unbind', (pdu: smpp.PDU) => {
      current.send(pdu.response())
      current.close()
    })
    current.on('error', (error: Error & { code?: string }) => {
      // Network errors only (refused, reset, timed out): they name the host, never a number.
      logger.warn({ code: error.code, message: error.message }, 'SMPP connection error')
    })
    current.on('close', () => {
      if (session !== current) return
      session = null
      isBound = false
      clearInterval(keepAliveTimer)
      for (const fail of inFlight) fail(new Error('the SMPP session closed before the SMSC answered'))
      inFlight.clear()
      if (closing) return
      const delay = Math.min(backoff.initial * 2 ** failures, backoff.max)
      failures++
      logger.warn({ reconnectInMs: delay, failures }, 'SMPP session closed; reconnecting')
      reconnectTimer = setTimeout(connect, delay)
    })
  }

  /** enquire_link every period; a link whose last one is still unanswered at the next is dropped (and reconnected). */
  function keepAlive(current: smpp.Session) {
    let answered = true
    clearInterval(keepAliveTimer)
    keepAliveTimer = setInterval(() => {
      if (!answered) {
        logger.warn('SMPP enquire_link unanswered; dropping the session')
        current.destroy()
        return
      }
      answered = false
      current.enquire_link(() => {
        answered = true
      })
    }, options.enquireLinkMs)
    keepAliveTimer.unref()
  }

  function whenBound(): Promise<smpp.Session> {
    if (isBound && session) return Promise.resolve(session)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters = waiters.filter((waiter) => waiter !== ready)
        reject(new Error('no SMPP session is bound (the SMSC is unreachable or refuses the bind)'))
      }, submitTimeoutMs)
      const ready = () => {
        clearTimeout(timer)
        resolve(session!)
      }
      waiters.push(ready)
    })
  }

  function submit(current: smpp.Session, fields: Record<string, unknown>): Promise<string> {
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer)
        inFlight.delete(fail)
        reject(error)
      }
      const timer = setTimeout(() => fail(new Error('the SMSC did not answer submit_sm in time')), submitTimeoutMs)
      inFlight.add(fail)
      const written = current.submit_sm(fields, (pdu) => {
        clearTimeout(timer)
        inFlight.delete(fail)
        if (pdu.command_status === 0) return resolve(String(pdu.message_id))
        const status = `0x${pdu.command_status.toString(16).padStart(8, '0')}`
        if (REFUSED_DESTINATION.has(pdu.command_status))
          reject(new RecipientUnreachable(`the SMSC refused the destination (SMPP status ${status})`))
        else reject(new Error(`the SMSC refused the message (SMPP status ${status})`))
      })
      if (!written) fail(new Error('the SMPP session is not writable'))
    })
  }

  async function send(message: OutgoingMessage): Promise<DeliveryReport> {
    const current = await whenBound()
    const plan = planSms(message.body)
    const reference = newConcatenationReference()
    const ids: string[] = []
    for (const [index, text] of plan.parts.entries()) {
      const bytes = encodePart(text, plan.encoding)
      const long = plan.parts.length > 1
      ids.push(
        await submit(current, {
          ...sourceAddress(options.senderId),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          destination_addr: message.recipient.replace(/[^\d]/g, ''),
          esm_class: long ? ESM_CLASS_UDHI : 0,
          data_coding: DATA_CODING[plan.encoding],
          registered_delivery: 1,
          short_message: long
            ? Buffer.concat([concatenationHeader(reference, plan.parts.length, index + 1), bytes])
            : bytes,
        }),
      )
    }
    return { providerMessageIds: ids, segments: plan.parts.length }
  }

  connect()

  return {
    channels: ['sms'],
    send,
    async bound() {
      await whenBound()
    },
    async close() {
      closing = true
      clearTimeout(reconnectTimer)
      clearInterval(keepAliveTimer)
      const current = session
      if (!current) return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => current.destroy(() => resolve()), 2_000)
        const closed = () => {
          clearTimeout(timer)
          resolve()
        }
        if (isBound) current.unbind(() => current.close(closed))
        else current.destroy(closed)
      })
    },
  }
}
