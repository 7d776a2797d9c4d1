/** /customer/notifications (spec 2, 9): 15 a page, newest first, paging by plain links. */
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { NoNotifications, OpenNotification } from './notification-parts'
import type { NotificationsPageData } from './notifications.server'
import { NOTIFICATIONS_PAGE } from './paths'
import { NOTIFICATIONS_TEXT as TEXT } from './texts'

const pageLink = (page: number) => (page <= 1 ? NOTIFICATIONS_PAGE : `${NOTIFICATIONS_PAGE}?page=${page}`)

export function NotificationList({ list }: { list: NotificationsPageData }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.heading}</h1>
        {list.failed ? null : (
          <p role="status" data-testid="unseen-count" className="text-sm text-slate-600 dark:text-slate-300">
            {TEXT.unread(list.unseenCount)}
          </p>
        )}
      </div>
      {list.failed ? (
        <p role="alert" className="rounded-lg border border-red-300 p-4 dark:border-red-800">
          {list.message}
        </p>
      ) : list.items.length === 0 ? (
        <NoNotifications />
      ) : (
        <ul
          aria-label={TEXT.heading}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {list.items.map((item) => (
            <li key={item.id}>
              <OpenNotification item={item} />
            </li>
          ))}
        </ul>
      )}
      {!list.failed && list.totalPages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4">
          {list.page > 1 ? (
            <AppLink to={pageLink(list.page - 1)} rel="prev" className={buttonClass('secondary')}>
              {TEXT.previous}
            </AppLink>
          ) : (
            <span />
          )}
          <span className="text-sm">{TEXT.page(list.page, list.totalPages)}</span>
          {list.page < list.totalPages ? (
            <AppLink to={pageLink(list.page + 1)} rel="next" className={buttonClass('secondary')}>
              {TEXT.next}
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  )
}
