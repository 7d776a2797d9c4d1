/**
 * The Postgres adapter against a fresh database (PGlite, or Postgres with
 * TEST_DATABASE_URL): the contract oidc-provider relies on, expiry included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase } from '../../testing.ts'
import { deleteExpiredOidcRows, postgresAdapter } from './adapter.ts'

let database: DatabaseHandle
let clock = new Date('2026-01-01T00:00:00Z')
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

const adapterFor = (kind: string) => postgresAdapter(database.db, { now: () => clock })(kind)

describe('postgres adapter', () => {
  it('stores, finds, and replaces a payload by id within its model', async () => {
    const codes = adapterFor('AuthorizationCode')
    await codes.upsert('code-1', { jti: 'code-1', grantId: 'grant-1', accountId: 'user-1' }, 60)
    expect(await codes.find('code-1')).toEqual({ jti: 'code-1', grantId: 'grant-1', accountId: 'user-1' })
    await codes.upsert('code-1', { jti: 'code-1', grantId: 'grant-1', accountId: 'user-2' }, 60)
    expect(await codes.find('code-1')).toMatchObject({ accountId: 'user-2' })
    // The same id in another model is another row.
    expect(await adapterFor('AccessToken').find('code-1')).toBeUndefined()
  })

  it('marks a consumed artifact with the time it was consumed', async () => {
    const tokens = adapterFor('RefreshToken')
    await tokens.upsert('rt-1', { jti: 'rt-1', grantId: 'grant-2' }, 3600)
    expect(await tokens.find('rt-1')).not.toHaveProperty('consumed')
    await tokens.consume('rt-1')
    expect(await tokens.find('rt-1')).toMatchObject({ consumed: Math.floor(clock.getTime() / 1000) })
  })

  it('lets only one consumption win; a second one revokes the grant and throws', async () => {
    await adapterFor('AuthorizationCode').upsert('code-race', { jti: 'code-race', grantId: 'grant-race' }, 60)
    await adapterFor('AccessToken').upsert('at-race', { jti: 'at-race', grantId: 'grant-race' }, 300)
    await adapterFor('Grant').upsert('grant-race', { jti: 'grant-race', accountId: 'user-1' }, 3600)
    await adapterFor('AuthorizationCode').consume('code-race')
    await expect(adapterFor('AuthorizationCode').consume('code-race')).rejects.toThrow(/already consumed/)
    expect(await adapterFor('AccessToken').find('at-race')).toBeUndefined()
    expect(await adapterFor('Grant').find('grant-race')).toBeUndefined()
  })

  it('finds sessions by uid and device codes by user code', async () => {
    await adapterFor('Session').upsert('session-1', { jti: 'session-1', uid: 'uid-1', accountId: 'user-1' }, 3600)
    expect(await adapterFor('Session').findByUid('uid-1')).toMatchObject({ jti: 'session-1' })
    expect(await adapterFor('Session').findByUid('uid-unknown')).toBeUndefined()
    await adapterFor('DeviceCode').upsert('dc-1', { jti: 'dc-1', userCode: 'ABCD-EFGH' }, 600)
    expect(await adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'dc-1' })
  })

  it('destroys one artifact', async () => {
    const tokens = adapterFor('AccessToken')
    await tokens.upsert('at-gone', { jti: 'at-gone' }, 300)
    await tokens.destroy('at-gone')
    expect(await tokens.find('at-gone')).toBeUndefined()
  })

  it("revokes every token of a grant, whatever model it is called on, and leaves other grants' alone", async () => {
    await adapterFor('AccessToken').upsert('at-g3', { jti: 'at-g3', grantId: 'grant-3' }, 300)
    await adapterFor('RefreshToken').upsert('rt-g3', { jti: 'rt-g3', grantId: 'grant-3' }, 3600)
    await adapterFor('AccessToken').upsert('at-g4', { jti: 'at-g4', grantId: 'grant-4' }, 300)
    // A session may mention a grant in its payload without belonging to it.
    await adapterFor('Session').upsert('session-g3', { jti: 'session-g3', uid: 'uid-g3', grantId: 'grant-3' }, 3600)
    await adapterFor('Grant').revokeByGrantId('grant-3')
    expect(await adapterFor('AccessToken').find('at-g3')).toBeUndefined()
    expect(await adapterFor('RefreshToken').find('rt-g3')).toBeUndefined()
    expect(await adapterFor('AccessToken').find('at-g4')).toMatchObject({ jti: 'at-g4' })
    expect(await adapterFor('Session').find('session-g3')).toMatchObject({ jti: 'session-g3' })
  })

  it('ignores expired rows on read and deletes them on cleanup', async () => {
    const sessions = adapterFor('Interaction')
    await sessions.upsert('short', { jti: 'short', uid: 'uid-short' }, 60)
    await sessions.upsert('forever', { jti: 'forever' })
    clock = new Date(clock.getTime() + 61_000)
    expect(await sessions.find('short')).toBeUndefined()
    expect(await sessions.findByUid('uid-short')).toBeUndefined()
    expect(await sessions.find('forever')).toMatchObject({ jti: 'forever' })
    const deleted = await deleteExpiredOidcRows(database.db, clock)
    expect(deleted).toBeGreaterThanOrEqual(1)
    clock = new Date(clock.getTime() - 61_000)
    // Gone for good, even when read with the earlier clock.
    expect(await sessions.find('short')).toBeUndefined()
    expect(await sessions.find('forever')).toMatchObject({ jti: 'forever' })
  })
})
