/** /customer/notifications (spec 2, 7, 8, 9): the customer's notifications, 15 a page. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { NotificationList } from '~/features/notifications/notification-list'
import { loadNotificationsPage } from '~/features/notifications/notifications.server'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Notifications', 'Your notifications.'),
  { name: 'robots', content: 'noindex' },
]

// Personal data: never kept by a cache or shown again by the back button after logout.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { list: await loadNotificationsPage(visitOf(request, context), new URL(request.url)) }
}

export default function NotificationsPage() {
  const { list } = useLoaderData<typeof loader>()
  return <NotificationList list={list} />
}
