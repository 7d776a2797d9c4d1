/**
 * Due-date reminders (issue 36, item 2; docs/decisions/0074): a daily job tells each subscriber
 * of a bill still owing `daysBefore` days before its due date (BILL_REMINDER_DAYS_BEFORE, 3 by
 * default) and on the due date itself:
 *   - in the customer's notifications, always (they are the account's own page);
 *   - by email and by SMS only on the channels the user has agreed to on /consent, to a
 *     verified email address and to the mobile number on their profile;
 *   - never for a bill already paid, nor for one AutoPay will charge on its due date;
 *   - once per bill, user, channel and kind across every copy and every rerun: the row in
 *     reminders.sent is written in the same transaction as the message, under a unique index.
 * A bill first seen inside the window (issued late, or the job did not run that morning) gets
 * its "due soon" reminder on the next run, never after its due date.
 */
import type { ServiceDeps } from '../context.ts'
import { billsAwaitingPayment, type BillAwaitingPayment } from '../billing/service.ts'
import { NOTIFICATION_CONSENTS, type ConsentName } from '../consent/catalogue.ts'
import { consentsGiven } from '../consent/service.ts'
import { contactsHoldingAccount, type AccountContact } from '../identity/users.ts'
import { deliverToContact } from '../notifications/contact-notice.ts'
import { createDeliveryQueue } from '../notifications/outbox.ts'
import { autopayWillPay } from '../payments/autopay/charges.ts'
import { formatDate } from '../../lib/dates.ts'
import { addDays, manilaDate } from '../../lib/manila-time.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { sentReminders, type ReminderChannel, type ReminderKind } from './tables.ts'
import { REMINDER_TEXT as TEXT } from './texts.ts'

export type ReminderRunReport = {
  today: string
  /** Bills owing in the window that AutoPay does not pay. */
  bills: number
  /** Reminders written now, by channel (a rerun writes none). */
  sent: Record<ReminderChannel, number>
}

export function createReminders(deps: ServiceDeps & { daysBefore: number }) {
  const delivery = createDeliveryQueue(deps)
  const consentNames: ConsentName[] = [NOTIFICATION_CONSENTS.email, NOTIFICATION_CONSENTS.sms]

  /** Writes one reminder on one channel, once: false when it was sent before (by this run or another copy). */
  async function sendOnce(
    bill: BillAwaitingPayment,
    contact: AccountContact,
    channel: ReminderChannel,
    kind: ReminderKind,
    now: Date,
  ): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(sentReminders)
        .values({ billId: bill.billId, userId: contact.userId, channel, kind, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: sentReminders.id })
      if (claimed.length === 0) return false
      const text = kind === 'due_today' ? TEXT.dueToday : TEXT.beforeDue
      const words = {
        accountNumber: bill.accountNumber,
        amount: formatPesos(bill.outstandingCentavos / 100),
        dueOn: formatDate(bill.dueOn, 'date'),
      }
      await deliverToContact(
        deps,
        tx,
        contact,
        channel,
        {
          kind: 'bill_due',
          title: text.title,
          body: text.body(words),
          path: `/customer/bill-history/pay/${bill.accountNumber}`,
          linkLine: TEXT.payLink,
          emailNotes: [TEXT.paidAlready],
          // Plain GSM-7 text (PHP, not the peso sign), to stay one SMS.
          sms: TEXT.sms({
            product: deps.productName,
            accountNumber: bill.accountNumber,
            amount: formatPesos(bill.outstandingCentavos / 100, { code: true }),
            dueOn: words.dueOn,
            today: kind === 'due_today',
          }),
        },
        now,
      )
      return true
    })
  }

  return {
    /** The daily run: every reminder due today, each once. */
    async run(): Promise<ReminderRunReport> {
      const now = deps.now()
      const today = manilaDate(now)
      const sent: Record<ReminderChannel, number> = { inbox: 0, email: 0, sms: 0 }
      const owing = await billsAwaitingPayment(deps.db, today, addDays(today, deps.daysBefore))
      let billCount = 0
      for (const bill of owing) {
        const kind: ReminderKind = bill.dueOn === today ? 'due_today' : 'before_due'
        if (await autopayWillPay(deps.db, bill.accountNumber, bill.dueOn)) continue
        billCount++
        const contacts = await contactsHoldingAccount(deps.db, bill.accountNumber)
        const agreed = await consentsGiven(
          deps.db,
          contacts.map((contact) => contact.userId),
          consentNames,
        )
        for (const contact of contacts) {
          const given = agreed.get(contact.userId) ?? new Set()
          const channels: ReminderChannel[] = ['inbox']
          if (given.has(NOTIFICATION_CONSENTS.email) && contact.verifiedEmail) channels.push('email')
          if (given.has(NOTIFICATION_CONSENTS.sms) && contact.mobileNumber) channels.push('sms')
          for (const channel of channels) {
            if (await sendOnce(bill, contact, channel, kind, now)) sent[channel]++
          }
        }
      }
      if (sent.email > 0 || sent.sms > 0) delivery.kick()
      return { today, bills: billCount, sent }
    },
  }
}

export type Reminders = ReturnType<typeof createReminders>
