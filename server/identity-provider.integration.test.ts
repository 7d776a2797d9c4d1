/**
 * The embedded provider inside the real portal (server.ts createPortal, Vite in
 * middleware mode): the login screen renders as a portal page with the shell, the
 * sign-in works with plain form posts (no JavaScript), and no HTML on the way carries
 * a JWT (docs/security.md, Sign-in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeDirectory, fakeUser } from '../services/identity/oidc/fake-directory.ts'
import { CookieJar, pkcePair } from '../tests/support/identity-provider.ts'
import { startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import type { Config } from '../lib/env.ts'

const user = fakeUser()
let t: TestPortal
let config: Config
let base: string

beforeAll(async () => {
  t = await startTestPortal({}, { identityDirectory: fakeDirectory([user]) })
  ;({ config, base } = t)
})
afterAll(() => t?.close())

describe('sign-in through the portal', () => {
  it('renders the login screen in the shell, signs in with plain form posts, and puts no JWT in any HTML', async () => {
    const jar = new CookieJar()
    const pkce = pkcePair()
    const authorize = new URL(`${config.oidc.issuer}/protocol/openid-connect/auth`)
    for (const [name, value] of Object.entries({
      client_id: config.oidc.clientId,
      redirect_uri: `${base}/login/callback`,
      response_type: 'code',
      scope: 'openid',
      state: 'state-abcdefghij',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(name, value)
    const start = await jar.fetch(authorize.toString())
    const loginUrl = new URL(start.headers.get('location')!, base).toString()

    const page = await jar.fetch(loginUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<header')
    expect(html).toContain('<footer')
    expect(html).toMatch(/<form[^>]*method="post"/)
    expect(html).toMatch(/autocomplete="username"/i)

    const wrong = await jar.fetch(loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: 'wrong password' }),
    })
    const wrongHtml = await wrong.text()
    expect(wrongHtml).toContain('Invalid email or password.')
    expect(wrongHtml).toContain(`value="${user.email}"`)
    expect(wrongHtml).not.toContain('wrong password')

    const login = await jar.fetch(loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: user.password }),
    })
    expect(login.status).toBe(302)
    const resume = await jar.fetch(new URL(login.headers.get('location')!, base).toString())
    const callback = new URL(resume.headers.get('location')!)
    expect(callback.pathname).toBe('/login/callback')
    const code = callback.searchParams.get('code')!

    const tokens = await fetch(`${config.oidc.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.oidc.clientId}:${config.oidc.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: pkce.verifier,
        redirect_uri: `${base}/login/callback`,
      }),
    })
    expect(tokens.status).toBe(200)
    expect((await tokens.json()).id_token).toMatch(/^eyJ/)
    for (const body of [html, wrongHtml]) expect(body).not.toContain('eyJ')
  })
})
