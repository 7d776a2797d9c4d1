/**
 * The notifications of the signed-in customer (issue 11, item 4; spec 2, 4, 7, 8, 9): what
 * the bell needs (one call: the unseen count and the newest three), a page of the list
 * (15 a page), one notification, and marking read. Every call is as the user: the upstream
 * answers only their own (404 otherwise). Times become text here, with the request's
 * clock (time.ts), so the browser gets no date code.
 */
import { data, redirect } from 'react-router'
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POPUP_SIZE,
  NotificationIdSchema,
  type Notification,
} from '../../../lib/notifications'
import { ROLE } from '~/auth/roles'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { notificationPath } from './paths'
import { NOTIFICATIONS_TEXT as TEXT } from './texts'
import { notificationTime } from './time'

/** One notification as the screens show it. */
export type NotificationItem = {
  id: string
  title: string
  body: string
  severity: Notification['severity']
  read: boolean
  link: string | null
  /** spec 9: '5 minutes ago', or 'MMMM dd, yyyy • hh:mm aa'. */
  time: string
  /** The machine-readable time, for <time dateTime>. */
  at: string
}

function itemOf(notification: Notification, now: Date): NotificationItem {
  return {
    id: notification.id,
    title: notification.title,
    body: notification.body,
    severity: notification.severity,
    read: notification.read,
    link: notification.link,
    time: notificationTime(notification.createdAt, now),
    at: notification.createdAt,
  }
}

/** What the bell shows; `failed` when the upstream could not say (spec 8's message in the dropdown). */
export type NotificationBellData =
  | { failed: false; unseenCount: number; items: NotificationItem[]; hasMore: boolean }
  | { failed: true; unseenCount: null; items: []; hasMore: false }

/**
 * For the customer shell's loader: the unseen count and the newest three (spec 2, 9), in one
 * upstream call. Never throws for an upstream failure: the bell then shows no count.
 */
export async function loadNotificationBell(me: UserCaller, now = new Date()): Promise<NotificationBellData> {
  const answer = await me.call((upstream, token) =>
    upstream.notifications.list(token, { number: 0, size: NOTIFICATIONS_POPUP_SIZE }),
  )
  if (!answer.ok) return { failed: true, unseenCount: null, items: [], hasMore: false }
  const page = answer.value
  return {
    failed: false,
    unseenCount: page.unseenCount,
    items: page.content.map((notification) => itemOf(notification, now)),
    hasMore: page.totalElements > page.content.length,
  }
}

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

/** ?page=N, from 1 as people count; anything else is the first page. */
export function pageNumberOf(url: URL): number {
  const page = url.searchParams.get('page')
  return page && /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1
}

export type NotificationsPageData =
  | { failed: false; items: NotificationItem[]; page: number; totalPages: number; unseenCount: number }
  | { failed: true; message: string }

/** spec 7, 9: one page of 15, newest first. */
export async function loadNotificationsPage(visit: Visit, url: URL, now = new Date()): Promise<NotificationsPageData> {
  const me = await customer(visit)
  const page = pageNumberOf(url)
  const answer = await me.call((upstream, token) =>
    upstream.notifications.list(token, { number: page - 1, size: NOTIFICATIONS_PAGE_SIZE }),
  )
  if (!answer.ok) return { failed: true, message: TEXT.failed }
  const { content, totalPages, unseenCount } = answer.value
  return { failed: false, items: content.map((n) => itemOf(n, now)), page, totalPages, unseenCount }
}

/** The :id of a notification's route; anything but a uuid is not found. */
function requireNotificationId(id: string | undefined): string {
  const parsed = NotificationIdSchema.safeParse(id)
  if (!parsed.success) throw data({ message: TEXT.notFound }, { status: 404 })
  return parsed.data
}

export type NotificationData =
  { failed: false; notification: NotificationItem; unseenCount: number | null } | { failed: true; message: string }

/** One notification and the unseen count; another user's, or an unknown id, is the not-found page. */
export async function loadNotification(visit: Visit, id: string | undefined, now = new Date()) {
  const me = await customer(visit)
  const notificationId = requireNotificationId(id)
  const [found, unseen] = await Promise.all([
    me.call((upstream, token) => upstream.notifications.get(token, notificationId)),
    me.call((upstream, token) => upstream.notifications.unseenCount(token)),
  ])
  if (!found.ok) {
    if (found.error.kind === 'rejected' && found.error.status === 404)
      throw data({ message: TEXT.notFound }, { status: 404 })
    return { failed: true, message: found.message } satisfies NotificationData
  }
  return {
    failed: false,
    notification: itemOf(found.value, now),
    unseenCount: unseen.ok ? unseen.value : null,
  } satisfies NotificationData
}

/** The intents of a notification's form: open it (mark read, then show it), or mark it read where it is. */
export const NOTIFICATION_INTENT = { open: 'open', read: 'read' } as const

/**
 * POST /customer/notifications/:id. 'open' (the list's and the bell's buttons without
 * JavaScript, spec 4: read on open) marks it read and shows it; 'read' (the page's own
 * request after 500 ms with JavaScript, or its button without) marks it read and answers
 * the new unseen count, after which every loader on the page runs again (the bell's count).
 */
export async function notificationAction(visit: Visit, form: FormData, id: string | undefined) {
  const me = await customer(visit)
  const notificationId = requireNotificationId(id)
  const intent = form.get('intent')
  if (intent !== NOTIFICATION_INTENT.open && intent !== NOTIFICATION_INTENT.read)
    throw data({ message: TEXT.failed }, { status: 400 })
  const marked = await me.call((upstream, token) => upstream.notifications.markRead(token, [notificationId]))
  if (!marked.ok) {
    if (marked.error.kind === 'rejected' && marked.error.status === 404)
      throw data({ message: TEXT.notFound }, { status: 404 })
    // Opening still shows it; it stays unread and says so.
    if (intent === NOTIFICATION_INTENT.open) return redirect(notificationPath(notificationId))
    return data({ unseenCount: null, error: marked.message }, { status: 503 })
  }
  if (intent === NOTIFICATION_INTENT.open) return redirect(notificationPath(notificationId))
  return { unseenCount: marked.value, error: null }
}
