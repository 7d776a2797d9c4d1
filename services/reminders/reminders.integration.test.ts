/**
 * Due-date reminders (issue 36, item 2) on a real database with the services' clock moved
 * through the window: a reminder BILL_REMINDER_DAYS_BEFORE days ahead and one on the day, in
 * the notifications always and by email and SMS only with the channel's consent; nothing for
 * a bill paid or one AutoPay pays; each once per bill, user, channel and kind, across copies.
 */
import { readFileSync } from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, postPayment } from '../billing/service.ts'
import type { ConsentName } from '../consent/catalogue.ts'
import { consentEvents } from '../consent/tables.ts'
import { users } from '../identity/tables.ts'
import { inbox, outbox } from '../notifications/tables.ts'
import { autopayEnrolments } from '../payments/autopay/tables.ts'
import { silentLogger, startTestGateway, type TestGateway } from '../testing.ts'
import { createReminders } from './service.ts'
import { sentReminders } from './tables.ts'

let clock = new Date('2031-03-01T00:00:00Z')
let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: false, now: () => clock, signatureClock: () => new Date() })
})
afterAll(() => t?.close())

/** 08:00 in Manila on a day (the daily run's hour). */
const manilaMorning = (day: string) => new Date(`${day}T00:00:00Z`)

function reminders(daysBefore = 3) {
  return createReminders({
    db: t.database.db,
    logger: silentLogger,
    productName: 'Hibla',
    settings: { publicUrl: 'https://portal.example.ph' } as never,
    now: () => clock,
    daysBefore,
  })
}

let serial = 0
/** A user holding an account: their link proven (verified) or not, their email verified or not. */
async function holder(accountNumber: string, options: { proven?: boolean; emailVerified?: boolean } = {}) {
  serial++
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `reminder.${serial}@example.net`,
      firstName: 'Maria',
      lastName: 'Dela Cruz',
      mobileNumber: `91700${String(serial).padStart(5, '0')}`,
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      emailVerified: options.emailVerified ?? true,
      accountNumbers: [accountNumber],
      verifiedAccountNumbers: options.proven === false ? [] : [accountNumber],
      createdAt: clock,
      updatedAt: clock,
    })
    .returning({ id: users.id, email: users.email, mobileNumber: users.mobileNumber })
  return { accountNumber, userId: row!.id, email: row!.email, mobile: row!.mobileNumber }
}

/** A fresh account with one subscriber whose link is proven, and the consents they gave. */
async function subscriber(options: { consents?: ConsentName[]; emailVerified?: boolean } = {}) {
  const who = await holder(`20310000${String(serial + 1).padStart(5, '0')}`, options)
  for (const consent of options.consents ?? []) await consentTo(who.userId, consent, 'given')
  return who
}

async function consentTo(userId: string, consent: ConsentName, state: 'given' | 'withdrawn', at = clock) {
  await t.database.db.insert(consentEvents).values({ userId, consent, state, at, channel: 'test', requestId: null })
}

/** A bill of ₱1,699 issued on the 5th, due on `dueOn`. */
async function bill(accountNumber: string, dueOn: string, centavos = 169_900, demo = false) {
  await issueBill(
    t.database.db,
    {
      accountNumber,
      month: dueOn.slice(0, 7),
      periodStart: `${dueOn.slice(0, 7)}-01`,
      periodEnd: `${dueOn.slice(0, 7)}-28`,
      issuedOn: `${dueOn.slice(0, 7)}-05`,
      dueOn,
      lines: [{ description: 'Monthly service fee', amountCentavos: centavos }],
      demo,
    },
    clock,
  )
}

