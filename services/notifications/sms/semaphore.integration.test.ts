/**
 * Semaphore's send API (./semaphore.ts) against a local stand-in with its request and answer
 * shapes (https://api.semaphore.co/docs, "Sending Messages"): a form POST of apikey, number,
 * message and sendername, answered by an array of message objects. A success keeps the
 * message id and the part count on the outbox row; a refused number (422) is recorded as
 * undeliverable and not tried again; a 5xx is tried again after its back-off, not before.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceDeps } from '../../context.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase, silentLogger } from '../../testing.ts'
import {
  askDeliveries,
  deliverPending,
  enqueueMessage,
  latestMessagesFor,
  latestSmsDelivery,
  retryDelayMs,
} from '../outbox.ts'
import { createSemaphoreSender } from './semaphore.ts'

type Received = { method: string; contentType: string; form: Record<string, string> }
const received: Received[] = []
// What the stand-in answers next, by number: a status and a body.
const answers = new Map<string, Array<{ status: number; body: unknown }>>()
let nextId = 250000

// What the stand-in says of a sent message (GET /api/v4/messages/{id}), by id: Pending until set.
const statuses = new Map<string, string>()
const asked: Array<{ id: string; apikey: string | null }> = []

const server = http.createServer((request, response) => {
  const status = /^\/api\/v4\/messages\/(\d+)$/.exec(new URL(request.url!, 'http://stand-in').pathname)
  if (request.method === 'GET' && status) {
    const id = status[1]!
    asked.push({ id, apikey: new URL(request.url!, 'http://stand-in').searchParams.get('apikey') })
    if (statuses.get(id) === 'broken') {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<html>Bad gateway</html>')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    // Semaphore answers the message object (in an array, as its send answer).
    response.end(
      JSON.stringify([
        { message_id: Number(id), recipient: '639185550899', status: statuses.get(id) ?? 'Pending', network: 'Smart' },
      ]),
    )
    return
  }
  let raw = ''
  request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
  request.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(raw))
    received.push({ method: request.method!, contentType: request.headers['content-type'] ?? '', form })
    const queued = answers.get(form.number ?? '')?.shift()
    const id = ++nextId
    const answer = queued ?? {
      status: 200,
      // Semaphore's answer: one message object per recipient.
      body: [
        {
          message_id: id,
          user_id: 54321,
          user: 'ops@hibla.example.ph',
          account_id: 12345,
          account: 'Hibla',
          recipient: form.number,
          message: form.message,
          sender_name: form.sendername,
          network: 'Globe',
          status: 'Pending',
          type: 'Single',
          source: 'Api',
          created_at: '2026-11-29 12:00:00',
          updated_at: '2026-11-29 12:00:00',
        },
      ],
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.body))
  })
})

let database: DatabaseHandle
let url: string
beforeAll(async () => {
  database = await openTestDatabase()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4/messages`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await database?.close()
})

let clock = Date.parse('2026-11-29T04:00:00Z')
function deps(): ServiceDeps {
  const sender = createSemaphoreSender({ apiKey: 'test-api-key-0123', url, senderId: 'HIBLA' })
  const moment = new Date(clock)
  return { db: database.db, logger: silentLogger, productName: 'Hibla', now: () => moment, sender }
}
const sms = (recipient: string, body: string) =>
  enqueueMessage(database.db, { channel: 'sms', recipient, subject: 'Hibla code', body }, new Date(clock))
const rowFor = async (recipient: string) => (await latestMessagesFor(database.db, recipient, 1))[0]!

describe("Semaphore's send API", () => {
  it('posts the key, the number, the text and the sender name, and keeps the message id and part count', async () => {
    const body = `123456 is your Hibla code. ${'Never share it. '.repeat(10)}`.trim()
    await sms('+639185550801', body)
    expect(await deliverPending(deps())).toEqual({ sent: 1, failed: 0 })
    expect(received.at(-1)).toEqual({
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      form: { apikey: 'test-api-key-0123', number: '639185550801', message: body, sendername: 'HIBLA' },
    })
    expect(await rowFor('+639185550801')).toMatchObject({
      status: 'sent',
      providerMessageIds: [String(nextId)],
      segments: 2,
      body: null,
      delivery: null,
    })
  })

  it('records a number the gateway refuses (422) as undeliverable, and does not try it again', async () => {
    answers.set('639185550802', [{ status: 422, body: { number: ['The number format is invalid.'] } }])
    await sms('+639185550802', 'code 111111')
    expect(await deliverPending(deps())).toEqual({ sent: 0, failed: 1 })
    expect(await rowFor('+639185550802')).toMatchObject({
      status: 'failed',
      delivery: 'undeliverable',
      lastError: 'the SMS gateway refused the message (HTTP 422: number)',
      body: null,
    })
    expect(await latestSmsDelivery(database.db, '+639185550802')).toBe('undeliverable')
    clock += 60 * 60_000
    const before = received.length
    await deliverPending(deps())
    expect(received.slice(before).some((r) => r.form.number === '639185550802')).toBe(false)
  })

  it('retries, and does not blame the number for, a refusal of another field (an unapproved sender name)', async () => {
    answers.set('639185550806', [{ status: 422, body: { sendername: ['The selected sendername is invalid.'] } }])
    await sms('+639185550806', 'code 333333')
    expect(await deliverPending(deps())).toEqual({ sent: 0, failed: 1 })
    expect(await rowFor('+639185550806')).toMatchObject({
      status: 'pending',
      delivery: null,
      lastError: 'the SMS gateway refused the message (HTTP 422: sendername)',
    })
    expect(await latestSmsDelivery(database.db, '+639185550806')).toBeNull()
  })

  it('tries a message the gateway failed (5xx, or an answer of the wrong shape) again after its back-off, not before', async () => {
    answers.set('639185550803', [
      { status: 503, body: { message: 'Service Unavailable' } },
      { status: 200, body: { unexpected: true } },
    ])
    await sms('+639185550803', 'code 222222')
    const tries = () => received.filter((r) => r.form.number === '639185550803').length
    await deliverPending(deps())
    expect(await rowFor('+639185550803')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the SMS gateway answered HTTP 503',
      nextAttemptAt: new Date(clock + retryDelayMs(1)),
    })
    await deliverPending(deps())
    expect(tries()).toBe(1)
    clock += retryDelayMs(1)
    await deliverPending(deps())
    expect(tries()).toBe(2)
    expect(await rowFor('+639185550803')).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'the SMS gateway answered in an unexpected shape',
    })
    clock += retryDelayMs(2)
    expect(await deliverPending(deps())).toEqual({ sent: 1, failed: 0 })
    expect(await rowFor('+639185550803')).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
  })

  it('asks what became of a sent SMS (Semaphore sends no receipts): Sent is delivered, Failed undeliverable', async () => {
    // The earlier tests' messages are more than a day old now: no longer asked about.
    clock += 25 * 60 * 60_000
    await sms('+639185550807', 'code 444444')
    await sms('+639185550808', 'code 555555')
    await deliverPending(deps())
    const first = (await rowFor('+639185550807')).providerMessageIds![0]!
    const second = (await rowFor('+639185550808')).providerMessageIds![0]!
    // Still Pending at the gateway: nothing known, and not asked again before its wait.
    expect(await askDeliveries(deps())).toEqual({ asked: 2, settled: 0 })
    expect(asked.at(-1)).toEqual({ id: second, apikey: 'test-api-key-0123' })
    expect(await askDeliveries(deps())).toEqual({ asked: 0, settled: 0 })
    statuses.set(first, 'Sent')
    statuses.set(second, 'broken')
    clock += 60_000
    // A gateway that cannot answer leaves the message unknown, to be asked again later.
    expect(await askDeliveries(deps())).toEqual({ asked: 2, settled: 1 })
    expect(await rowFor('+639185550807')).toMatchObject({ status: 'sent', delivery: 'delivered' })
    expect(await rowFor('+639185550808')).toMatchObject({ status: 'sent', delivery: null })
    statuses.set(second, 'Failed')
    clock += 60_000
    expect(await askDeliveries(deps())).toEqual({ asked: 1, settled: 1 })
    expect(await latestSmsDelivery(database.db, '+639185550808')).toBe('undeliverable')
    // Settled messages, and those older than a day, are not asked about again.
    const before = asked.length
    clock += 2 * 24 * 60 * 60_000
    await sms('+639185550809', 'old')
    await deliverPending(deps())
    clock += 25 * 60 * 60_000
    expect(await askDeliveries(deps())).toEqual({ asked: 0, settled: 0 })
    expect(asked.length).toBe(before)
  })

  it('sends one number at most SMS_PER_NUMBER_PER_HOUR messages an hour, and gives back a try that failed', async () => {
    clock += 2 * 60 * 60_000
    const limited = (): ServiceDeps => ({ ...deps(), settings: { smsPerNumberPerHour: 2 } })
    // A failed try does not use up the allowance.
    answers.set('639185550804', [{ status: 500, body: {} }])
    await sms('+639185550804', 'first')
    await deliverPending(limited())
    clock += retryDelayMs(1)
    await deliverPending(limited())
    await sms('+63 918 555 0804', 'second')
    await sms('+639185550804', 'third')
    await deliverPending(limited())
    const rows = await latestMessagesFor(database.db, '+639185550804')
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ['failed', "not sent: the number's hourly SMS limit was reached"],
      ['sent', null],
    ])
    const spaced = await latestMessagesFor(database.db, '+63 918 555 0804')
    expect(spaced.map((row) => row.status)).toEqual(['sent'])
    // Another number is not affected; the next hour, this one may be sent to again.
    await sms('+639185550805', 'other')
    expect(await deliverPending(limited())).toEqual({ sent: 1, failed: 0 })
    clock += 60 * 60_000
    await sms('+639185550804', 'next hour')
    expect(await deliverPending(limited())).toEqual({ sent: 1, failed: 0 })
  })
})
