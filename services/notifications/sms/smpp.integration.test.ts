/**
 * SMS over SMPP against an SMSC the test starts (./smsc-stand-in.ts: the `smpp` package's
 * own server side). The acceptance of issue 36, item 1: a code asked for on the profile page
 * (a new mobile number's verification, POST /users/me/contact/otp) reaches the SMSC as a
 * submit_sm with the code, and the SMSC's delivery receipt marks the outbox row delivered.
 * Also: long and non-GSM texts, a refused destination, an undeliverable receipt, the
 * session's reconnection after the SMSC drops it or stops answering enquire_link, and no
 * number or text in any log line.
 */
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../../testing.ts'
import { users } from '../../identity/tables.ts'
import { enqueueMessage, latestMessagesFor, recordDeliveryReceipt } from '../outbox.ts'
import { deliverPending } from '../outbox.ts'
import { outbox } from '../tables.ts'
import { createSmppSender, type SmppSender } from './smpp.ts'
import { startSmsc, type Smsc } from './smsc-stand-in.ts'

// Waits on sockets and the database: generous bounds, never asserted.
const WAIT = { timeout: 15_000, interval: 20 }

const logLines: string[] = []
const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) })

let smsc: Smsc
let sender: SmppSender
let t: TestGateway
beforeAll(async () => {
  smsc = await startSmsc()
  sender = createSmppSender({
    url: smsc.url,
    systemId: 'hibla',
    password: 'secret1',
    bind: 'transceiver',
    senderId: 'HIBLA',
    enquireLinkMs: 60_000,
    logger,
    reconnectMs: { initial: 20, max: 200 },
    // The row is found by the provider's id, on the services' database.
    onReceipt: (id, outcome) => recordDeliveryReceipt(t.database.db, id, outcome, new Date()),
  })
  t = await startTestGateway({ seed: false, sender, logger, signatureClock: () => new Date() })
  await sender.bound()
})
afterAll(async () => {
  await sender?.close()
  await smsc?.close()
  await t?.close()
})

let serial = 0
async function newCustomer(mobileNumber?: string) {
  serial++
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `sms.${serial}@example.net`,
      firstName: 'LIZA',
      lastName: 'SANTOS',
      mobileNumber: mobileNumber ?? `91700002${String(serial).padStart(2, '0')}`,
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: users.id })
  const token = await signAccessToken(t, { sub: row!.id, realm_access: { roles: ['base', 'customer'] } })
  const call = (method: string, path: string, body?: unknown) =>
    signedCall(t, method, path, { body, headers: { authorization: `Bearer ${token}` } })
  return { id: row!.id, call }
}

async function rowFor(recipient: string) {
  const [row] = await latestMessagesFor(t.database.db, recipient, 1)
  return row!
}

