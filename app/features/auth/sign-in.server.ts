/**
 * The two halves of sign-in: /login sends the browser to the provider, /login/callback
 * takes it back, checks everything and starts a new portal session.
 */
import { redirect } from 'react-router'
import { signedCookie } from '~/utils/cookies.server'
import type { Config } from '../../../lib/env'
import { safeRedirect } from '~/utils/safe-redirect'
import { oidcFor } from '~/auth/oidc.server'
import type { Visit } from '~/visit/visit.server'

/** Where to go after sign-in (`redirectTo`), kept as long as the provider's login may take. */
const redirectToCookie = (config: Config) => signedCookie(config, 'login-redirect', 600)

/**
 * /login: a signed-in user goes home (or to `redirectTo`); anyone else to the provider. The
 * request is the sign-in strategy's to read (its headers, the state cookies).
 */
export async function beginSignIn(visit: Visit, request: Request): Promise<Response> {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  const user = await visit.user()
  if (user) return redirect(redirectTo || user.home)

  const oidc = await oidcFor(visit.config)
  // Only the path: a `state` in the query would make the strategy take this for a callback.
  const start = new Request(`${url.origin}${url.pathname}`, { headers: request.headers })
  try {
    await oidc.authenticator.authenticate('oidc', start)
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const headers = new Headers(thrown.headers)
    headers.append(
      'set-cookie',
      await redirectToCookie(visit.config).serialize(redirectTo, redirectTo ? {} : { maxAge: 0, expires: new Date(0) }),
    )
    return new Response(null, { status: thrown.status, headers })
  }
  throw new Error('the sign-in strategy did not redirect to the provider')
}

export type SignInFailure = { ok: false; headers: Headers }

/**
 * /login/callback: the strategy checks state against the browser's cookie and redeems the
 * code with the verifier; the ID token is verified; a NEW session starts. Returns the
 * redirect home, or a failure for the route to show with status 400.
 */
export async function finishSignIn(visit: Visit, request: Request): Promise<Response | SignInFailure> {
  const { config, logger, requestId } = visit
  const oidc = await oidcFor(config)
  const headers = new Headers()
  // The state cookies have done their work, whatever the outcome.
  for (const name of cookieNames(request)) {
    if (name === oidc.stateCookieName || name.startsWith(`${oidc.stateCookieName}:`)) {
      headers.append(
        'set-cookie',
        `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${config.production ? '; Secure' : ''}`,
      )
    }
  }
  const redirectCookie = redirectToCookie(config)
  const redirectTo = safeRedirect(await redirectCookie.parse(request.headers.get('cookie')), '')
  headers.append('set-cookie', await redirectCookie.serialize('', { maxAge: 0, expires: new Date(0) }))

  let signIn
  try {
    signIn = await oidc.authenticator.authenticate('oidc', request)
  } catch (error) {
    if (error instanceof Response) throw error
    // docs/security.md: a callback with another browser's state, a forged or replayed answer: 400, logged with the request id.
    logger.warn(
      { requestId, err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
      'sign-in callback refused',
    )
    return { ok: false, headers }
  }
  // The new session's cookie goes on this answer through the visit (visit.setCookie).
  const user = await visit.session.start(signIn)
  for (const line of visit.cookiesToAnswer().getSetCookie()) headers.append('set-cookie', line)
  headers.set('location', redirectTo || user.home)
  return new Response(null, { status: 302, headers })
}

function cookieNames(request: Request): string[] {
  const header = request.headers.get('cookie') ?? ''
  return header
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean)
}
