/**
 * /help/stores and /payBill/stores (issue 16; spec 2: the /help and /payBill prefixes): the store
 * locator, one module for both (the route's id names the page). Public, and the same for every
 * visitor but for their own draft's pin and posted place: not cached by shared caches.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { StoreLocator } from '~/features/stores/store-locator'
import { storeLocatorAction, storeLocatorPage, type StorePageKind } from '~/features/stores/stores.server'
import { STORES_TEXT as TEXT } from '~/features/stores/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { keptPublicPage } from '~/utils/page-cache'
import { visitOf } from '~/visit/visit.server'

function pageOf(url: string): StorePageKind {
  return new URL(url).pathname.toLowerCase().startsWith('/paybill') ? 'pay' : 'help'
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.title, TEXT.description)

export const headers = () => ({ 'cache-control': 'private, no-cache' })

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  return storeLocatorPage(visitOf(request, context), pageOf(request.url), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return storeLocatorAction(
    visitOf(request, context),
    pageOf(request.url),
    new URL(request.url),
    await readForm(request),
  )
}

export default function Stores() {
  const view = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  return <StoreLocator view={view} posted={posted} />
}
