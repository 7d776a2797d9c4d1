/**
 * The customer shell (spec 2, Shell and Layout), a pathless layout around the customer
 * pages (/customer, /dashboard, /account/subscription and the other customer-only routes):
 * the customer top bar instead of the public header, and the layout rule. It renders any
 * child; the child loads its own data.
 *
 * The notification bell is the notifications feature's (count and newest three from this
 * loader, revalidated after every action, so reading one lowers the count everywhere).
 */
import { type LoaderFunctionArgs, Outlet, useLoaderData, useRouteLoaderData } from 'react-router'
import { CustomerShell, type CustomerShellData } from '~/features/customer-shell/customer-shell'
import { customerShellData } from '~/features/customer-shell/customer-shell.server'
import { NotificationBell } from '~/features/notifications/notification-bell'
import { GeneralErrorBoundary } from '~/features/shell/error-boundary'
import { TourHost } from '~/features/tour/tour-host'
import { useRootData } from '~/root-data'
import { visitOf } from '~/visit/visit.server'

/** Read by the root layout: with this route's data present, the root renders no header or <main> of its own. */
export const handle = { customerShell: true }

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return customerShellData(visitOf(request, context), new URL(request.url))
}

export default function CustomerLayout() {
  const data = useLoaderData<typeof loader>()
  return (
    <CustomerShell
      data={data}
      productName={useRootData()?.productName ?? ''}
      bell={data.bell ? <NotificationBell bell={data.bell} /> : undefined}
    >
      <Outlet />
      {/* The coachmarks (spec 4) follow the tour across the customer pages (?tour=N). */}
      <TourHost />
    </CustomerShell>
  )
}

/** A child page that failed keeps the customer shell (docs/conventions.md, Errors). */
export function ErrorBoundary() {
  const data = useRouteLoaderData('customer-shell') as CustomerShellData | undefined
  const productName = useRootData()?.productName ?? ''
  if (!data) return <GeneralErrorBoundary />
  return (
    <CustomerShell
      data={{ ...data, content: true }}
      productName={productName}
      bell={data.bell ? <NotificationBell bell={data.bell} /> : undefined}
    >
      <GeneralErrorBoundary />
    </CustomerShell>
  )
}
