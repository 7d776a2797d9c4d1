/**
 * The sessions service through the real gateway and the portal's own client
 * (app/upstream/sessions.server.ts): ids are random and only their hash is stored,
 * tokens are unreadable at rest, idle and absolute timeouts end a session, revocation
 * is final.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateSession } from '../../lib/session-schemas.ts'
import { createUpstreamClient } from '../../app/upstream/client.server.ts'
import { sessionCalls } from '../../app/upstream/sessions.server.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'
import { hashSessionId } from '../../services/sessions/crypto.ts'
import { portalSessions } from '../../services/sessions/tables.ts'

let clock = new Date('2026-11-22T08:00:00Z')
let t: TestUpstream
let sessions: ReturnType<typeof sessionCalls>
beforeAll(async () => {
  t = await startTestUpstream({ now: () => clock })
  // The portal's client on the same test clock, so its signed timestamps stay inside the gateway's window.
  sessions = sessionCalls(
    createUpstreamClient({
      fetch: t.fetch,
      baseUrl: 'http://upstream.internal',
      channel: t.config.channel,
      secret: t.config.upstreamSecret,
      scheme: t.config.UPSTREAM_SIGNATURE_SCHEME,
      timeoutMs: 10_000,
      retryDelayMs: 0,
      now: () => clock.getTime(),
    }),
  )
})
afterAll(async () => {
  await t?.close()
})

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

function input(overrides: Partial<CreateSession> = {}): CreateSession {
  return {
    sub: 'user-1',
    roles: ['base', 'customer'],
    displayName: 'CARLOS',
    tokens: {
      accessToken: 'opaque-access-token-value',
      refreshToken: 'opaque-refresh-token-value',
      idToken: 'header.payload-with-carlos.signature',
      accessTokenExpiresAt: new Date(clock.getTime() + 300_000).toISOString(),
    },
    idleTimeoutSeconds: 30 * 60,
    absoluteTimeoutSeconds: 8 * 60 * 60,
    ...overrides,
  }
}

describe('sessions service', () => {
  it('creates a session with a 256-bit id, keeps only its hash, and the tokens encrypted', async () => {
    const { sessionId, session } = await sessions.create(input())
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(session.tokens.refreshToken).toBe('opaque-refresh-token-value')
    const rows = await t.database.db
      .select()
      .from(portalSessions)
      .where(sql`${portalSessions.idHash} = ${hashSessionId(sessionId)}`)
    expect(rows).toHaveLength(1)
    const stored = JSON.stringify(rows[0])
    expect(stored).not.toContain(sessionId)
    for (const secret of ['opaque-access-token-value', 'opaque-refresh-token-value', 'carlos'])
      expect(stored).not.toContain(secret)
  })

  it('reads a live session and pushes its idle expiry forward', async () => {
    const { sessionId, session } = await sessions.create(input())
    advance(10 * 60_000)
    const read = await sessions.current(sessionId)
    expect(read?.sub).toBe('user-1')
    expect(Date.parse(read!.lastSeenAt)).toBe(clock.getTime())
    expect(Date.parse(read!.idleExpiresAt)).toBeGreaterThan(Date.parse(session.idleExpiresAt))
  })

  it('pushes the idle expiry at most once a minute: a read within it writes nothing', async () => {
    const { sessionId, session } = await sessions.create(input())
    advance(30_000)
    const soon = await sessions.current(sessionId)
    expect(soon?.lastSeenAt).toBe(session.lastSeenAt)
    expect(soon?.idleExpiresAt).toBe(session.idleExpiresAt)
    advance(31_000)
    const later = await sessions.current(sessionId)
    expect(Date.parse(later!.lastSeenAt)).toBe(clock.getTime())
    expect(Date.parse(later!.idleExpiresAt)).toBeGreaterThan(Date.parse(session.idleExpiresAt))
  })

  it('ends a session left idle past its idle timeout', async () => {
    const { sessionId } = await sessions.create(input({ idleTimeoutSeconds: 15 * 60 }))
    advance(14 * 60_000)
    expect(await sessions.current(sessionId)).not.toBeNull()
    advance(15 * 60_000 + 1000)
    expect(await sessions.current(sessionId)).toBeNull()
  })

  it('ends a session at its absolute expiry however busy it is', async () => {
    const { sessionId } = await sessions.create(input({ idleTimeoutSeconds: 30 * 60, absoluteTimeoutSeconds: 60 * 60 }))
    for (let minute = 20; minute < 60; minute += 20) {
      advance(20 * 60_000)
      expect(await sessions.current(sessionId), `still live at ${minute} min`).not.toBeNull()
    }
    advance(20 * 60_000)
    expect(await sessions.current(sessionId)).toBeNull()
  })

  it('stores rotated tokens', async () => {
    const { sessionId } = await sessions.create(input())
    const tokens = { ...input().tokens, accessToken: 'new-access', refreshToken: 'new-refresh' }
    await sessions.updateTokens(sessionId, tokens)
    expect((await sessions.current(sessionId))?.tokens).toEqual(tokens)
  })

  it('grants one refresh lease at a time; after the new tokens are stored, callers get those instead', async () => {
    const { sessionId } = await sessions.create(input())
    const refreshToken = input().tokens.refreshToken
    const claims = await Promise.all([1, 2, 3].map(() => sessions.beginRefresh(sessionId, refreshToken)))
    expect(claims.map((claim) => claim?.state).sort()).toEqual(['busy', 'busy', 'granted'])

    const rotated = { ...input().tokens, accessToken: 'new-access', refreshToken: 'new-refresh' }
    await sessions.updateTokens(sessionId, rotated)
    expect(await sessions.beginRefresh(sessionId, refreshToken)).toEqual({ state: 'rotated', tokens: rotated })
    // The lease ended with the update: the next refresh, of the new token, is granted at once.
    expect(await sessions.beginRefresh(sessionId, 'new-refresh')).toEqual({ state: 'granted' })
  })

  it('outlives a lease holder that never came back', async () => {
    const { sessionId } = await sessions.create(input())
    const refreshToken = input().tokens.refreshToken
    expect((await sessions.beginRefresh(sessionId, refreshToken))?.state).toBe('granted')
    expect((await sessions.beginRefresh(sessionId, refreshToken))?.state).toBe('busy')
    advance(16_000)
    expect((await sessions.beginRefresh(sessionId, refreshToken))?.state).toBe('granted')
    await sessions.revoke(sessionId)
    expect(await sessions.beginRefresh(sessionId, refreshToken)).toBeNull()
  })

  it('refuses a revoked session for good, and revoking twice is not an error', async () => {
    const { sessionId } = await sessions.create(input())
    expect(await sessions.revoke(sessionId)).toEqual({ revoked: true })
    expect(await sessions.current(sessionId)).toBeNull()
    expect(await sessions.updateTokens(sessionId, input().tokens)).toBeNull()
    expect(await sessions.revoke(sessionId)).toEqual({ revoked: false })
  })

  it('answers an unknown id like an ended one', async () => {
    expect(await sessions.current('A'.repeat(43))).toBeNull()
  })
})
