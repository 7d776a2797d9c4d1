/**
 * /logout (spec 2, 4): asks first. NO goes back to the user's home; YES is a plain form
 * post (works without JavaScript) that ends the portal session upstream, clears the
 * cookie and the browser's storage, and ends the provider's session (RP-initiated logout),
 * which then sends the browser to / where the toast says 'Successfully Logged Out'.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { oidcFor } from '~/auth/oidc.server'
import { endSession, getUser } from '~/auth/session.server'
import { serializeToast } from '~/features/shell/toast.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, 'Log out', 'Log out of your account.'), { name: 'robots', content: 'noindex' }]

export const headers = () => ({ 'cache-control': 'no-store' })

export const LOGGED_OUT = 'Successfully Logged Out' // spec 8

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context)
  if (!user) throw redirect('/')
  return { home: user.home }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { config } = context
  const { idToken, clearCookie } = await endSession(request, context)
  const headers = new Headers()
  headers.append('set-cookie', clearCookie)
  headers.append('set-cookie', await serializeToast(config, { kind: 'success', message: LOGGED_OUT }))
  // Not "cookies": that would also drop the toast cookie set by this very response (and
  // the theme and cookie-banner choices); the session cookie is cleared by name and its
  // session is already revoked upstream.
  headers.set('clear-site-data', '"cache", "storage"')
  const providerLogout = idToken ? (await oidcFor(config)).endSessionUrl(idToken) : null
  return redirect(providerLogout ?? '/', { headers })
}

export default function Logout() {
  const { home } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-bold">Log out</h1>
      <p>Do you want to log out?</p>
      <div className="flex gap-3">
        <AppLink to={home} className={buttonClass('secondary')}>
          NO
        </AppLink>
        {/* A document post, not a fetch: the answer leaves for the provider and clears site data. */}
        <form method="post" action="/logout">
          <button type="submit" className={buttonClass('primary')}>
            YES
          </button>
        </form>
      </div>
    </section>
  )
}
