/**
 * Calling upstream, one style (docs/decisions/0016, 0067): every call answers a result. The
 * upstream's expected failures (unavailable, rejected, an invalid answer) come back as
 * `{ ok: false, error, message }` with spec 8's message (or a rate limit's own), for a toast
 * or a form (failureReply keeps the user's input); anything else is a bug and is thrown for
 * the error boundary.
 *
 * - As the portal: no user's token (public content, a visitor's check, a lead).
 * - As the signed-in user: the call gets the session's access token, refreshed first when it
 *   expires within a minute (one refresh per session, across callers and processes); a
 *   refresh that fails ends the session and throws a redirect to /login (spec 7, spec 8).
 *   After a call that changed the user's attributes (accounts, flags) the tokens are
 *   renewed, so the claims and the session's roles say what is now true.
 *
 * A sales agent checking for a customer calls as themselves, a visitor as the portal:
 * both are a Caller, so the feature picks one and calls it the same way.
 */
import type { IdTokenClaims } from '~/auth/id-token.server'
import type { SessionScope, User } from '~/auth/session.server'
import { data } from 'react-router'
import { isUpstreamError, type UpstreamError } from '~/upstream/errors'
import type { Upstream } from '~/upstream/index.server'
import { upstreamMessage, upstreamStatus } from '~/utils/upstream-failure'

export type Failure = {
  ok: false
  error: UpstreamError
  /** What to tell the user: spec 8's message, or a rate limit's own. */
  message: string
}
export type Result<T> = { ok: true; value: T } | Failure

/** A call's body: the upstream's services, and the access token when the caller is a user. */
export type UpstreamCall<T> = (upstream: Upstream, accessToken: string | undefined) => Promise<T>

export type Caller = {
  call<T>(upstreamCall: UpstreamCall<T>): Promise<Result<T>>
}

export type CallOptions = {
  /** The call changes the user's attributes (linked accounts, the active one, flags): new tokens after it. */
  changesAttributes?: boolean
}

export type UserCallResult<T> =
  | {
      ok: true
      value: T
      /** The user after the call: their new kind and home when it changed their roles. */
      user: User
    }
  | Failure

export type UserCaller = {
  user: User
  /** The ID token's claims: given name, account numbers, the spec 4 flags, the agent code. */
  claims: IdTokenClaims
  call<T>(
    upstreamCall: (upstream: Upstream, accessToken: string) => Promise<T>,
    options?: CallOptions,
  ): Promise<UserCallResult<T>>
}

/** The failure of a call as a result, or the error thrown again when it is not the upstream's. */
export function failureOf(error: unknown): Failure {
  if (!isUpstreamError(error)) throw error
  return { ok: false, error, message: upstreamMessage(error) }
}

/**
 * For a page that cannot go on without the answer: the failure as the page's own answer,
 * 503 and the shell's "not available right now" when the upstream could not answer, its
 * 4xx when it refused (docs/security.md, Upstream faults). Never cached.
 */
export function failedPage(failure: Failure): never {
  throw data(null, { status: upstreamStatus(failure.error), headers: { 'cache-control': 'no-store' } })
}

/** Runs a promise of the upstream's and answers its result. */
export async function resultOf<T>(pending: Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await pending }
  } catch (error) {
    return failureOf(error)
  }
}

export function createCaller(upstream: Upstream): Caller {
  return { call: (upstreamCall) => resultOf(upstreamCall(upstream, undefined)) }
}

export function createUserCaller(
  upstream: Upstream,
  session: SessionScope,
  user: User,
  claims: IdTokenClaims,
): UserCaller {
  return {
    user,
    claims,
    async call(upstreamCall, { changesAttributes = false } = {}) {
      const accessToken = await session.accessToken()
      const done = await resultOf(upstreamCall(upstream, accessToken))
      if (!done.ok) return done
      return { ok: true, value: done.value, user: changesAttributes ? await session.renew() : user }
    },
  }
}
