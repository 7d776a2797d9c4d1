/**
 * One notice to one holder of an account on one channel (issue 36's due-date reminders, issue
 * 37's repair visits; an incident's notices next): in their notifications, by email, or by SMS.
 * The caller has claimed the notice in its own table first (once per thing, kind and channel,
 * across copies) and passes its transaction, so the claim and the message stand or fall together.
 * The email's frame is the same for every notice: a greeting, the words, a link to the page, and
 * why they get it (their consent, which they can change).
 */
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import type { AccountContact } from '../identity/users.ts'
import { notify, type NotificationInput } from './inbox.ts'
import { enqueueMessage } from './outbox.ts'

export type ContactChannel = 'inbox' | 'email' | 'sms'

export type ContactNotice = {
  /** The notification's kind (lib/notifications.ts). */
  kind: NotificationInput['kind']
  title: string
  /** The words, in the notifications and the email. */
  body: string
  /** The portal page it is about, a path: the notification's link, and the email's link line. */
  path: string
  /** The email's line with the page's full address. */
  linkLine: (url: string) => string
  /** Lines the email adds after the link (a note for those who paid already, say). */
  emailNotes?: string[]
  /** The SMS, in plain GSM-7 words so it stays one message (lib/sms-text rules; issue 36). */
  sms: string
}

export const CONTACT_NOTICE_TEXT = {
  greeting: (firstName: string) => `Hi ${firstName},`,
  whyYouGetThis: (product: string, consentUrl: string) =>
    `You get this because you agreed to ${product} notifications. Change that at ${consentUrl}`,
} as const

/** Writes the notice on the channel, in `tx`. An email needs the contact's verified address. */
export async function deliverToContact(
  deps: ServiceDeps,
  tx: Executor,
  contact: AccountContact,
  channel: ContactChannel,
  notice: ContactNotice,
  now: Date,
): Promise<void> {
  if (channel === 'inbox') {
    await notify(
      tx,
      { userId: contact.userId, kind: notice.kind, title: notice.title, body: notice.body, link: notice.path },
      now,
    )
    return
  }
  if (channel === 'email') {
    const base = settingsOf(deps).publicUrl.replace(/\/$/, '')
    await enqueueMessage(
      tx,
      {
        channel: 'email',
        recipient: contact.verifiedEmail!,
        subject: `${deps.productName}: ${notice.title}`,
        body: [
          CONTACT_NOTICE_TEXT.greeting(contact.firstName),
          '',
          notice.body,
          '',
          notice.linkLine(`${base}${notice.path}`),
          ...(notice.emailNotes ?? []),
          '',
          CONTACT_NOTICE_TEXT.whyYouGetThis(deps.productName, `${base}/consent`),
        ].join('\n'),
      },
      now,
    )
    return
  }
  await enqueueMessage(
    tx,
    { channel: 'sms', recipient: contact.mobileNumber, subject: notice.title, body: notice.sms },
    now,
  )
}
