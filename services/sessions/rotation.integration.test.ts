/**
 * Session tokens at rest across a SESSION_SECRET rotation (docs/operations.md, Rotating
 * secrets): a session stored under the old key is read after the rotation and sealed again
 * with the new key at that read, so dropping the previous secret later does not end it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateSession } from '../../lib/session-schemas.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase } from '../setup/test-databases.ts'
import { silentLogger } from '../testing.ts'
import { hashSessionId, open, sessionTokenKey } from './crypto.ts'
import { createSessionService } from './service.ts'
import { portalSessions } from './tables.ts'

const OLD = 'old-session-secret-0123456789-abcdefgh'
const NEW = 'new-session-secret-0123456789-abcdefgh'
const clock = new Date('2026-11-22T08:00:00Z')

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

const service = (sessionSecret: string, previousSessionSecrets: string[] = []) =>
  createSessionService({
    db: database.db,
    logger: silentLogger,
    productName: 'Hibla',
    now: () => clock,
    settings: { sessionSecret, previousSessionSecrets },
  })

const input: CreateSession = {
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
}

async function storedBlob(sessionId: string) {
  const [row] = await database.db
    .select({ tokensEncrypted: portalSessions.tokensEncrypted })
    .from(portalSessions)
    .where(eq(portalSessions.idHash, hashSessionId(sessionId)))
  return row!.tokensEncrypted
}

describe('session tokens across a SESSION_SECRET rotation', () => {
  it('are read after the rotation when stored under the previous key', async () => {
    const { sessionId } = await service(OLD).create(input)
    const session = await service(NEW, [OLD]).touch(sessionId)
    expect(session.tokens).toEqual(input.tokens)
  })

  it('are sealed again with the current key at the first read, so the previous secret can be dropped', async () => {
    const { sessionId } = await service(OLD).create(input)
    await service(NEW, [OLD]).touch(sessionId)
    const blob = await storedBlob(sessionId)
    expect(() => open(sessionTokenKey(OLD), blob, hashSessionId(sessionId))).toThrow()
    expect((await service(NEW).touch(sessionId)).tokens).toEqual(input.tokens)
  })

  it('are never sealed with a previous key: a new session and new tokens use the current one', async () => {
    const rotated = service(NEW, [OLD])
    const { sessionId } = await rotated.create(input)
    expect(JSON.parse(open(sessionTokenKey(NEW), await storedBlob(sessionId), hashSessionId(sessionId)))).toEqual(
      input.tokens,
    )
    await rotated.updateTokens(sessionId, { ...input.tokens, refreshToken: 'rotated-refresh-token' })
    const blob = await storedBlob(sessionId)
    expect(() => open(sessionTokenKey(OLD), blob, hashSessionId(sessionId))).toThrow()
    expect(JSON.parse(open(sessionTokenKey(NEW), blob, hashSessionId(sessionId))).refreshToken).toBe(
      'rotated-refresh-token',
    )
  })

  it('end when the key they were stored under is no longer listed (the rotation without a previous list)', async () => {
    const { sessionId } = await service(OLD).create(input)
    await expect(service(NEW).touch(sessionId)).rejects.toMatchObject({ code: 'session_not_found' })
  })
})
