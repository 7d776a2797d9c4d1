/**
 * Calling upstream as the signed-in user: the one way an authenticated action or loader
 * reaches the upstream (docs/decisions/0016). `call`
 * - hands the call the session's access token, refreshed first when it expires within a
 *   minute (token-keeper.ts: one refresh per session, across callers and processes); a
 *   refresh that fails ends the session and throws a redirect to /login (spec 7, spec 8);
 * - answers the upstream's expected failures (unavailable, rejected, an invalid answer)
 *   as a typed result carrying spec 8's message, for a toast, or for a form through
 *   failureReply (app/utils/form.server.ts) with the user's input kept; anything else is
 *   thrown for the error boundary;
 * - after a call that changed the user's attributes (accounts, flags), renews the tokens
 *   so the claims and the session's roles say what is now true.
 *
 * The call gets every upstream service, so billing, payments, notifications and the
 * sales area call theirs the same way.
 */
import type { AppLoadContext } from 'react-router'
import { isUpstreamError, type UpstreamError } from '~/upstream/errors'
import { upstreamFor, type Upstream } from '~/upstream/index.server'
import { upstreamMessage } from '~/utils/upstream-failure'
import type { IdTokenClaims } from './id-token.server'
import { getAccessToken, renewTokens, requireClaims, requireRole, requireUser, type User } from './session.server'

export type CallOptions = {
  /** The call changes the user's attributes (linked accounts, the active one, flags): new tokens after it. */
  changesAttributes?: boolean
}

export type CallResult<T> =
  | {
      ok: true
      value: T
      /** The user after the call: their new kind and home when it changed their roles. */
      user: User
    }
  | {
      ok: false
      error: UpstreamError
      /** What to tell the user: spec 8's message, or a rate limit's own. */
      message: string
    }

export type SignedIn = {
  user: User
  /** The ID token's claims: given name, account numbers, the spec 4 flags. */
  claims: IdTokenClaims
  call<T>(
    upstreamCall: (upstream: Upstream, accessToken: string) => Promise<T>,
    options?: CallOptions,
  ): Promise<CallResult<T>>
}

/**
 * The signed-in user, to read and to call upstream as. Anonymous: a redirect to /login;
 * with `roles`, a user holding none of them goes to their own home (requireRole).
 */
export async function asUser(
  request: Request,
  context: AppLoadContext,
  options: { roles?: readonly string[] } = {},
): Promise<SignedIn> {
  const user = options.roles ? await requireRole(request, context, options.roles) : await requireUser(request, context)
  const claims = await requireClaims(request, context)
  return {
    user,
    claims,
    async call(upstreamCall, { changesAttributes = false } = {}) {
      const accessToken = await getAccessToken(request, context)
      let value
      try {
        value = await upstreamCall(upstreamFor(context), accessToken)
      } catch (error) {
        if (!isUpstreamError(error)) throw error
        return { ok: false, error, message: upstreamMessage(error) }
      }
      return { ok: true, value, user: changesAttributes ? await renewTokens(request, context) : user }
    },
  }
}
