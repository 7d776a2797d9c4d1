/** The words of the notifications bell and page (spec 8's texts verbatim; the rest ours). */
export const NOTIFICATIONS_TEXT = {
  heading: 'Notifications',
  // spec 8, Notifications.
  failed: 'Something went wrong. Please try again later.',
  emptyTitle: 'No notification',
  emptyBody: 'We will notify you when something arrives',
  // spec 2: the dropdown's way to the page when there are more than it shows.
  showMore: 'Show more',
  unread: (count: number) => (count === 0 ? 'No unread notifications' : `${count} unread`),
  bellLabel: (count: number | null) =>
    count === null ? 'Notifications' : count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`,
  newBadge: 'New',
  open: (title: string) => `Open notification: ${title}`,
  previous: 'Previous',
  next: 'Next',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  back: 'Back to notifications',
  markRead: 'Mark as read',
  read: 'Read',
  followLink: 'Go there',
  notFound: 'This notification could not be found.',
} as const
