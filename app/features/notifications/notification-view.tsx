/**
 * One notification (/customer/notifications/:id). Opened from the list or the bell with
 * JavaScript, it is marked read after 500 ms (spec 4, 9) by a background post, after which
 * the page's loaders run again and the counts drop; without JavaScript opening already
 * marked it read on the server, and a page reached another way offers 'Mark as read'.
 */
import { Form, useFetcher } from 'react-router'
import { useEffect } from 'react'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { SeverityDot } from './notification-parts'
import type { NotificationData } from './notifications.server'
import { NOTIFICATIONS_PAGE, READ_DELAY_MS } from './paths'
import { NOTIFICATIONS_TEXT as TEXT } from './texts'

export function NotificationView({ view }: { view: NotificationData }) {
  const { submit } = useFetcher()
  const pendingRead = !view.failed && !view.notification.read ? view.notification.id : null
  useEffect(() => {
    if (!pendingRead) return
    const timer = window.setTimeout(() => submit({ intent: 'read' }, { method: 'post' }), READ_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [pendingRead, submit])

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <AppLink to={NOTIFICATIONS_PAGE} className="text-sm font-semibold text-brand-600 dark:text-orange-300">
          {`← ${TEXT.back}`}
        </AppLink>
        {!view.failed && view.unseenCount !== null ? (
          <p role="status" data-testid="unseen-count" className="text-sm text-slate-600 dark:text-slate-300">
            {TEXT.unread(view.unseenCount)}
          </p>
        ) : null}
      </div>
      {view.failed ? (
        <p role="alert" className="rounded-lg border border-red-300 p-4 dark:border-red-800">
          {view.message}
        </p>
      ) : (
        <article className="flex flex-col gap-3" aria-labelledby="notification-title">
          <div className="flex gap-3">
            <SeverityDot severity={view.notification.severity} />
            <h1 id="notification-title" className="text-2xl font-extrabold tracking-tight">
              {view.notification.title}
            </h1>
          </div>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            <time dateTime={view.notification.at}>{view.notification.time}</time>
            {view.notification.read ? <span data-testid="read-state">{` • ${TEXT.read}`}</span> : null}
          </p>
          {view.notification.body ? <p className="whitespace-pre-line">{view.notification.body}</p> : null}
          <div className="flex flex-wrap gap-3">
            {view.notification.link ? (
              <AppLink to={view.notification.link} className={buttonClass('primary')}>
                {TEXT.followLink}
              </AppLink>
            ) : null}
            {view.notification.read ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="read" />
                <Button type="submit" variant="secondary">
                  {TEXT.markRead}
                </Button>
              </Form>
            )}
          </div>
        </article>
      )}
    </section>
  )
}
