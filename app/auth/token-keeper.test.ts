import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RefreshClaim, SessionTokens } from '../../lib/session-schemas'
import { createTokenKeeper, type TokenKeeperDeps } from './token-keeper'

const T0 = new Date('2026-11-22T08:00:00Z').getTime()

function tokens(n: number, expiresAt: number): SessionTokens {
  return {
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}`,
    idToken: `id-${n}`,
    accessTokenExpiresAt: new Date(expiresAt).toISOString(),
  }
}

/** A provider that rotates: only the latest refresh token works, and it answers after a while. */
function rotatingProvider() {
  let issued = 1
  return vi.fn(async (refreshToken: string) => {
    if (refreshToken !== `refresh-${issued}`) throw new Error('invalid_grant: reused refresh token')
    await new Promise((resolve) => setTimeout(resolve, 50))
    issued += 1
    return tokens(issued, Date.now() + 5 * 60_000)
  })
}

/** The sessions service's side: stored tokens per session and the refresh lease (services/sessions/service.ts). */
function fakeSessions() {
  const stored = new Map<string, { refreshToken: string; tokens?: SessionTokens; leaseUntil: number }>()
  const claim = vi.fn(async (id: string, refreshToken: string): Promise<RefreshClaim> => {
    const entry = stored.get(id) ?? { refreshToken, leaseUntil: 0 }
    stored.set(id, entry)
    if (entry.refreshToken !== refreshToken) return { state: 'rotated', tokens: entry.tokens! }
    if (entry.leaseUntil > Date.now()) return { state: 'busy' }
    entry.leaseUntil = Date.now() + 15_000
    return { state: 'granted' }
  })
  const store = vi.fn(async (id: string, next: SessionTokens) => {
    stored.set(id, { refreshToken: next.refreshToken, tokens: next, leaseUntil: 0 })
    return true
  })
  return { claim, store }
}

function setup(overrides: Partial<TokenKeeperDeps> = {}) {
  const refresh = rotatingProvider()
  const revoke = vi.fn(async () => {})
  const sessions = fakeSessions()
  const deps: TokenKeeperDeps = {
    now: () => Date.now(),
    refresh,
    claim: sessions.claim,
    store: sessions.store,
    revoke,
    signedOut: () => new Response(null, { status: 302, headers: { location: '/login' } }),
    ...overrides,
  }
  return {
    keeper: createTokenKeeper(deps),
    refresh: deps.refresh as ReturnType<typeof rotatingProvider>,
    store: deps.store as ReturnType<typeof fakeSessions>['store'],
    revoke,
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
})
afterEach(() => {
  vi.useRealTimers()
})

async function settle<T>(promise: Promise<T>, ms = 100) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  await vi.advanceTimersByTimeAsync(ms)
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
    expect(outcome).toEqual({
      value: [
        expect.objectContaining({ accessToken: 'access-2' }),
        expect.objectContaining({ accessToken: 'access-2' }),
      ],
    })
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
    const refresh = vi.fn(async (refreshToken: string) =>
      tokens(Number(refreshToken.split('-')[1]) + 10, Date.now() + 300_000),
    )
    const { keeper } = setup({ refresh })
    await settle(Promise.all([keeper.fresh('s1', tokens(1, T0)), keeper.fresh('s2', tokens(2, T0))]))
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})

describe('renewing after the user changed their own attributes', () => {
  it('refreshes a token that still lives, once for two callers, and stores the result', async () => {
    const { keeper, refresh, store } = setup()
    const current = tokens(1, T0 + 4 * 60_000)
    const [a, b] = (await Promise.all([settle(keeper.renew('s1', current)), settle(keeper.renew('s1', current))])) as {
      value: SessionTokens
    }[]
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

/** Two portal processes: each its own keeper, one provider and one sessions service between them. */
function twoProcesses() {
  const refresh = rotatingProvider()
  const sessions = fakeSessions()
  return { refresh, processA: setup({ refresh, ...sessions }), processB: setup({ refresh, ...sessions }) }
}

describe('several portal processes on one session', () => {
  it('redeem the refresh token once: the second process waits for the lease and takes the stored tokens', async () => {
    const { refresh, processA, processB } = twoProcesses()
    const current = tokens(1, T0 + 30_000)
    const both = await settle(
      Promise.all([processA.keeper.fresh('s1', current), processB.keeper.fresh('s1', current)]),
      1_000,
    )
    expect(both).toEqual({
      value: [
        expect.objectContaining({ accessToken: 'access-2' }),
        expect.objectContaining({ accessToken: 'access-2' }),
      ],
    })
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(processA.revoke).not.toHaveBeenCalled()
    expect(processB.revoke).not.toHaveBeenCalled()
  })

  it('a process that finds the token already rotated elsewhere uses those tokens without asking the provider', async () => {
    const { refresh, processA, processB } = twoProcesses()
    const current = tokens(1, T0 + 30_000)
    await settle(processA.keeper.fresh('s1', current))
    // B read the session before A stored the rotation.
    const late = await settle(processB.keeper.fresh('s1', current))
    expect(late).toEqual({ value: expect.objectContaining({ accessToken: 'access-2' }) })
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('a renew after another process rotated refreshes once more, from the newest tokens', async () => {
    const { refresh, processA, processB } = twoProcesses()
    const current = tokens(1, T0 + 30_000)
    await settle(processA.keeper.fresh('s1', current))
    const renewed = await settle(processB.keeper.renew('s1', current))
    expect(renewed).toEqual({ value: expect.objectContaining({ accessToken: 'access-3' }) })
    expect(refresh.mock.calls.map(([token]) => token)).toEqual(['refresh-1', 'refresh-2'])
  })

  it('ends the session when the lease holder never finishes', async () => {
    const sessions = fakeSessions()
    // Another process took the lease and died: claims answer busy until the wait runs out.
    const { keeper, refresh } = setup({
      claim: vi.fn(async (): Promise<RefreshClaim> => ({ state: 'busy' })),
      store: sessions.store,
    })
    const outcome = (await settle(keeper.fresh('s1', tokens(1, T0 + 30_000)), 25_000)) as { error: Response }
    expect(outcome.error.headers.get('location')).toBe('/login')
    expect(refresh).not.toHaveBeenCalled()
  })
})
