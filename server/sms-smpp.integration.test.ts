/**
 * Issue 36, item 1's acceptance, both sides: a portal started with SMS_TRANSPORT=smpp (its
 * upstream in-process, wired by services/runtime.ts) sends the code a customer asks for on
 * the profile page to an SMSC the test starts (services/notifications/sms/smsc-stand-in.ts);
 * the SMSC's delivery receipt marks the outbox row delivered, and the code that arrived
 * changes the number. A number whose newest SMS was undeliverable is pointed out on the page.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PROFILE_TEXT } from '../app/features/profile/texts.ts'
import { enqueueMessage, latestMessagesFor } from '../services/notifications/outbox.ts'
import { outbox } from '../services/notifications/tables.ts'
import { startSmsc, type Smsc } from '../services/notifications/sms/smsc-stand-in.ts'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import { eq } from 'drizzle-orm'

const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
// The SMS take a job worker's turn (pg-boss polls every 2 s): generous, never asserted.
const WAIT = { timeout: 30_000, interval: 100 }

let smsc: Smsc
let t: TestPortal
beforeAll(async () => {
  smsc = await startSmsc({ systemId: 'hibla', password: 'secret1' })
  t = await startTestPortal({
    DEMO_DATA: 'true',
    SMS_TRANSPORT: 'smpp',
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: 'hibla',
    SMPP_PASSWORD: 'secret1',
    SMS_SENDER_ID: 'HIBLA',
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await smsc?.close()
})

type Browser = Awaited<ReturnType<typeof signInByRequests>>
const post = (browser: Browser, path: string, fields: Record<string, string>) =>
  browser.go(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

describe('SMS over SMPP, from the profile page', () => {
  it("sends a new mobile number's code to the SMSC, and the delivery receipt marks it delivered", async () => {
    const browser = await signInByRequests(t.base, CUSTOMER)
    const asked = await post(browser, '/profile', { intent: 'send-mobile-code', mobileNumber: '9185550901' })
    expect(asked.status).toBe(302)
    const verifyPage = asked.headers.get('location')!
    const emailHashValue = new URL(verifyPage, t.base).searchParams.get('verify')!
    expect(emailHashValue).toBeTruthy()

    // The code reaches the SMSC as submit_sm parts from the sender id, joined on the handset.
    await vi.waitFor(async () => {
      const [row] = await latestMessagesFor(t.database.db, '+639185550901', 1)
      expect(row?.status).toBe('sent')
    }, WAIT)
    const parts = smsc.submitted.filter((m) => m.destination === '639185550901')
    expect(parts.length).toBeGreaterThan(0)
    expect(parts.every((part) => part.source === 'HIBLA')).toBe(true)
    const code = /\b(\d{6})\b/.exec(parts.map((part) => part.text).join(''))![1]!

    expect(await smsc.receipt(parts[0]!.id, 'DELIVRD')).toBe(0)
    await vi.waitFor(async () => {
      const [row] = await latestMessagesFor(t.database.db, '+639185550901', 1)
      expect(row).toMatchObject({ delivery: 'delivered', providerMessageIds: parts.map((part) => part.id) })
    }, WAIT)

    const verified = await post(browser, verifyPage, {
      intent: 'verify-code',
      kind: 'mobile',
      emailHashValue,
      otp: code,
    })
    expect(verified.status).toBe(302)
    const page = await (await browser.go(verified.headers.get('location')!)).text()
    expect(page).toContain(PROFILE_TEXT.mobileChanged('*** *** 0901'))
    expect(page).not.toContain(PROFILE_TEXT.mobileUnreachable)
  })

  it('tells the customer when the newest SMS to their mobile number could not be delivered', async () => {
    const browser = await signInByRequests(t.base, CUSTOMER)
    // The number the first test made theirs; the SMSC reports an SMS to it undeliverable.
    const id = await enqueueMessage(
      t.database.db,
      { channel: 'sms', recipient: '+639185550901', subject: 'Hibla', body: 'A reminder' },
      new Date(),
    )
    await vi.waitFor(async () => {
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id))
      expect(row!.status).toBe('sent')
    }, WAIT)
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id))
    expect(await smsc.receipt(row!.providerMessageIds![0]!, 'UNDELIV')).toBe(0)
    await vi.waitFor(async () => {
      const page = await (await browser.go('/profile')).text()
      expect(page).toContain(PROFILE_TEXT.mobileUnreachable)
    }, WAIT)
  })
})
