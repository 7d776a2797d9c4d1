/**
 * Test support: the visit's user by (request, context), as tests that call the session's
 * rules directly ask for it. Each call finds this request's visit (visitOf) and asks it, so
 * the session is read once per request however many of them run. No feature uses these:
 * features are handed a Visit (docs/decisions/0067).
 */
import type { AppLoadContext } from 'react-router'
import type { IdTokenClaims } from '~/auth/id-token.server'
import type { User } from '~/auth/session.server'
import type { CallOptions, UserCallResult, UserCaller } from '../../app/visit/call.server'
import { visitOf } from '../../app/visit/visit.server'

export type { User }
/** The signed-in user, to read and to call upstream as (visit.signedIn()). */
export type SignedIn = UserCaller
export type CallResult<T> = UserCallResult<T>
export type { CallOptions }

export const getUser = (request: Request, context: AppLoadContext): Promise<User | null> =>
  visitOf(request, context).user()

export const requireUser = (request: Request, context: AppLoadContext): Promise<User> =>
  visitOf(request, context).session.requireUser()

/** spec 4: a user without one of `roles` goes to their own home (customers with a toast). */
export const requireRole = (request: Request, context: AppLoadContext, roles: readonly string[]): Promise<User> =>
  visitOf(request, context).session.requireRole(roles)

export const requireClaims = (request: Request, context: AppLoadContext): Promise<IdTokenClaims> =>
  visitOf(request, context).session.claims()

/**
 * The signed-in user, to read and to call upstream as. Anonymous: a redirect to /login;
 * with `roles`, a user holding none of them goes to their own home (requireRole).
 */
export const asUser = (
  request: Request,
  context: AppLoadContext,
  options: { roles?: readonly string[] } = {},
): Promise<SignedIn> => visitOf(request, context).signedIn(options)
