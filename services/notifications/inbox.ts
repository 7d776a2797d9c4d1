/**
 * In-app notifications (issue 11, item 4; spec 3, 4, 7; docs/decisions/0038), beside the
 * email outbox (outbox.ts). Other services create them with `notify`, inside their own
 * transaction, so a notification exists exactly when the change it tells of does:
 *
 *   await notify(tx, { accountNumber, kind: 'bill_issued', title, body, link: '/customer/bill-history' }, now)
 *   await notify(tx, { userId, kind: 'application_status', title, body }, now)
 *
 * - By user: one row for that user. By account number: one row for each user whose
 *   proven links hold the account then (fan-out at creation; unproven links hear nothing).
 * - A user reads and marks only their own, and an account's only while their token still
 *   lists that account (docs/security.md, Access control): an unlinked account's
 *   notifications stop showing with the link. Anything else answers 404, as if it did not exist.
 * - Unseen is unread: opening one marks it read (spec 4), and the count is of unread ones.
 */
import { and, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm'
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  NotificationLinkSchema,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationSeverity,
} from '../../lib/notifications.ts'
import type { Caller } from '../bearer.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { userIdsHoldingAccount } from '../identity/users.ts'
import { inbox } from './tables.ts'

export type NotificationInput = ({ userId: string } | { accountNumber: string }) & {
  kind: NotificationKind
  /** Default by kind: an outage warns, a posted payment is good news, the rest inform. */
  severity?: NotificationSeverity
  title: string
  body: string
  /** A path inside the portal the notification leads to (never another site). */
  link?: string | null
}

const DEFAULT_SEVERITY: Record<NotificationKind, NotificationSeverity> = {
  application_status: 'info',
  bill_issued: 'info',
  bill_due: 'warning',
  payment_posted: 'success',
  outage: 'warning',
  repair_visit: 'info',
  general: 'info',
}

/**
 * Creates a notification for a user, or for every user holding an account number; answers
 * how many rows it wrote (0 when nobody holds the account). Pass the caller's transaction
 * as `db` so the notification commits with the change it reports. A bad title, body or
 * link is the calling service's bug: it throws.
 */
export async function notify(db: Executor, input: NotificationInput, now: Date): Promise<number> {
  const title = input.title.trim()
  const body = input.body.trim()
  if (!title || title.length > NOTIFICATION_TITLE_MAX) throw new Error('notify: the title is empty or too long')
  if (body.length > NOTIFICATION_BODY_MAX) throw new Error('notify: the body is too long')
  const link = input.link ?? null
  if (link !== null && !NotificationLinkSchema.safeParse(link).success)
    throw new Error('notify: a link must be a path inside the portal')

  const accountNumber = 'userId' in input ? null : input.accountNumber
  const userIds = 'userId' in input ? [input.userId] : await userIdsHoldingAccount(db, input.accountNumber)
  if (userIds.length === 0) return 0
  const severity = input.severity ?? DEFAULT_SEVERITY[input.kind]
  await db.insert(inbox).values(
    userIds.map((userId) => ({
      userId,
      accountNumber,
      kind: input.kind,
      severity,
      title,
      body,
      link,
      createdAt: now,
    })),
  )
  return userIds.length
}

type InboxRow = typeof inbox.$inferSelect

function toNotification(row: InboxRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    title: row.title,
    body: row.body,
    link: row.link,
    accountNumber: row.accountNumber,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }
}

/** The caller's notifications: their own, and an account's only while their token lists it. */
function visibleTo(caller: Caller): SQL {
  return and(
    eq(inbox.userId, caller.sub),
    caller.accountNumbers.length > 0
      ? or(isNull(inbox.accountNumber), inArray(inbox.accountNumber, caller.accountNumbers))
      : isNull(inbox.accountNumber),
  )!
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function notFound() {
  return new ServiceError(404, 'not_found', 'No such notification.')
}

export async function unseenCount(db: Executor, caller: Caller): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inbox)
    .where(and(visibleTo(caller), isNull(inbox.readAt)))
  return row?.n ?? 0
}

/** One page, newest first (spec 7: page from 0, size 15 by default), with the unseen count. */
export async function listNotifications(
  db: Executor,
  caller: Caller,
  page: { number: number; size: number },
): Promise<NotificationPage> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(inbox)
      .where(visibleTo(caller))
      .orderBy(desc(inbox.createdAt), desc(inbox.id))
      .limit(page.size)
      .offset(page.number * page.size),
    // Both counts in one statement: all of them, and those read (count of a column skips nulls).
    db
      .select({ total: count(), read: count(inbox.readAt) })
      .from(inbox)
      .where(visibleTo(caller)),
  ])
  const totalElements = counts?.total ?? 0
  const unseen = totalElements - (counts?.read ?? 0)
  return {
    content: rows.map(toNotification),
    number: page.number,
    size: page.size,
    totalElements,
    totalPages: Math.ceil(totalElements / page.size),
    unseenCount: unseen,
  }
}

/** One of the caller's notifications; anyone else's, or an unknown id, is 404. */
export async function findNotification(db: Executor, caller: Caller, id: string): Promise<Notification> {
  if (!UUID.test(id)) throw notFound()
  const [row] = await db
    .select()
    .from(inbox)
    .where(and(visibleTo(caller), eq(inbox.id, id)))
  if (!row) throw notFound()
  return toNotification(row)
}

/**
 * Marks the caller's notifications read (spec 3 readNotifications) and answers the new
 * unseen count. All or nothing: if any id is not the caller's, nothing changes and the
 * answer is 404. A notification read before keeps its first read time.
 */
export async function markRead(db: Executor, caller: Caller, ids: readonly string[], now: Date): Promise<number> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))]
  if (unique.some((id) => !UUID.test(id))) throw notFound()
  const [mine] = await db
    .select({ n: count() })
    .from(inbox)
    .where(and(visibleTo(caller), inArray(inbox.id, unique)))
  if ((mine?.n ?? 0) !== unique.length) throw notFound()
  await db
    .update(inbox)
    .set({ readAt: now })
    .where(and(visibleTo(caller), inArray(inbox.id, unique), isNull(inbox.readAt)))
  return unseenCount(db, caller)
}

/** For a seed or a test: how many notifications a user has, read or not, whatever their links. */
export async function countAllFor(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inbox).where(eq(inbox.userId, userId))
  return row?.n ?? 0
}
