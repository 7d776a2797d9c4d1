/**
 * The customer top bar's bell (spec 2): the unseen count, and a dropdown with at most the
 * three newest and 'Show more' when there are more. A <details>, so it opens without
 * JavaScript; on small screens the bell is a link to the notifications page instead.
 * The shell's loader gets its data from loadNotificationBell (one upstream call).
 */
import { useLocation } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { Icon } from '~/ui/icon'
import { NoNotifications, OpenNotification } from './notification-parts'
import type { NotificationBellData } from './notifications.server'
import { NOTIFICATIONS_PAGE } from './paths'
import { NOTIFICATIONS_TEXT as TEXT } from './texts'

function BellIcon() {
  return (
    <Icon className="h-6 w-6">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </Icon>
  )
}

/** The count on the bell; over 99 reads '99+'. Hidden from assistive technology: the label says it. */
function Badge({ count }: { count: number | null }) {
  if (!count) return null
  return (
    <span
      aria-hidden="true"
      data-testid="notification-count"
      className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

const BELL_CLASS =
  'relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'

export function NotificationBell({ bell }: { bell: NotificationBellData | null }) {
  const location = useLocation()
  const count = bell?.unseenCount ?? null
  const label = TEXT.bellLabel(count)
  return (
    <div className="relative">
      {/* spec 2: on mobile-size screens the bell goes to the notifications page. */}
      <AppLink to={NOTIFICATIONS_PAGE} aria-label={label} className={`${BELL_CLASS} md:hidden`}>
        <BellIcon />
        <Badge count={count} />
      </AppLink>
      {/* Re-keyed per page so a navigation closes it. */}
      <details key={location.pathname + location.search} className="hidden md:block">
        <summary aria-label={label} className={`${BELL_CLASS} list-none [&::-webkit-details-marker]:hidden`}>
          <BellIcon />
          <Badge count={count} />
        </summary>
        <div className="absolute right-0 z-40 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-950">
          <h2 className="px-3 py-2 text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {TEXT.heading}
          </h2>
          {!bell || bell.failed ? (
            <p role="alert" className="px-3 py-4 text-sm">
              {TEXT.failed}
            </p>
          ) : bell.items.length === 0 ? (
            <NoNotifications />
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {bell.items.map((item) => (
                <li key={item.id}>
                  <OpenNotification item={item} compact />
                </li>
              ))}
            </ul>
          )}
          {bell && !bell.failed && bell.hasMore ? (
            <AppLink
              to={NOTIFICATIONS_PAGE}
              className="block rounded-md px-3 py-2 text-center text-sm font-semibold text-brand-600 hover:bg-slate-100 dark:text-orange-300 dark:hover:bg-slate-800"
            >
              {TEXT.showMore}
            </AppLink>
          ) : null}
        </div>
      </details>
    </div>
  )
}
