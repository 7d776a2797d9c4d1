/**
 * /logout (spec 2, 4): asks first. NO goes back to the user's home; YES is a plain form
 * post (works without JavaScript) that discards the draft, ends the portal session
 * upstream, clears both cookies and the browser's storage, ends the provider's session
 * from the server (spec 3: the logout body is the tokens) and lands on / where the toast
 * says 'Successfully Logged Out'. Only if the provider cannot be reached that way does
 * the browser go through its logout page (RP-initiated logout), so a kiosk never keeps a
 * provider session that would sign the next person in as this user.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useLoaderData,
} from 'react-router'
import { oidcFor } from '~/auth/oidc.server'
import { visitOf } from '~/visit/visit.server'
import { clearSubmittedCookie } from '~/features/apply/wizard.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Logout', 'Log out of your account.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export const LOGGED_OUT = 'Successfully Logged Out' // spec 8

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await visitOf(request, context).user()
  if (!user) throw redirect('/')
  return { home: user.home }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { config } = context
  const visit = visitOf(request, context)
  const user = await visit.user()
  // First, while the session's token still opens a draft this user claimed: nothing of it stays (docs/decisions/0018).
  // A sales agent's customer draft stays upstream, theirs, to resume by order id after signing in again (spec 4,
  // issue 13); only this browser's cookie goes. The last submission's reference goes too (a kiosk's next user).
  if (user?.kind === 'sales') await visit.draft.forget()
  else await visit.draft.discard()
  visit.setCookie(await clearSubmittedCookie(config))
  // The session ends upstream and its cookie is cleared (both through the visit).
  const { tokens } = await visit.session.end()
  const headers = visit.cookiesToAnswer()
  // Not "cookies": that would also drop the toast cookie set by this very response (and
  // the theme and cookie-banner choices); the session cookie is cleared by name and its
  // session is already revoked upstream.
  headers.set('clear-site-data', '"cache", "storage"')
  const loggedOut = (to: string) => redirectWithToast(config, to, { kind: 'success', message: LOGGED_OUT }, { headers })
  if (!tokens) return loggedOut('/')
  const oidc = await oidcFor(config).catch((error: unknown) => {
    context.logger.error(
      { requestId: context.requestId, err: error },
      'OpenID provider unreachable at logout: its session may outlive the portal session',
    )
    return null
  })
  if (!oidc || (await oidc.logout(tokens.refreshToken))) return loggedOut('/')
  context.logger.warn(
    { requestId: context.requestId },
    'server-side logout at the provider failed: the browser goes through its logout page',
  )
  return loggedOut(oidc.endSessionUrl(tokens.idToken) ?? '/')
}

export default function Logout() {
  const { home } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-bold">Logout</h1>
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
