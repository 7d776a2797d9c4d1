/**
 * DEMO DATA (issue 11, item 4): a few notifications for the demo customer
 * (customer@example.com), some read, some unseen, one older than a week, so the bell and
 * /customer/notifications show something on a fresh portal. Seeded only with the demo
 * users, and only when the demo customer has none yet (a re-run adds nothing). Times are
 * relative to the seed's run.
 */
import type { NotificationKind, NotificationSeverity } from '../../lib/notifications.ts'
import type { Database } from '../db/client.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { countAllFor } from './inbox.ts'
import { inbox } from './tables.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const DEMO_NOTIFICATION_USER = 'customer@example.com'

/**
 * Oldest first. tests/e2e/notifications.spec.ts opens 'Service restored in your area' (js
 * project) and 'Your AutoPay reminder' (no-js project): each project its own unseen one.
 */
type DemoNotification = {
  accountNumber: string | null
  kind: NotificationKind
  severity?: NotificationSeverity
  title: string
  body: string
  link: string | null
  ago: number
  read: boolean
}

export function demoNotifications(productName: string): DemoNotification[] {
  return [
    {
      accountNumber: null,
      kind: 'general',
      title: `Welcome to ${productName}`,
      body: 'Your account is ready. Find your bills, your modem and help in one place.',
      link: '/customer',
      ago: 12 * DAY,
      read: true,
    },
    {
      accountNumber: null,
      kind: 'general',
      title: 'Your AutoPay reminder',
      body: 'Set up AutoPay and your bill is paid on its due date, every month.',
      link: null,
      ago: 8 * DAY,
      read: false,
    },
    {
      accountNumber: '1000000000001',
      kind: 'payment_posted',
      title: 'Payment received',
      body: 'We received your payment for account 1000000000001. Thank you!',
      link: '/customer/bill-history',
      ago: 2 * DAY,
      read: true,
    },
    {
      accountNumber: '1000000000002',
      kind: 'outage',
      severity: 'success',
      title: 'Service restored in your area',
      body: 'The fibre cut near your area is repaired and service is back. Restart your modem if you are still offline.',
      link: '/customer',
      ago: 26 * HOUR,
      read: false,
    },
    {
      accountNumber: '1000000000002',
      kind: 'outage',
      title: 'Scheduled maintenance in your area',
      body: 'We will upgrade equipment in your area tonight from 1:00 AM to 4:00 AM. Your internet may drop for a few minutes.',
      link: '/customer',
      ago: 3 * HOUR,
      read: false,
    },
    {
      accountNumber: '1000000000002',
      kind: 'bill_issued',
      title: 'Your bill is ready',
      body: 'Your latest bill for account 1000000000002 is ready. Pay by the due date to keep your service running.',
      link: '/customer/bill-history',
      ago: 20 * MINUTE,
      read: false,
    },
  ]
}

export async function seedDemoNotifications(
  db: Database,
  options: { productName: string },
  now: Date = new Date(),
): Promise<Record<string, number>> {
  const user = await findUserRowByEmail(db, DEMO_NOTIFICATION_USER)
  if (!user || (await countAllFor(db, user.id)) > 0) return { demoNotifications: 0 }
  // Written here rather than through notify(): the account ones go to the demo customer
  // only, never to another user who holds a demo account.
  const rows = demoNotifications(options.productName).map(({ ago, read, severity, ...notification }) => {
    const createdAt = new Date(now.getTime() - ago)
    return {
      ...notification,
      userId: user.id,
      severity: severity ?? (notification.kind === 'outage' ? 'warning' : 'info'),
      createdAt,
      readAt: read ? new Date(createdAt.getTime() + HOUR) : null,
    } as const
  })
  await db.insert(inbox).values(rows)
  return { demoNotifications: rows.length }
}
