import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceDeps } from '../context.ts'
import { createIdentityService } from '../identity/service.ts'
import { openTestDatabase, silentLogger } from '../testing.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { eq } from 'drizzle-orm'
import {
  MAX_DELIVERY_ATTEMPTS,
  SENDING_LEASE_MS,
  deliverPending,
  enqueueMessage,
  latestMessagesFor,
  retryDelayMs,
} from './outbox.ts'
import { createSmtpSender, type MessageSender, type OutgoingMessage } from './sender.ts'
import { outbox } from './tables.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

const at = (iso: string) => new Date(iso)
function depsWith(sender?: MessageSender): ServiceDeps {
  return { db: database.db, logger: silentLogger, productName: 'Hibla', now: () => at('2025-03-03T02:00:00Z'), sender }
}
const message = (recipient: string, subject = 'Hello'): OutgoingMessage => ({
  channel: 'email',
  recipient,
  subject,
  body: `Body for ${recipient}`,
})

class RecordingSender implements MessageSender {
  readonly channels = ['email'] as const
  sent: OutgoingMessage[] = []
  fail = false
  async send(m: OutgoingMessage) {
    if (this.fail) throw new Error('mail server said no')
    this.sent.push(m)
  }
}

describe('outbox', () => {
  it('keeps messages pending when no sender is configured, newest first per recipient', async () => {
    await enqueueMessage(database.db, message('keep@example.com', 'first'), at('2025-03-03T01:00:00Z'))
    await enqueueMessage(database.db, message('Keep@Example.com', 'second'), at('2025-03-03T01:05:00Z'))
    await enqueueMessage(database.db, message('other@example.com'), at('2025-03-03T01:06:00Z'))
    expect(await deliverPending(depsWith())).toEqual({ sent: 0, failed: 0 })
    const list = await latestMessagesFor(database.db, 'keep@example.com')
    expect(list.map((m) => [m.subject, m.status])).toEqual([
      ['second', 'pending'],
      ['first', 'pending'],
    ])
  })

  it('delivers through the sender once, then drops the body that carried the link', async () => {
    const sender = new RecordingSender()
    await enqueueMessage(database.db, message('deliver@example.com'), at('2025-03-03T01:10:00Z'))
    const deps = depsWith(sender)
    await Promise.all([deliverPending(deps), deliverPending(deps)]) // two deliverers at once
    expect(sender.sent.filter((m) => m.recipient === 'deliver@example.com')).toHaveLength(1)
    const [row] = await latestMessagesFor(database.db, 'deliver@example.com')
    expect(row).toMatchObject({ status: 'sent', body: null, attempts: 1 })
    expect(row!.sentAt).toEqual(at('2025-03-03T02:00:00Z'))
  })

  it('keeps a message that failed to send for another try, and gives up after the last attempt', async () => {
    const sender = new RecordingSender()
    sender.fail = true
    await enqueueMessage(database.db, message('bounce@example.com'), at('2025-03-03T01:20:00Z'))
    await deliverPending(depsWith(sender))
    let [row] = await latestMessagesFor(database.db, 'bounce@example.com')
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server said no' })
    expect(row!.body).toContain('Body for')
    // Backed off: not tried again before its delay (30 s, then doubling), kept on the row.
    expect(row!.nextAttemptAt).toEqual(new Date(at('2025-03-03T02:00:00Z').getTime() + retryDelayMs(1)))
    await deliverPending(depsWith(sender))
    ;[row] = await latestMessagesFor(database.db, 'bounce@example.com')
    expect(row!.attempts).toBe(1)
    let clock = at('2025-03-03T02:00:00Z').getTime()
    for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) {
      clock += retryDelayMs(i)
      const moment = new Date(clock)
      await deliverPending({ ...depsWith(sender), now: () => moment })
    }
    ;[row] = await latestMessagesFor(database.db, 'bounce@example.com')
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS })
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000])
  })

  it('takes over a message whose deliverer stopped mid-delivery once the lease has passed, not before', async () => {
    // now() is 02:00; the lease is 10 minutes.
    expect(SENDING_LEASE_MS).toBe(10 * 60_000)
    const claimedBy = async (recipient: string, claimedAt: Date | null, attempts = 1) => {
      const id = await enqueueMessage(database.db, message(recipient), at('2025-03-03T01:30:00Z'))
      await database.db.update(outbox).set({ status: 'sending', claimedAt, attempts }).where(eq(outbox.id, id))
    }
    await claimedBy('stale@example.com', at('2025-03-03T01:49:59Z'))
    await claimedBy('fresh@example.com', at('2025-03-03T01:50:01Z'))
    // Claimed by a version before claims were dated: its age is the message's.
    await claimedBy('undated@example.com', null)
    await claimedBy('spent@example.com', at('2025-03-03T01:40:00Z'), MAX_DELIVERY_ATTEMPTS)
    const sender = new RecordingSender()
    const deps = depsWith(sender)
    await Promise.all([deliverPending(deps), deliverPending(deps)]) // two deliverers at once
    expect(sender.sent.map((m) => m.recipient).sort()).toEqual(['stale@example.com', 'undated@example.com'])
    const state = async (recipient: string) => {
      const [row] = await latestMessagesFor(database.db, recipient)
      return { status: row!.status, attempts: row!.attempts, lastError: row!.lastError }
    }
    expect(await state('stale@example.com')).toEqual({ status: 'sent', attempts: 2, lastError: null })
    expect(await state('undated@example.com')).toEqual({ status: 'sent', attempts: 2, lastError: null })
    expect(await state('fresh@example.com')).toEqual({ status: 'sending', attempts: 1, lastError: null })
    expect(await state('spent@example.com')).toEqual({
      status: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS + 1,
      lastError: 'delivery was interrupted',
    })
  })

  it('writes the verification email in the registration call and sends it in the background', async () => {
    const sender = new RecordingSender()
    const service = createIdentityService({
      ...depsWith(sender),
      settings: { publicUrl: 'https://portal.example.ph/' },
    })
    await service.register({
      firstName: 'LIZA',
      lastName: 'SANTOS',
      email: 'liza@example.net',
      mobileNumber: '9181234567',
      password: 'Mabuhay2025',
    })
    await service.delivery.settled()
    const sent = sender.sent.find((m) => m.recipient === 'liza@example.net')!
    expect(sent.subject).toBe('Verify your email for Hibla')
    expect(sent.body).toMatch(/^Hello Liza,/)
    expect(sent.body).toMatch(/\nhttps:\/\/portal\.example\.ph\/verifyEmail\/[A-Za-z0-9_-]{43}\n/)
  })
})

