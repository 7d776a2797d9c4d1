/**
 * The portal's calls to the sessions service (docs/decisions/0008). `current` answers
 * null for an id the service does not know or that has ended (404); any other
 * failure is an UpstreamError, so a broken upstream is not mistaken for "signed out".
 */
import { z } from 'zod'
import {
  CreatedSessionSchema,
  RefreshClaimSchema,
  SessionViewSchema,
  type CreateSession,
  type SessionIdentity,
  type SessionTokens,
  type SessionView,
} from '../../lib/session-schemas'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { UpstreamError } from './errors'

export type { CreateSession, SessionTokens, SessionView }

async function nullWhenGone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'rejected' && error.status === 404) return null
    throw error
  }
}

export function sessionCalls(client: UpstreamClient) {
  return {
    create: (input: CreateSession) =>
      client.call({
        name: 'sessions.create',
        method: 'POST',
        path: '/sessions',
        body: input,
        schema: envelope(CreatedSessionSchema),
      }),

    /** Reads the session and marks it as used now (its idle timeout starts again). */
    current: (sessionId: string) =>
      nullWhenGone(
        client.call({
          name: 'sessions.current',
          method: 'POST',
          path: '/sessions/current',
          body: { sessionId },
          schema: envelope(SessionViewSchema),
        }),
      ),

    /** Asks to redeem the session's refresh token (one portal process at a time); null when the session is gone. */
    beginRefresh: (sessionId: string, refreshToken: string) =>
      nullWhenGone(
        client.call({
          name: 'sessions.beginRefresh',
          method: 'POST',
          path: '/sessions/current/refresh',
          body: { sessionId, refreshToken },
          schema: envelope(RefreshClaimSchema),
        }),
      ),

    /** Stores refreshed tokens, and the roles and name their ID token now states. */
    updateTokens: (sessionId: string, tokens: SessionTokens, identity?: SessionIdentity) =>
      nullWhenGone(
        client.call({
          name: 'sessions.updateTokens',
          method: 'PUT',
          path: '/sessions/current/tokens',
          body: { sessionId, tokens, ...identity },
          schema: envelope(SessionViewSchema),
        }),
      ),

    revoke: (sessionId: string) =>
      client.call({
        name: 'sessions.revoke',
        method: 'POST',
        path: '/sessions/current/revoke',
        body: { sessionId },
        schema: envelope(z.object({ revoked: z.boolean() })),
      }),
  }
}