/** What the subscriber received: reminder notifications, emails and SMS, oldest first. */
async function received(who: { userId: string; email: string; mobile: string }) {
  const notes = await t.database.db
    .select({ title: inbox.title, body: inbox.body, link: inbox.link })
    .from(inbox)
    .where(and(eq(inbox.userId, who.userId), eq(inbox.kind, 'bill_due')))
    .orderBy(inbox.createdAt)
  const messages = await t.database.db
    .select({ channel: outbox.channel, recipient: outbox.recipient, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(inArray(outbox.recipient, [who.email, who.mobile]))
    .orderBy(outbox.createdAt)
  return {
    inbox: notes,
    email: messages.filter((message) => message.channel === 'email'),
    sms: messages.filter((message) => message.channel === 'sms'),
  }
}

const counts = async (who: { userId: string; email: string; mobile: string }) => {
  const got = await received(who)
  return { inbox: got.inbox.length, email: got.email.length, sms: got.sms.length }
}

describe('the due-date window', () => {
  it('reminds 3 days ahead and on the day, once each, and not before, between or after', async () => {
    const maria = await subscriber({ consents: ['email_notifications', 'sms_notifications'] })
    await bill(maria.accountNumber, '2031-03-20')

    clock = manilaMorning('2031-03-16')
    await reminders().run()
    expect(await counts(maria)).toEqual({ inbox: 0, email: 0, sms: 0 })

    clock = manilaMorning('2031-03-17')
    const first = await reminders().run()
    expect(first.today).toBe('2031-03-17')
    const ahead = await received(maria)
    expect(ahead.inbox).toEqual([
      {
        title: 'Your bill is due soon',
        body: `Your bill for account ${maria.accountNumber} is due on March 20, 2031. Amount to pay: ₱1,699.00.`,
        link: `/customer/bill-history/pay/${maria.accountNumber}`,
      },
    ])
    expect(ahead.email).toHaveLength(1)
    expect(ahead.email[0]).toMatchObject({ recipient: maria.email, subject: 'Hibla: Your bill is due soon' })
    expect(ahead.email[0]!.body).toContain(`https://portal.example.ph/customer/bill-history/pay/${maria.accountNumber}`)
    expect(ahead.email[0]!.body).toContain('https://portal.example.ph/consent')
    expect(ahead.sms).toEqual([
      {
        channel: 'sms',
        recipient: maria.mobile,
        subject: 'Your bill is due soon',
        body: `Hibla: your bill for account ${maria.accountNumber} (PHP 1,699.00) is due on March 20, 2031. Ignore this if you have paid.`,
      },
    ])
    // The SMS stays one GSM-7 message: no peso sign, at most 160 characters.
    expect(ahead.sms[0]!.body!.length).toBeLessThanOrEqual(160)
    expect(ahead.sms[0]!.body).toMatch(/^[\x20-\x7e]+$/)

    // The noon run, the next days: nothing new.
    clock = new Date(manilaMorning('2031-03-17').getTime() + 4 * 3_600_000)
    await reminders().run()
    for (const day of ['2031-03-18', '2031-03-19']) {
      clock = manilaMorning(day)
      await reminders().run()
    }
    expect(await counts(maria)).toEqual({ inbox: 1, email: 1, sms: 1 })

    clock = manilaMorning('2031-03-20')
    await reminders().run()
    const onTheDay = await received(maria)
    expect(await counts(maria)).toEqual({ inbox: 2, email: 2, sms: 2 })
    expect(onTheDay.inbox[1]!.title).toBe('Your bill is due today')
    expect(onTheDay.sms[1]!.body).toContain('is due today')

    clock = manilaMorning('2031-03-21')
    await reminders().run()
    expect(await counts(maria)).toEqual({ inbox: 2, email: 2, sms: 2 })
  })

  it('reminds a bill first seen inside the window (issued late, or a missed morning) on the next run', async () => {
    const jose = await subscriber({ consents: ['sms_notifications'] })
    clock = manilaMorning('2031-04-19')
    await bill(jose.accountNumber, '2031-04-20')
    await reminders().run()
    expect(await counts(jose)).toEqual({ inbox: 1, email: 0, sms: 1 })
    expect((await received(jose)).inbox[0]!.title).toBe('Your bill is due soon')
  })

  it('takes the number of days from the setting (0: only on the day)', async () => {
    const ana = await subscriber()
    await bill(ana.accountNumber, '2031-05-20')
    clock = manilaMorning('2031-05-13')
    await reminders(7).run()
    expect(await counts(ana)).toEqual({ inbox: 1, email: 0, sms: 0 })

    const ben = await subscriber()
    await bill(ben.accountNumber, '2031-05-22')
    for (const day of ['2031-05-19', '2031-05-21']) {
      clock = manilaMorning(day)
      await reminders(0).run()
    }
    expect(await counts(ben)).toEqual({ inbox: 0, email: 0, sms: 0 })
    clock = manilaMorning('2031-05-22')
    await reminders(0).run()
    expect((await received(ben)).inbox.map((note) => note.title)).toEqual(['Your bill is due today'])
  })
})

describe('consent, per channel', () => {
  it('sends email and SMS only on the channels agreed to; the notification always', async () => {
    const none = await subscriber()
    const emailOnly = await subscriber({ consents: ['email_notifications'] })
    const smsOnly = await subscriber({ consents: ['sms_notifications'] })
    const withdrawn = await subscriber({ consents: ['email_notifications', 'sms_notifications'] })
    const unverified = await subscriber({ consents: ['email_notifications'], emailVerified: false })
    const marketingOnly = await subscriber({ consents: ['marketing_offers', 'newsletters'] })
    clock = manilaMorning('2031-06-01')
    await consentTo(withdrawn.userId, 'sms_notifications', 'withdrawn', new Date(clock.getTime() + 1000))
    for (const who of [none, emailOnly, smsOnly, withdrawn, unverified, marketingOnly]) {
      await bill(who.accountNumber, '2031-06-04')
    }
    clock = manilaMorning('2031-06-02')
    await reminders().run()
    expect(await counts(none)).toEqual({ inbox: 1, email: 0, sms: 0 })
    expect(await counts(emailOnly)).toEqual({ inbox: 1, email: 1, sms: 0 })
    expect(await counts(smsOnly)).toEqual({ inbox: 1, email: 0, sms: 1 })
    expect(await counts(withdrawn)).toEqual({ inbox: 1, email: 1, sms: 0 })
    // Nothing about an account goes to an address nobody has proven.
    expect(await counts(unverified)).toEqual({ inbox: 1, email: 0, sms: 0 })
    expect(await counts(marketingOnly)).toEqual({ inbox: 1, email: 0, sms: 0 })
  })

  it('tells every user whose proven link holds the account, each by their own consent; not an unproven link', async () => {
    const owner = await subscriber({ consents: ['sms_notifications'] })
    const spouse = await holder(owner.accountNumber)
    const stranger = await holder(owner.accountNumber, { proven: false })
    await consentTo(spouse.userId, 'email_notifications', 'given')
    await consentTo(stranger.userId, 'email_notifications', 'given')
    clock = manilaMorning('2031-06-10')
    await bill(owner.accountNumber, '2031-06-10')
    await reminders().run()
    expect(await counts(owner)).toEqual({ inbox: 1, email: 0, sms: 1 })
    expect(await counts(spouse)).toEqual({ inbox: 1, email: 1, sms: 0 })
    expect(await counts(stranger)).toEqual({ inbox: 0, email: 0, sms: 0 })
  })
})

describe('bills that need no reminder', () => {
  it('sends nothing for a bill paid, and the amount left for one partly paid', async () => {
    const paid = await subscriber({ consents: ['sms_notifications'] })
    const partly = await subscriber({ consents: ['sms_notifications'] })
    clock = manilaMorning('2031-07-01')
    await bill(paid.accountNumber, '2031-07-20')
    await bill(partly.accountNumber, '2031-07-20')
    await postPayment(t.database.db, {
      accountNumber: paid.accountNumber,
      amountCentavos: 169_900,
      postedAt: clock,
      channel: 'GCash',
      reference: `R-${paid.accountNumber}`,
    })
    await postPayment(t.database.db, {
      accountNumber: partly.accountNumber,
      amountCentavos: 69_900,
      postedAt: clock,
      channel: 'GCash',
      reference: `R-${partly.accountNumber}`,
    })
    clock = manilaMorning('2031-07-17')
    await reminders().run()
    expect(await counts(paid)).toEqual({ inbox: 0, email: 0, sms: 0 })
    expect((await received(partly)).sms[0]!.body).toContain('(PHP 1,000.00)')

    // Paid in full after the first reminder: nothing on the day.
    await postPayment(t.database.db, {
      accountNumber: partly.accountNumber,
      amountCentavos: 100_000,
      postedAt: clock,
      channel: 'GCash',
      reference: `R2-${partly.accountNumber}`,
    })
    clock = manilaMorning('2031-07-20')
    await reminders().run()
    expect(await counts(partly)).toEqual({ inbox: 1, email: 0, sms: 1 })
  })

  it('sends nothing for a seeded demo bill (demo history notifies nobody)', async () => {
    const demo = await subscriber({ consents: ['email_notifications', 'sms_notifications'] })
    clock = manilaMorning('2031-07-01')
    await bill(demo.accountNumber, '2031-07-20', 169_900, true)
    clock = manilaMorning('2031-07-20')
    await reminders().run()
    expect(await counts(demo)).toEqual({ inbox: 0, email: 0, sms: 0 })
  })

  it('sends nothing for a bill AutoPay will charge; reminds once AutoPay ends before the due date', async () => {
    const auto = await subscriber({ consents: ['sms_notifications'] })
    const ending = await subscriber({ consents: ['sms_notifications'] })
    const late = await subscriber({ consents: ['sms_notifications'] })
    clock = manilaMorning('2031-08-01')
    const enrol = (accountNumber: string, values: Partial<typeof autopayEnrolments.$inferInsert>) =>
      t.database.db.insert(autopayEnrolments).values({
        accountNumber,
        status: 'active',
        startedBy: 'test',
        gateway: 'sandbox',
        verificationCentavos: 100,
        paymentMethodId: 'pm_test',
        gatewayCustomerId: 'cus_test',
        activatedAt: clock,
        createdAt: clock,
        updatedAt: clock,
        ...values,
      })
    await enrol(auto.accountNumber, {})
    // Cancelled: AutoPay still pays up to the 10th, not a bill due on the 20th.
    await enrol(ending.accountNumber, { status: 'cancelling', cancelEffectiveAfter: '2031-08-10' })
    // Set up after the due date: that bill is still the customer's to pay (as the AutoPay run decides).
    await enrol(late.accountNumber, { activatedAt: manilaMorning('2031-08-25') })
    for (const who of [auto, ending, late]) await bill(who.accountNumber, '2031-08-20')
    clock = manilaMorning('2031-08-17')
    await reminders().run()
    expect(await counts(auto)).toEqual({ inbox: 0, email: 0, sms: 0 })
    expect(await counts(ending)).toEqual({ inbox: 1, email: 0, sms: 1 })
    expect(await counts(late)).toEqual({ inbox: 1, email: 0, sms: 1 })
  })
})

describe('once across copies', () => {
  it('two copies running at once send each reminder once', async () => {
    const who = await subscriber({ consents: ['email_notifications', 'sms_notifications'] })
    clock = manilaMorning('2031-09-01')
    await bill(who.accountNumber, '2031-09-04')
    const [one, two] = await Promise.all([reminders().run(), reminders().run()])
    expect(one.sent.sms + two.sent.sms).toBe(1)
    expect(await counts(who)).toEqual({ inbox: 1, email: 1, sms: 1 })
    const rows = await t.database.db
      .select({ channel: sentReminders.channel, kind: sentReminders.kind })
      .from(sentReminders)
      .where(eq(sentReminders.userId, who.userId))
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'inbox', 'sms'])
  })
})

