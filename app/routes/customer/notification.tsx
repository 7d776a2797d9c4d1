/**
 * /customer/notifications/:id: one notification. POST 'open' marks it read and shows it
 * (the list's and the bell's buttons without JavaScript); POST 'read' marks it read where
 * it is (after 500 ms with JavaScript, spec 4). Another user's id is not found.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { NotificationView } from '~/features/notifications/notification-view'
import { loadNotification, notificationAction } from '~/features/notifications/notifications.server'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Notification', 'A notification.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return { view: await loadNotification(visitOf(request, context), params.id) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return notificationAction(visitOf(request, context), await readForm(request), params.id)
}

export default function NotificationPage() {
  const { view } = useLoaderData<typeof loader>()
  return <NotificationView view={view} />
}
