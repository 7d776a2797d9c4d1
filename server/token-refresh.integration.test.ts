/**
 * Access tokens for authenticated upstream calls against the real embedded provider
 * (docs/architecture.md, 6; docs/security.md, Sign-in): a token near expiry is refreshed first and the
 * rotated tokens are stored; two requests at once make one refresh (the provider revokes
 * the grant when a rotated refresh token comes back, so a second refresh would end the
 * sign-in); a refresh the provider refuses ends the portal session.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getUser } from '../tests/support/by-request.ts'
import { visitOf } from '../app/visit/visit.server.ts'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { loadContextOf, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import type { Config } from '../lib/env.ts'

let t: TestPortal
let config: Config
let base: string
let context: AppLoadContext

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  ;({ config, base } = t)
  context = loadContextOf(t, 't', config)
})
afterAll(() => t?.close())

/** Signs the customer in; returns the browser's session cookie header and the session id. */
const signedIn = () => signInByRequests(base, { email: 'customer@example.com', password: 'Customer2024' })

const sessions = () => upstreamFor(context).sessions
/** The access token a request's visit hands its calls. */
const getAccessToken = (request: Request, portal: AppLoadContext) => visitOf(request, portal).session.accessToken()
const requestWith = (cookie: string) => new Request(`${base}/customer`, { headers: { cookie } })

/** Makes the stored access token expire in `seconds`, as time would. */
async function expireIn(id: string, seconds: number) {
  const session = await sessions().current(id)
  await sessions().updateTokens(id, {
    ...session!.tokens,
    accessTokenExpiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
  })
  return session!.tokens
}

describe('access token for upstream calls, with the real provider', () => {
  it('uses the stored token while it lives more than a minute', async () => {
    const { cookie, id } = await signedIn()
    const stored = await expireIn(id, 120)
    expect(await getAccessToken(requestWith(cookie), context)).toBe(stored.accessToken)
  })

  it('refreshes a token expiring within a minute, once for two requests at the same moment, and stores the rotation', async () => {
    const { cookie, id } = await signedIn()
    const before = await expireIn(id, 30)
    const [a, b] = await Promise.all([
      getAccessToken(requestWith(cookie), context),
      getAccessToken(requestWith(cookie), context),
    ])
    expect(a).toBe(b)
    expect(a).not.toBe(before.accessToken)
    const after = await sessions().current(id)
    expect(after!.tokens.accessToken).toBe(a)
    expect(after!.tokens.refreshToken).not.toBe(before.refreshToken)
    // The grant is still alive: a second refresh with the rotated token works.
    await expireIn(id, 0)
    const again = await getAccessToken(requestWith(cookie), context)
    expect(again).not.toBe(a)
    expect(await getUser(requestWith(cookie), context)).not.toBeNull()
  })

  it('two portal processes on one session refresh once: the provider sees one redemption and the sign-in lives on', async () => {
    // A second process: its own token keeper and upstream client (both are per upstreamFetch).
    const otherProcess = {
      ...context,
      upstreamFetch: (request: Request) => t.portal.upstreamFetch(request),
    } as AppLoadContext
    const { cookie, id } = await signedIn()
    const before = await expireIn(id, 30)
    const [a, b] = await Promise.all([
      getAccessToken(requestWith(cookie), context),
      getAccessToken(requestWith(cookie), otherProcess),
    ])
    expect(a).toBe(b)
    expect(a).not.toBe(before.accessToken)
    // Had both redeemed the refresh token, the provider would have revoked the grant: this refresh would fail.
    await expireIn(id, 0)
    const again = await getAccessToken(requestWith(cookie), otherProcess)
    expect(again).not.toBe(a)
    expect(await getUser(requestWith(cookie), context)).not.toBeNull()
  })

  it('ends the session and sends the user to /login when the provider refuses the refresh', async () => {
    const { cookie, id } = await signedIn()
    const stored = (await sessions().current(id))!.tokens
    await sessions().updateTokens(id, {
      ...stored,
      refreshToken: 'not-a-refresh-token-the-provider-issued',
      accessTokenExpiresAt: new Date(Date.now() + 10_000).toISOString(),
    })
    const thrown = await getAccessToken(requestWith(cookie), context).then(
      () => null,
      (error: unknown) => error,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('/login')
    expect((thrown as Response).headers.get('set-cookie')).toMatch(/^session=;/)
    expect(await sessions().current(id)).toBeNull()
  })
})
