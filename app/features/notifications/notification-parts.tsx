/**
 * The pieces the bell and the page share: a notification that opens when chosen, and the
 * empty state. Opening marks it read (spec 4): without JavaScript it is a form that posts
 * 'open' (the server marks it read and shows it); with JavaScript it goes to the
 * notification, whose page marks it read after 500 ms (notification-view.tsx).
 */
import { useNavigate } from 'react-router'
import type { NotificationItem } from './notifications.server'
import { notificationPath } from './paths'
import { NOTIFICATIONS_TEXT as TEXT } from './texts'

const SEVERITY_DOT: Record<NotificationItem['severity'], string> = {
  info: 'bg-sky-500',
  success: 'bg-emerald-500',
  warning: 'bg-amber-500',
  critical: 'bg-red-600',
}

export function SeverityDot({ severity }: { severity: NotificationItem['severity'] }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-1.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full ${SEVERITY_DOT[severity]}`}
    />
  )
}

export function OpenNotification({ item, compact = false }: { item: NotificationItem; compact?: boolean }) {
  const navigate = useNavigate()
  const to = notificationPath(item.id)
  return (
    <form
      method="post"
      action={to}
      onSubmit={(event) => {
        event.preventDefault()
        navigate(to)
      }}
    >
      <input type="hidden" name="intent" value="open" />
      <button
        type="submit"
        data-notification={item.id}
        data-read={item.read ? 'true' : 'false'}
        className="flex w-full gap-3 rounded-md px-3 py-3 text-left hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
      >
        <SeverityDot severity={item.severity} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={`${item.read ? 'font-medium' : 'font-bold'} text-slate-900 dark:text-slate-100`}>
            {item.title}
          </span>
          {item.body ? (
            <span className={`text-sm text-slate-600 dark:text-slate-300 ${compact ? 'line-clamp-1' : 'line-clamp-2'}`}>
              {item.body}
            </span>
          ) : null}
          <time dateTime={item.at} className="text-xs text-slate-500 dark:text-slate-400">
            {item.time}
          </time>
        </span>
        {item.read ? null : (
          <span className="self-start rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {TEXT.newBadge}
          </span>
        )}
      </button>
    </form>
  )
}

/** spec 8: the empty list's two lines. */
export function NoNotifications() {
  return (
    <div className="flex flex-col items-center gap-1 px-4 py-8 text-center">
      <p className="font-semibold">{TEXT.emptyTitle}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.emptyBody}</p>
    </div>
  )
}
