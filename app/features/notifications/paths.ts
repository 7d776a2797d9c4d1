/** Where the notifications live (spec 2: /customer/notifications), and spec 9's read delay. */
export const NOTIFICATIONS_PAGE = '/customer/notifications'
export const notificationPath = (id: string) => `${NOTIFICATIONS_PAGE}/${id}`

/** spec 4, 9: with JavaScript, an opened notification is marked read after 500 ms. */
export const READ_DELAY_MS = 500