describe('the consent migration (0034)', () => {
  it('turns each past "email and SMS notifications" event into one per channel, history kept', async () => {
    const who = await subscriber()
    const at = new Date('2030-01-02T03:04:05Z')
    await t.database.db.execute(
      sql`INSERT INTO consent.events (user_id, consent, state, at, channel, request_id)
          VALUES (${who.userId}, 'service_messages', 'given', ${at}, 'web', 'req-1'),
                 (${who.userId}, 'service_messages', 'withdrawn', ${new Date(at.getTime() + 60_000)}, 'web', 'req-2')`,
    )
    const migration = readFileSync(new URL('../db/migrations/0034_consent_per_channel.sql', import.meta.url), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement))
    const rows = await t.database.db
      .select({ consent: consentEvents.consent, state: consentEvents.state, requestId: consentEvents.requestId })
      .from(consentEvents)
      .where(eq(consentEvents.userId, who.userId))
      .orderBy(consentEvents.consent, consentEvents.at)
    expect(rows).toEqual([
      { consent: 'email_notifications', state: 'given', requestId: 'req-1' },
      { consent: 'email_notifications', state: 'withdrawn', requestId: 'req-2' },
      { consent: 'sms_notifications', state: 'given', requestId: 'req-1' },
      { consent: 'sms_notifications', state: 'withdrawn', requestId: 'req-2' },
    ])
  })
})
