/**
 * In-app notifications (issue 11, item 4; spec 3 Notification: id, severity, title, body,
 * createdAt; unseen count; readNotifications): the words and shapes the notifications
 * service and the portal share. The spec's calls (spec 7): GET /notifications (page 0,
 * size 15), GET /notifications?unseen_count=true, data in `content`, PATCH to mark read.
 */
import { z } from 'zod'

/** What caused a notification: the upstream events of issue 11 item 4, or a message of the operator's. */
export const NOTIFICATION_KINDS = [
  'application_status',
  'bill_issued',
  'bill_due',
  'payment_posted',
  'outage',
  'repair_visit',
  'general',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** spec 3's severity. */
export const NOTIFICATION_SEVERITIES = ['info', 'success', 'warning', 'critical'] as const
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number]

/** spec 9: the page size of the list, and how many the bell's dropdown shows. */
export const NOTIFICATIONS_PAGE_SIZE = 15
export const NOTIFICATIONS_POPUP_SIZE = 3
/** The most a caller may ask for in one page. */
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50

export const NOTIFICATION_TITLE_MAX = 120
export const NOTIFICATION_BODY_MAX = 1000

/** A path inside the portal (never another site, never '//host'): where a notification leads. */
export const NotificationLinkSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/)

export const NotificationIdSchema = z.uuid()

/** One notification as the upstream answers it. */
export const NotificationSchema = z.object({
  id: NotificationIdSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  severity: z.enum(NOTIFICATION_SEVERITIES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  /** The account it is about, or null for one about the user. */
  accountNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
})
export type Notification = z.infer<typeof NotificationSchema>

/** GET /notifications: one page, newest first, with the unseen count, so the bell needs one call. */
export const NotificationPageSchema = z.object({
  content: z.array(NotificationSchema),
  /** The page's number, from 0 (spec 7: page 0). */
  number: z.number().int().min(0),
  size: z.number().int().min(1),
  totalElements: z.number().int().min(0),
  totalPages: z.number().int().min(0),
  unseenCount: z.number().int().min(0),
})
export type NotificationPage = z.infer<typeof NotificationPageSchema>

/** GET /notifications?unseen_count=true, and the answer to PATCH /notifications. */
export const UnseenCountSchema = z.object({ unseenCount: z.number().int().min(0) })

/** PATCH /notifications: spec 3's readNotifications, the ids to mark read. */
export const MarkReadSchema = z.strictObject({
  readNotifications: z.array(NotificationIdSchema).min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE),
})
