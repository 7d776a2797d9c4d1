/**
 * The in-app notification calls (spec 7, Notifications; services/notifications/inbox-routes.ts),
 * all as the signed-in user: GET /notifications (page 0, size 15; data in content, with the
 * unseen count), GET /notifications?unseen_count=true, GET /notifications/:id, PATCH to mark read.
 */
import { NotificationPageSchema, NotificationSchema, UnseenCountSchema } from '../../lib/notifications'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export function notificationCalls(client: UpstreamClient) {
  return {
    /** One page, newest first, with the unseen count (the bell asks for page 0 of size 3). */
    list: (accessToken: string, page: { number: number; size: number }) =>
      client.call({
        name: 'notifications.list',
        method: 'GET',
        path: '/notifications',
        query: { page: page.number, size: page.size },
        accessToken,
        schema: envelope(NotificationPageSchema),
      }),

    unseenCount: (accessToken: string) =>
      client.call({
        name: 'notifications.unseenCount',
        method: 'GET',
        path: '/notifications',
        query: { unseen_count: true },
        accessToken,
        schema: envelope(UnseenCountSchema.transform((answer) => answer.unseenCount)),
      }),

    /** One of the user's notifications; anyone else's is a 404 (rejected). */
    get: (accessToken: string, id: string) =>
      client.call({
        name: 'notifications.get',
        method: 'GET',
        path: `/notifications/${encodeURIComponent(id)}`,
        accessToken,
        schema: envelope(NotificationSchema),
      }),

    /** spec 3 readNotifications: marks them read; answers the new unseen count. */
    markRead: (accessToken: string, ids: string[]) =>
      client.call({
        name: 'notifications.markRead',
        method: 'PATCH',
        path: '/notifications',
        body: { readNotifications: ids },
        accessToken,
        schema: envelope(UnseenCountSchema.transform((answer) => answer.unseenCount)),
      }),
  }
}