describe('SMS over SMPP', () => {
  it("takes a profile page's code to the SMSC, and its delivery receipt marks the message delivered", async () => {
    const me = await newCustomer()
    const asked = await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: '0918 555 0701' })
    expect(asked.status).toBe(200)

    await vi.waitFor(async () => expect((await rowFor('+639185550701')).status).toBe('sent'), WAIT)
    // The code's text (with its warning) takes two GSM-7 parts, joined on the handset.
    const parts = smsc.submitted.filter((m) => m.destination === '639185550701')
    expect(parts).toHaveLength(2)
    for (const part of parts) expect(part).toMatchObject({ source: 'HIBLA', sourceTon: 5, dataCoding: 0 })
    const text = parts.map((part) => part.text).join('')
    const code = /\b(\d{6})\b/.exec(text)![1]!
    expect(text).toContain(`${code} is your Hibla code to make this your mobile number`)
    const submitted = parts[0]!
    expect(await rowFor('+639185550701')).toMatchObject({
      providerMessageIds: parts.map((part) => part.id),
      segments: 2,
      delivery: null,
      body: null,
    })

    expect(await smsc.receipt(submitted.id, 'DELIVRD')).toBe(0)
    await vi.waitFor(async () => expect((await rowFor('+639185550701')).delivery).toBe('delivered'), WAIT)
    expect((await rowFor('+639185550701')).deliveredAt).toBeInstanceOf(Date)

    // The code that reached the handset changes the number.
    const { emailHashValue } = asked.body.data.sent
    const applied = await me.call('PATCH', '/users/me/mobile-number', { otp: code, emailHashValue })
    expect(applied.status).toBe(200)
  })

  it('sends a long text outside GSM-7 as UCS-2 parts under one concatenation header', async () => {
    const body = `Your bill of ₱1,299.00 is due. ${'Salamat po. '.repeat(8)}`.trim()
    await enqueueMessage(
      t.database.db,
      { channel: 'sms', recipient: '+639185550702', subject: 'Hibla', body },
      new Date(),
    )
    const deps = { db: t.database.db, logger, productName: 'Hibla', now: () => new Date(), sender }
    expect(await deliverPending(deps)).toEqual({ sent: 1, failed: 0 })
    const parts = smsc.submitted.filter((m) => m.destination === '639185550702')
    expect(parts).toHaveLength(2)
    for (const [index, part] of parts.entries()) {
      expect(part.dataCoding).toBe(8)
      expect(part.esmClass & 0x40).toBe(0x40)
      const [header] = part.udh
      // IEI 0 (8-bit reference), length 3, one reference for both, 2 parts, this part's number.
      expect([header![0], header![1], header![3], header![4]]).toEqual([0x00, 3, 2, index + 1])
      expect(header![2]).toBe(parts[0]!.udh[0]![2])
    }
    expect(parts.map((part) => part.text).join('')).toBe(body)
    expect(await rowFor('+639185550702')).toMatchObject({ segments: 2, providerMessageIds: parts.map((p) => p.id) })
  })

  it('records a number the SMSC refuses, or reports undeliverable, as one that cannot be reached', async () => {
    const deps = { db: t.database.db, logger, productName: 'Hibla', now: () => new Date(), sender }
    smsc.state.refuseWith = 0x0b // ESME_RINVDSTADR
    await enqueueMessage(
      t.database.db,
      { channel: 'sms', recipient: '+639185550703', subject: 'Hibla', body: 'code 123456' },
      new Date(),
    )
    try {
      expect(await deliverPending(deps)).toEqual({ sent: 0, failed: 1 })
    } finally {
      smsc.state.refuseWith = 0
    }
    expect(await rowFor('+639185550703')).toMatchObject({
      status: 'failed',
      delivery: 'undeliverable',
      attempts: 1,
      nextAttemptAt: null,
      lastError: 'the SMSC refused the destination (SMPP status 0x0000000b)',
    })

    await enqueueMessage(
      t.database.db,
      { channel: 'sms', recipient: '+639185550704', subject: 'Hibla', body: 'code 654321' },
      new Date(),
    )
    await deliverPending(deps)
    const submitted = smsc.submitted.find((m) => m.destination === '639185550704')!
    // A receipt as text only (no TLVs), as older SMSCs send them.
    expect(await smsc.receipt(submitted.id, 'UNDELIV', { textOnly: true })).toBe(0)
    await vi.waitFor(async () => expect((await rowFor('+639185550704')).delivery).toBe('undeliverable'), WAIT)
    // A late "delivered" for the same message does not undo it.
    await recordDeliveryReceipt(t.database.db, submitted.id, 'delivered', new Date())
    expect((await rowFor('+639185550704')).delivery).toBe('undeliverable')

    // Their owners see it on the profile page; someone whose SMS arrived does not.
    for (const mobile of ['9185550703', '9185550704']) {
      const owner = await newCustomer(mobile)
      expect((await owner.call('GET', '/users/me/profile')).body.data.mobileUnreachable).toBe(true)
    }
    const reached = await newCustomer('9185550702')
    expect((await reached.call('GET', '/users/me/profile')).body.data.mobileUnreachable).toBe(false)
  })

  it('binds again after the SMSC drops the connection, and sends on the new session', async () => {
    const before = smsc.state.binds
    smsc.dropSessions()
    await vi.waitFor(() => expect(smsc.state.binds).toBe(before + 1), WAIT)
    await sender.bound()
    const deps = { db: t.database.db, logger, productName: 'Hibla', now: () => new Date(), sender }
    await enqueueMessage(
      t.database.db,
      { channel: 'sms', recipient: '+639185550705', subject: 'Hibla', body: 'after the drop' },
      new Date(),
    )
    expect(await deliverPending(deps)).toEqual({ sent: 1, failed: 0 })
    expect(smsc.submitted.at(-1)!.destination).toBe('639185550705')
  })

  it('keeps the link alive with enquire_link, and drops and rebinds a session whose SMSC stops answering', async () => {
    const smsc2 = await startSmsc()
    const keepAlive = createSmppSender({
      url: smsc2.url,
      systemId: 'hibla',
      password: 'secret1',
      bind: 'transmitter',
      senderId: '+639170000000',
      enquireLinkMs: 100,
      logger,
      reconnectMs: { initial: 20, max: 200 },
    })
    try {
      await keepAlive.bound()
      await vi.waitFor(() => expect(smsc2.state.enquireLinks).toBeGreaterThanOrEqual(3), WAIT)
      smsc2.state.answerEnquireLink = false
      const before = smsc2.state.binds
      await vi.waitFor(() => expect(smsc2.state.binds).toBeGreaterThan(before), WAIT)
      await keepAlive.bound()
    } finally {
      await keepAlive.close()
      await smsc2.close()
    }
  })

  it('retries a bind the SMSC refuses, and never logs a number, a text or the password', async () => {
    const refusing = createSmppSender({
      url: smsc.url,
      systemId: 'hibla',
      password: 'wrong12',
      bind: 'transceiver',
      senderId: 'HIBLA',
      enquireLinkMs: 60_000,
      logger,
      reconnectMs: { initial: 20, max: 40 },
      submitTimeoutMs: 100,
    })
    try {
      await vi.waitFor(() => expect(smsc.state.refusedBinds).toBeGreaterThanOrEqual(2), WAIT)
      await expect(
        refusing.send({ channel: 'sms', recipient: '+639185550706', subject: 'x', body: 'never sent' }),
      ).rejects.toThrow('no SMPP session is bound')
    } finally {
      await refusing.close()
    }
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.channel, 'sms'))
    expect(rows.length).toBeGreaterThan(3)
    const logged = logLines.join('\n')
    expect(logged).toContain('SMPP bind refused')
    for (const secret of ['9185550', '123456', 'Salamat', 'after the drop', 'wrong12', 'secret1']) {
      expect(logged).not.toContain(secret)
    }
  })
})
