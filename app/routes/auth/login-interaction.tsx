/**
 * The login screen of the embedded OpenID provider (docs/architecture.md, 8). The provider sends
 * the browser here with an interaction cookie; a good password sends it back to the
 * provider, which then redirects to the portal's /login/callback with a code.
 */
import {
  type ActionFunctionArgs,
  data,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirectDocument,
  useActionData,
  useLoaderData,
} from 'react-router'
import { deviceTokenCookie, heldDeviceTokens } from '~/features/auth/device-cookie.server'
import { LoginForm } from '~/features/auth/login-form'
import { LoginSchema } from '~/features/auth/schemas'
import { SIGN_IN_EXPIRED, SIGN_IN_FAILED } from '~/features/auth/texts'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { failureReply, formConstraint, parseWithZod, readForm } from '~/utils/form.server'
import { invariantResponse } from '~/utils/invariant'
import { resultOf } from '~/visit/call.server'
import { visitOf } from '~/visit/visit.server'
import type { SignInOutcome } from '../../../lib/identity-interaction'
import { upstreamFor } from '~/upstream/index.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Login', 'Log in to your account.'),
  { name: 'robots', content: 'noindex' },
]

// A password form: never kept by a cache or the back button.
export const headers = () => ({ 'cache-control': 'no-store' })

function requireIdentityProvider({ context, request }: Pick<LoaderFunctionArgs, 'context' | 'request'>) {
  // In-process the provider binds to this request; with the upstream in other processes it
  // runs there and is asked by signed calls (app/upstream/sign-in.server.ts).
  if (context.identityProvider) return context.identityProvider
  const { config } = context
  // With Keycloak the login screen is Keycloak's: this route does not exist.
  invariantResponse(config.oidc.embedded && config.UPSTREAM_URL, 'No embedded provider', { status: 404 })
  return upstreamFor(context).signIn(request.headers.get('cookie'))
}

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const identity = requireIdentityProvider({ context, request })
  const constraint = formConstraint(LoginSchema)
  const pending = await identity.pending(params.uid ?? '')
  if (!pending) return { expired: true as const, loginHint: null, constraint }
  if (pending.prompt === 'consent') {
    const next = await identity.consent(pending.uid)
    if (next) return redirectDocument(next)
    return { expired: true as const, loginHint: null, constraint }
  }
  return { expired: false as const, loginHint: pending.loginHint, constraint }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const identity = requireIdentityProvider({ context, request })
  const submission = parseWithZod(await readForm(request), { schema: LoginSchema })
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: ['password'] }), expired: false }
  // The browser's device tokens: its tries count per token, not against strangers' (docs/decisions/0062).
  const visit = visitOf(request, context)
  const held = await heldDeviceTokens(visit)
  const attempt = await resultOf<SignInOutcome | null>(
    identity.signIn(params.uid ?? '', { ...submission.value, deviceTokens: held }),
  )
  if (!attempt.ok) {
    // The provider in the upstream's processes did not answer: say so, keep the email.
    const failure = failureReply(attempt.error, submission, { hideFields: ['password'] })
    return data({ result: failure.result, expired: false }, { status: failure.status })
  }
  const outcome = attempt.value
  if (!outcome) return { result: submission.reply({ hideFields: ['password'] }), expired: true }
  if (!outcome.ok) {
    // docs/security.md: failed logins are logged with the request id, never with the email or password.
    context.logger.warn({ requestId: context.requestId, reason: outcome.reason }, 'login failed')
    return { result: submission.reply({ formErrors: [SIGN_IN_FAILED], hideFields: ['password'] }), expired: false }
  }
  // The provider's own URL: a document redirect, never a client-side navigation.
  const setCookie = await deviceTokenCookie(visit, outcome.deviceToken)
  return redirectDocument(outcome.redirectTo, setCookie ? { headers: { 'set-cookie': setCookie } } : undefined)
}

export default function LoginInteraction() {
  const { expired, loginHint, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <h1 className="text-2xl font-bold">Login</h1>
      {expired || actionData?.expired ? (
        <>
          <p role="alert">{SIGN_IN_EXPIRED}</p>
          <Link to="/login" reloadDocument className={buttonClass('primary')}>
            Login
          </Link>
        </>
      ) : (
        <LoginForm lastResult={actionData?.result} constraint={constraint} loginHint={loginHint} />
      )}
    </section>
  )
}
