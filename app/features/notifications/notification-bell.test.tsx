/**
 * The bell as the server renders it, which is all a visitor without JavaScript gets
 * (spec 2): the count, at most three items that open by form, 'Show more' only when there
 * are more, the link to the page for small screens, and spec 8's texts.
 */
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { NotificationBell } from './notification-bell'
import type { NotificationBellData, NotificationItem } from './notifications.server'

async function render(bell: NotificationBellData | null) {
  const handler = createStaticHandler([{ id: 'page', path: '/customer', element: <NotificationBell bell={bell} /> }])
  const context = await handler.query(new Request('http://localhost/customer'))
  if (context instanceof Response) throw new Error('unexpected redirect')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />).replaceAll(
    '&#x27;',
    "'",
  )
}

const item = (n: number, read = false): NotificationItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Title ${n}`,
  body: `Body ${n}`,
  severity: 'info',
  read,
  link: null,
  time: `${n} minutes ago`,
  at: '2026-11-23T04:00:00.000Z',
})

describe('NotificationBell', () => {
  it('shows the unseen count on the bell and in its name, for the dropdown and the small-screen link', async () => {
    const html = await render({ failed: false, unseenCount: 4, items: [item(1), item(2), item(3)], hasMore: true })
    expect(html.match(/aria-label="Notifications, 4 unread"/g)).toHaveLength(2)
    expect(html.match(/data-testid="notification-count"[^>]*>4</g)).toHaveLength(2)
    expect(html).toMatch(/<a href="\/customer\/notifications"[^>]*aria-label="Notifications, 4 unread"/)
    expect(html).toContain('<details')
  })

  it('lists the items as forms that open each one, and Show more when there are more', async () => {
    const html = await render({
      failed: false,
      unseenCount: 1,
      items: [item(1), item(2, true), item(3)],
      hasMore: true,
    })
    expect(html.match(/<form method="post" action="\/customer\/notifications\/[0-9a-f-]{36}"/g)).toHaveLength(3)
    expect(html.match(/name="intent" value="open"/g)).toHaveLength(3)
    expect(html).toContain('Title 2')
    expect(html).toContain('>Show more</a>')
  })

  it('has no Show more when everything fits', async () => {
    const html = await render({ failed: false, unseenCount: 0, items: [item(1, true)], hasMore: false })
    expect(html).not.toContain('Show more')
    expect(html).not.toContain('notification-count')
    expect(html).toContain('aria-label="Notifications, none unread"')
  })

  it('says spec 8 empty texts when there is nothing', async () => {
    const html = await render({ failed: false, unseenCount: 0, items: [], hasMore: false })
    expect(html).toContain('No notification')
    expect(html).toContain('We will notify you when something arrives')
  })

  it("says spec 8's error when the upstream could not answer, with no count", async () => {
    const html = await render({ failed: true, unseenCount: null, items: [], hasMore: false })
    expect(html).toContain('Something went wrong. Please try again later.')
    expect(html).toContain('aria-label="Notifications"')
    expect(html).not.toContain('notification-count')
  })
})
