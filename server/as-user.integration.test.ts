/**
 * Calling upstream as the signed-in user (app/auth/as-user.server.ts, decision 0016)
 * against the real portal, its embedded provider and the upstream: the token is refreshed
 * before a call when it is about to expire, a refresh the provider refuses ends the
 * session with a redirect to /login, an upstream that is down answers spec 8's message
 * with the user's input kept, and a call that changes the user's attributes renews the
 * claims.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { AppLoadContext } from 'react-router'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LinkAccountSchema } from '../lib/identity-schemas.ts'
import { asUser } from '../tests/support/by-request.ts'
import { action as getStartedAction } from '../app/routes/onboarding/get-started.tsx'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { failureReply } from '../app/utils/form.server.ts'
import { HOLDER_EMAIL, newestCode } from '../tests/support/ownership.ts'
import { loadContextOf, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import { routeArgs } from '../tests/support/route-args'

const SPEC_8_FAILED = 'Something went wrong. Please try again later.'
const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
const APPLICANT = { email: 'applicant@example.com', password: 'Applicant2024' }

let t: TestPortal
let context: AppLoadContext
/** The same portal with the identity service's user calls down (the sessions service still answers). */
let identityDown: AppLoadContext

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  context = loadContextOf(t)
  identityDown = {
    ...context,
    upstreamFetch: (request: Request) =>
      /^\/(users\/me|otp)\b/.test(new URL(request.url).pathname)
        ? Promise.reject(new TypeError('fetch failed'))
        : t.portal.upstreamFetch(request),
  } as AppLoadContext
})
afterAll(() => t?.close())

const sessions = () => upstreamFor(context).sessions
const requestWith = (cookie: string, path = '/customer') => new Request(`${t.base}${path}`, { headers: { cookie } })

/** Makes the stored access token expire in `seconds`, as time would. */
async function expireIn(id: string, seconds: number) {
  const session = await sessions().current(id)
  await sessions().updateTokens(id, {
    ...session!.tokens,
    accessTokenExpiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
  })
  return session!.tokens
}

async function storedClaims(id: string) {
  const session = await sessions().current(id)
  return decodeJwt(session!.tokens.idToken) as { displayWelcomeBanner?: boolean; realm_access?: { roles: string[] } }
}

describe('a call as the user', () => {
  it('refreshes an access token that expires within a minute first, and the upstream accepts the new one', async () => {
    const { cookie, id } = await signInByRequests(t.base, CUSTOMER)
    const before = await expireIn(id, 30)
    const me = await asUser(requestWith(cookie), context)
    const result = await me.call(async (upstream, accessToken) => {
      await upstream.identity.updateAttributes(accessToken, { displayCoachmarks: false })
      return accessToken
    })
    expect(result.ok).toBe(true)
    const used = result.ok ? result.value : null
    expect(used).not.toBe(before.accessToken)
    expect((await sessions().current(id))!.tokens.accessToken).toBe(used)
  })

  it('ends the session and throws a redirect to /login when the provider refuses the refresh, without calling upstream', async () => {
    const { cookie, id } = await signInByRequests(t.base, CUSTOMER)
    const stored = (await sessions().current(id))!.tokens
    await sessions().updateTokens(id, {
      ...stored,
      refreshToken: 'not-a-refresh-token-the-provider-issued',
      accessTokenExpiresAt: new Date(Date.now() + 10_000).toISOString(),
    })
    const me = await asUser(requestWith(cookie), context)
    let called = false
    const thrown = await me
      .call(async () => {
        called = true
      })
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(called).toBe(false)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('/login')
    expect((thrown as Response).headers.get('set-cookie')).toMatch(/^session=;/)
    expect(await sessions().current(id)).toBeNull()
  })

  it("answers an upstream that is down with spec 8's message, which becomes a form error with the typed number kept", async () => {
    const { cookie } = await signInByRequests(t.base, APPLICANT)
    const form = new FormData()
    form.set('accountNumber', '1000000000003')
    const submission = parseWithZod(form, { schema: LinkAccountSchema })
    const me = await asUser(requestWith(cookie, '/get-started'), identityDown)
    const result = await me.call(
      (upstream, accessToken) => upstream.identity.updateAttributes(accessToken, { displayCoachmarks: false }),
      { changesAttributes: true },
    )
    expect(result).toMatchObject({ ok: false, message: SPEC_8_FAILED, error: { kind: 'unavailable' } })
    if (result.ok) return
    const failure = failureReply(result.error, submission)
    expect(failure.status).toBe(503)
    expect(failure.result.error).toEqual({ '': [SPEC_8_FAILED] })
    expect(failure.result.initialValue).toEqual({ accountNumber: '1000000000003' })
  })

  it("the link form posted while the upstream is down: 503, spec 8's message and the typed number, and nothing linked", async () => {
    const { cookie, id } = await signInByRequests(t.base, APPLICANT)
    const request = new Request(`${t.base}/get-started`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'link', accountNumber: '1000000000003' }),
    })
    const answer = (await getStartedAction(routeArgs({ request, context: identityDown, params: {} }))) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
      init: { status: number }
    }
    expect(answer.init.status).toBe(503)
    expect(answer.data.result.error).toEqual({ '': [SPEC_8_FAILED] })
    expect(answer.data.result.initialValue).toMatchObject({ accountNumber: '1000000000003' })
    expect((await storedClaims(id)).realm_access?.roles).not.toContain('customer')
  })

  it("renews the claims after a call that changes the user's attributes, and only then", async () => {
    const { cookie, id } = await signInByRequests(t.base, CUSTOMER)
    const me = await asUser(requestWith(cookie), context)
    const idTokenBefore = (await sessions().current(id))!.tokens.idToken
    await me.call((upstream, accessToken) =>
      upstream.identity.updateAttributes(accessToken, { displayCoachmarks: true }),
    )
    expect((await sessions().current(id))!.tokens.idToken).toBe(idTokenBefore)

    const dismissed = await me.call(
      (upstream, accessToken) => upstream.identity.updateAttributes(accessToken, { displayWelcomeBanner: false }),
      { changesAttributes: true },
    )
    expect(dismissed.ok).toBe(true)
    expect((await storedClaims(id)).displayWelcomeBanner).toBe(false)
  })

  it("gives the user's new kind and home when the call changed their roles, and a later call in the request uses the renewed token", async () => {
    const { cookie } = await signInByRequests(t.base, APPLICANT)
    const me = await asUser(requestWith(cookie, '/get-started'), context)
    expect(me.user.kind).toBe('applicant')
    // Linking is the ownership proof's (services/otp): start, send, and the code back.
    await me.call((upstream, accessToken) => upstream.otp.start(accessToken, '1000000000003'))
    const sent = await me.call((upstream, accessToken) => upstream.otp.send(accessToken, 'email'))
    if (!sent.ok) throw new Error('the code was not sent')
    const code = await newestCode(context, HOLDER_EMAIL['1000000000003']!)
    const linked = await me.call(
      (upstream, accessToken) => upstream.otp.verify(accessToken, code, sent.value.code!.emailHashValue),
      { changesAttributes: true },
    )
    expect(linked).toMatchObject({ ok: true, user: { kind: 'customer', home: '/customer' } })
    const unlinked = await me.call(
      (upstream, accessToken) => upstream.identity.unlinkAccount(accessToken, '1000000000003'),
      { changesAttributes: true },
    )
    expect(unlinked).toMatchObject({ ok: true, user: { kind: 'applicant' } })
  })
})
