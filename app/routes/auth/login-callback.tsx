/**
 * /login/callback: the provider sends the browser back here with a code. Success: a new
 * session and the user's home (spec 4). Anything else (another browser's state, an error
 * from the provider, a forged ID token): 400 and a way to start again.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { finishSignIn } from '~/features/auth/sign-in.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Login', 'Log in to your account.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export const SIGN_IN_NOT_COMPLETED = 'We could not complete your sign-in. Please log in again.'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const outcome = await finishSignIn(visitOf(request, context), request)
  if (outcome instanceof Response) return outcome
  return data({ message: SIGN_IN_NOT_COMPLETED }, { status: 400, headers: outcome.headers })
}

export default function LoginCallback() {
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-bold">Login</h1>
      <p role="alert">{SIGN_IN_NOT_COMPLETED}</p>
      <AppLink to="/login" reloadDocument className={buttonClass('primary')}>
        Login
      </AppLink>
    </section>
  )
}
