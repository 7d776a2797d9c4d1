/** /account/wifi (issue 18): the modem's Wi-Fi for the active account. Personal, and passwords pass through: never cached. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { lazy, Suspense } from 'react'
import { WIFI_PAGE_TEXT as TEXT } from '~/features/wifi/texts'
import { wifiAction, wifiPage, type WifiActionData } from '~/features/wifi/wifi.server'
import { AppLink } from '~/ui/app-link'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

// Rendered whole on the server, hydrated once its code has loaded (docs/decisions/0023): the JS budget.
const WifiPage = lazy(() => import('~/features/wifi/wifi-page').then((module) => ({ default: module.WifiPage })))
const KeptChangeForm = lazy(() =>
  import('~/features/wifi/wifi-page').then((module) => ({ default: module.KeptChangeForm })),
)

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.title, TEXT.description)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return wifiPage(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return wifiAction(visitOf(request, context), await readForm(request))
}

export default function Wifi() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as WifiActionData | undefined
  if (view.status !== 'ok') {
    // A change sent while the service fails comes back as its form, with its message (the
    // page's own would say the same twice).
    const kept = view.status === 'unavailable' && actionData?.form === 'change' ? actionData.result : undefined
    return (
      <section className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.title}</h1>
        {kept && view.status === 'unavailable' ? (
          <Suspense fallback={null}>
            <KeptChangeForm result={kept} constraint={view.constraint.change} />
          </Suspense>
        ) : (
          <p role="alert">{view.status === 'no-account' ? TEXT.noAccount : view.message}</p>
        )}
        <AppLink to="/customer" className="underline">
          {TEXT.back}
        </AppLink>
      </section>
    )
  }
  return (
    <Suspense fallback={null}>
      <WifiPage
        accountNumber={view.accountNumber}
        wifi={view.wifi}
        constraint={view.constraint}
        actionData={actionData}
      />
    </Suspense>
  )
}