/** Just enough of an SMTP server (RFC 5321) to receive one message over loopback. */
function startSmtpServer() {
  const received: string[] = []
  const server = net.createServer((socket) => {
    let inData = false
    let buffer = ''
    socket.write('220 test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let index: number
      while (true) {
        if (inData) {
          index = buffer.indexOf('\r\n.\r\n')
          if (index < 0) return
          received.push(buffer.slice(0, index))
          buffer = buffer.slice(index + 5)
          inData = false
          socket.write('250 queued\r\n')
          continue
        }
        index = buffer.indexOf('\r\n')
        if (index < 0) return
        const line = buffer.slice(0, index)
        buffer = buffer.slice(index + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n')
        else if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise<{ port: number; received: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      resolve({ port, received, close: () => new Promise((done) => server.close(() => done())) })
    })
  })
}

describe('SMTP sender', () => {
  it('hands the message to the SMTP server named by the URL', async () => {
    const smtp = await startSmtpServer()
    try {
      const sender = createSmtpSender({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Hibla <no-reply@example.ph>' })
      await sender.send({
        channel: 'email',
        recipient: 'juan@example.net',
        subject: 'Verify your email for Hibla',
        body: 'Open the link.',
      })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toContain('Subject: Verify your email for Hibla')
      expect(smtp.received[0]).toContain('To: juan@example.net')
      expect(smtp.received[0]).toContain('Open the link.')
    } finally {
      await smtp.close()
    }
  })
})
