import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionTokens } from '../../lib/session-schemas'
import { createTokenKeeper, type TokenKeeperDeps } from './token-keeper'

const T0 = new Date('2026-11-22T08:00:00Z').getTime()

function tokens(n: number, expiresAt: number): SessionTokens {
  return { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, idToken: `id-${n}`, accessTokenExpiresAt: new Date(expiresAt).toISOString() }
}

function setup(overrides: Partial<TokenKeeperDeps> = {}) {
  let issued = 1
  const refresh = vi.fn(async (refreshToken: string) => {
    // A provider that rotates: only the latest refresh token works, and answers after a while.
    if (refreshToken !== `refresh-${issued}`) throw new Error('invalid_grant: reused refresh token')
    await new Promise((resolve) => setTimeout(resolve, 50))
    issued += 1
    return tokens(issued, Date.now() + 5 * 60_000)
  })
  const store = vi.fn(async () => true)
  const revoke = vi.fn(async () => {})
  const keeper = createTokenKeeper({
    now: () => Date.now(),
    refresh,
    store,
    revoke,
    signedOut: () => new Response(null, { status: 302, headers: { location: '/login' } }),
    ...overrides,
  })
  return { keeper, refresh, store, revoke }
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

async function settle<T>(promise: Promise<T>) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  await vi.advanceTimersByTimeAsync(100)
  return outcome
}

describe('access tokens for upstream calls', () => {
  it('uses the stored access token while it lives more than a minute', async () => {
    const { keeper, refresh } = setup()
    const current = tokens(1, T0 + 5 * 60_000)
    vi.advanceTimersByTime(3 * 60_000) // 2 minutes left
    expect(await keeper.fresh('s1', current)).toBe(current)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('refreshes before expiry, once less than a minute is left, and stores the rotated tokens', async () => {
    const { keeper, refresh, store } = setup()
    const current = tokens(1, T0 + 5 * 60_000)
    vi.advanceTimersByTime(4 * 60_000 + 1_000) // 59 s left: not expired yet
    const outcome = await settle(keeper.fresh('s1', current))
    expect(outcome).toEqual({ value: expect.objectContaining({ accessToken: 'access-2', refreshToken: 'refresh-2' }) })
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh).toHaveBeenCalledWith('refresh-1', current)
    expect(store).toHaveBeenCalledWith('s1', expect.objectContaining({ refreshToken: 'refresh-2' }))
  })

  it('makes one refresh for two concurrent calls of one session', async () => {
    const { keeper, refresh } = setup()
    const current = tokens(1, T0 + 30_000)
    const both = Promise.all([keeper.fresh('s1', current), keeper.fresh('s1', current)])
    const outcome = await settle(both)
    expect(outcome).toEqual({ value: [expect.objectContaining({ accessToken: 'access-2' }), expect.objectContaining({ accessToken: 'access-2' })] })
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('answers a late caller still holding the replaced tokens with the rotation, not a second refresh (reuse would revoke the grant)', async () => {
    const { keeper, refresh, revoke } = setup()
    const current = tokens(1, T0 + 30_000)
    await settle(keeper.fresh('s1', current))
    const late = await settle(keeper.fresh('s1', current))
    expect(late).toEqual({ value: expect.objectContaining({ accessToken: 'access-2' }) })
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(revoke).not.toHaveBeenCalled()
  })

  it('ends the session when the refresh fails, and every waiting caller is sent to /login', async () => {
    const { keeper, revoke, store } = setup({
      refresh: vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        throw new Error('invalid_grant')
      }),
    })
    const current = tokens(1, T0 + 30_000)
    const outcomes = await settle(Promise.allSettled([keeper.fresh('s1', current), keeper.fresh('s1', current)]))
    const results = (outcomes as { value: PromiseSettledResult<unknown>[] }).value
    for (const result of results) {
      expect(result.status).toBe('rejected')
      const thrown = (result as PromiseRejectedResult).reason as Response
      expect(thrown).toBeInstanceOf(Response)
      expect(thrown.headers.get('location')).toBe('/login')
    }
    expect(revoke).toHaveBeenCalledTimes(1)
    expect(revoke).toHaveBeenCalledWith('s1')
    expect(store).not.toHaveBeenCalled()
  })

  it('keeps refreshes of different sessions apart', async () => {
    const refresh = vi.fn(async (refreshToken: string) => tokens(Number(refreshToken.split('-')[1]) + 10, Date.now() + 300_000))
    const { keeper } = setup({ refresh })
    await settle(Promise.all([keeper.fresh('s1', tokens(1, T0)), keeper.fresh('s2', tokens(2, T0))]))
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})

describe('renewing after the user changed their own attributes', () => {
  it('refreshes a token that still lives, once for two callers, and stores the result', async () => {
    const { keeper, refresh, store } = setup()
    const current = tokens(1, T0 + 4 * 60_000)
    const [a, b] = (await Promise.all([settle(keeper.renew('s1', current)), settle(keeper.renew('s1', current))])) as { value: SessionTokens }[]
    expect(a!.value.accessToken).toBe('access-2')
    expect(b!.value.accessToken).toBe('access-2')
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(store).toHaveBeenCalledWith('s1', a!.value)
  })

  it('renews from the newest tokens when the ones it is given were just rotated by someone else', async () => {
    const { keeper, refresh } = setup()
    const current = tokens(1, T0 + 30_000)
    const rotated = (await settle(keeper.fresh('s1', current))) as { value: SessionTokens }
    expect(rotated.value.accessToken).toBe('access-2')
    // A request that read the session before that rotation renews: it must not redeem refresh-1 again.
    const renewed = (await settle(keeper.renew('s1', current))) as { value: SessionTokens }
    expect(renewed.value.accessToken).toBe('access-3')
    expect(refresh.mock.calls.map(([token]) => token)).toEqual(['refresh-1', 'refresh-2'])
  })
})
