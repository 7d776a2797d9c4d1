/**
 * The embedded OpenID provider end to end (docs/security.md, Sign-in): Keycloak's discovery,
 * PKCE S256 only, the code flow through the portal's login route, one-time codes,
 * rotating refresh tokens, Keycloak's claims, RP-initiated logout. Fresh database per
 * file (PGlite, or Postgres with TEST_DATABASE_URL).
 */
import { createRemoteJWKSet, decodeJwt, generateKeyPair, jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../services/db/client.ts'
import { openTestDatabase } from '../../services/testing.ts'
import { SIGN_IN_FAILED } from '../../app/features/auth/texts.ts'
import { fakeDirectory, fakeUser } from '../../services/identity/oidc/fake-directory.ts'
import { CookieJar, pkcePair, startIdentityTestServer, type IdentityTestServer } from '../support/identity-provider.ts'

const juan = fakeUser()
const agent = fakeUser({
  id: 'user-0002',
  email: 'maria.santos@example.ph',
  password: 'another long passphrase',
  firstName: 'Maria',
  lastName: 'Santos',
  roles: ['default-roles-hibla', 'sales-agent'],
  attributes: {
    accountNumber: [],
    unverifiedAccountNumber: [],
    activeAccountNumber: null,
    displayCoachmarks: false,
    displayWelcomeBanner: true,
    displaySuccessRegistration: true,
    agentCode: 'AG-0042',
  },
})
const directory = fakeDirectory([juan, agent])

let database: DatabaseHandle
let op: IdentityTestServer
beforeAll(async () => {
  database = await openTestDatabase()
  op = await startIdentityTestServer(database, directory)
})
afterAll(async () => {
  await op?.close()
  await database?.close()
})

const client = () => ({
  id: op.config.oidc.clientId,
  secret: op.config.oidc.clientSecret,
  redirectUri: `${op.base}/login/callback`,
})

function authorizeUrl(params: Record<string, string | undefined>) {
  const url = new URL(op.endpoint('authorization'))
  const all: Record<string, string | undefined> = {
    client_id: client().id,
    redirect_uri: client().redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: 'state-1234567890',
    nonce: 'nonce-1234567890',
    ...params,
  }
  for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value)
  return url.toString()
}

function tokenRequest(body: Record<string, string>) {
  const { id, secret } = client()
  return fetch(op.endpoint('token'), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body),
  })
}

/** Authorize with PKCE, up to the login screen. */
async function startSignIn(jar = new CookieJar(), extra: Record<string, string> = {}) {
  const pkce = pkcePair()
  const response = await jar.fetch(
    authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256', ...extra }),
  )
  expect(response.status).toBe(303)
  const location = new URL(response.headers.get('location')!, op.base)
  expect(location.pathname).toMatch(/^\/login\/interaction\/[\w-]+$/)
  return { jar, pkce, loginUrl: location.toString(), authorizeResponse: response }
}

function postLogin(jar: CookieJar, loginUrl: string, fields: Record<string, string>) {
  return jar.fetch(loginUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

/** The whole browser side: authorize, log in, back to the provider, code at the callback. */
async function signIn(user = juan, extra: Record<string, string> = {}) {
  const { jar, pkce, loginUrl } = await startSignIn(new CookieJar(), extra)
  const login = await postLogin(jar, loginUrl, { email: user.email, password: user.password })
  expect(login.status).toBe(302)
  const resume = await jar.fetch(new URL(login.headers.get('location')!, op.base).toString())
  expect(resume.status).toBe(303)
  const callback = new URL(resume.headers.get('location')!)
  expect(`${callback.origin}${callback.pathname}`).toBe(client().redirectUri)
  expect(callback.searchParams.get('state')).toBe('state-1234567890')
  const code = callback.searchParams.get('code')
  expect(code).toBeTruthy()
  return { jar, code: code!, verifier: pkce.verifier }
}

async function redeem(code: string, verifier: string) {
  return tokenRequest({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: client().redirectUri,
  })
}

type Tokens = { access_token: string; id_token: string; refresh_token: string; token_type: string; expires_in: number }

async function signedInTokens(user = juan) {
  const { code, verifier, jar } = await signIn(user)
  const response = await redeem(code, verifier)
  expect(response.status).toBe(200)
  return { tokens: (await response.json()) as Tokens, jar }
}

describe('discovery at the Keycloak path', () => {
  it('lists the Keycloak endpoints of the realm and S256 as the only code challenge method', async () => {
    const response = await fetch(`${op.base}/realms/hibla/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const document = await response.json()
    const realm = `${op.base}/realms/hibla`
    expect(document).toMatchObject({
      issuer: realm,
      authorization_endpoint: `${realm}/protocol/openid-connect/auth`,
      token_endpoint: `${realm}/protocol/openid-connect/token`,
      jwks_uri: `${realm}/protocol/openid-connect/certs`,
      end_session_endpoint: `${realm}/protocol/openid-connect/logout`,
      userinfo_endpoint: `${realm}/protocol/openid-connect/userinfo`,
      revocation_endpoint: `${realm}/protocol/openid-connect/revoke`,
      introspection_endpoint: `${realm}/protocol/openid-connect/token/introspect`,
      code_challenge_methods_supported: ['S256'],
    })
    expect(document.claims_supported).toEqual(
      expect.arrayContaining(['realm_access', 'accountNumber', 'agentCode', 'given_name', 'email']),
    )
  })

  it('publishes only public signing keys at certs', async () => {
    const { keys } = await (await fetch(op.endpoint('jwks'))).json()
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' })
      expect(key).not.toHaveProperty('d')
      expect(key).not.toHaveProperty('p')
    }
  })
})

describe('PKCE (SECURITY.md: plain and a missing challenge are refused)', () => {
  it('refuses an authorization request without a code challenge', async () => {
    const response = await fetch(authorizeUrl({}), { redirect: 'manual' })
    const location = new URL(response.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/)
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('refuses code_challenge_method=plain', async () => {
    const { verifier } = pkcePair()
    const response = await fetch(authorizeUrl({ code_challenge: verifier, code_challenge_method: 'plain' }), {
      redirect: 'manual',
    })
    const location = new URL(response.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('refuses a code redeemed with the wrong verifier', async () => {
    const { code } = await signIn()
    const response = await redeem(code, pkcePair().verifier)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('invalid_grant')
  })
})

describe('the login screen', () => {
  it('scopes the interaction cookie to the login route prefix, so React Router .data requests carry it', async () => {
    const { authorizeResponse } = await startSignIn()
    const interaction = authorizeResponse.headers.getSetCookie().filter((line) => line.startsWith('oidc_interaction='))
    expect(interaction).toHaveLength(1)
    expect(interaction[0]).toMatch(/path=\/login\/interaction;/i)
    expect(interaction[0]).toMatch(/httponly/i)
  })

  it('sets only HttpOnly, SameSite=Lax cookies holding no token', async () => {
    const jar = new CookieJar()
    const lines: string[] = []
    const record = (response: Response) => lines.push(...response.headers.getSetCookie())
    const { loginUrl, authorizeResponse } = await startSignIn(jar)
    record(authorizeResponse)
    const login = await postLogin(jar, loginUrl, { email: juan.email, password: juan.password })
    record(login)
    record(await jar.fetch(new URL(login.headers.get('location')!, op.base).toString()))
    expect(lines.some((line) => line.startsWith('oidc_session='))).toBe(true)
    for (const line of lines) {
      expect(line).toMatch(/; httponly/i)
      expect(line).toMatch(/; samesite=lax/i)
      expect(line).not.toContain('eyJ')
    }
    const session = lines.find((line) => line.startsWith('oidc_session='))!
    expect(session).toMatch(/path=\/realms\/hibla;/i)
  })

  it('shows the form for a pending sign-in, with the login hint filled in', async () => {
    const { jar, loginUrl } = await startSignIn(new CookieJar(), { login_hint: 'juan.delacruz@example.ph' })
    const response = await jar.fetch(loginUrl)
    expect(await response.json()).toMatchObject({ expired: false, loginHint: 'juan.delacruz@example.ph' })
  })

  it('answers a wrong password and an unknown email with the same message, keeping the email and dropping the password', async () => {
    const { jar, loginUrl } = await startSignIn()
    const wrong = await (await postLogin(jar, loginUrl, { email: juan.email, password: 'not the password' })).json()
    const unknown = await (
      await postLogin(jar, loginUrl, { email: 'nobody@example.ph', password: 'whatever it is' })
    ).json()
    expect(wrong.result.error).toEqual({ '': [SIGN_IN_FAILED] })
    expect(unknown.result.error).toEqual({ '': [SIGN_IN_FAILED] })
    expect(wrong.result.initialValue).toEqual({ email: juan.email })
    expect(unknown.result.initialValue).toEqual({ email: 'nobody@example.ph' })
  })

  it('answers a locked account with the same message as a wrong password', async () => {
    const locked = fakeUser({ id: 'user-locked', email: 'locked@example.ph' })
    const lockedDirectory = fakeDirectory([locked], { lockAfter: 0 })
    const lockedDatabase = await openTestDatabase()
    const lockedOp = await startIdentityTestServer(lockedDatabase, lockedDirectory)
    try {
      const jar = new CookieJar()
      const pkce = pkcePair()
      const url = new URL(lockedOp.endpoint('authorization'))
      for (const [name, value] of Object.entries({
        client_id: lockedOp.config.oidc.clientId,
        redirect_uri: `${lockedOp.base}/login/callback`,
        response_type: 'code',
        scope: 'openid',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }))
        url.searchParams.set(name, value)
      const start = await jar.fetch(url.toString())
      const loginUrl = new URL(start.headers.get('location')!, lockedOp.base).toString()
      const answer = await (await postLogin(jar, loginUrl, { email: locked.email, password: locked.password })).json()
      expect(answer.result.error).toEqual({ '': [SIGN_IN_FAILED] })
    } finally {
      await lockedOp.close()
      await lockedDatabase.close()
    }
  })

  it('validates on the server with the spec messages', async () => {
    const { jar, loginUrl } = await startSignIn()
    const empty = await (await postLogin(jar, loginUrl, { email: '', password: '' })).json()
    expect(empty.result.error).toMatchObject({ email: ['This field required'], password: ['This field required'] })
    const malformed = await (await postLogin(jar, loginUrl, { email: 'not-an-email', password: 'x' })).json()
    expect(malformed.result.error).toMatchObject({ email: ['Invalid email format'] })
  })

  it('treats a sign-in without its interaction cookie as expired, not as a login', async () => {
    const { loginUrl } = await startSignIn()
    const stranger = new CookieJar()
    expect(await (await stranger.fetch(loginUrl)).json()).toMatchObject({ expired: true, loginHint: null })
    const posted = await postLogin(stranger, loginUrl, { email: juan.email, password: juan.password })
    expect(posted.status).toBe(200)
    expect((await posted.json()).expired).toBe(true)
  })

  it('refuses to finish another pending sign-in than the one in the URL', async () => {
    const jar = new CookieJar()
    const first = await startSignIn(jar)
    await startSignIn(jar) // the cookie now names the second one
    const posted = await postLogin(jar, first.loginUrl, { email: juan.email, password: juan.password })
    expect((await posted.json()).expired).toBe(true)
  })
})

describe('code flow with PKCE S256', () => {
  it('issues access, ID and refresh tokens, the ID token signed by the published keys with Keycloak claims', async () => {
    const { tokens } = await signedInTokens()
    expect(tokens.token_type).toBe('Bearer')
    expect(tokens.expires_in).toBeLessThanOrEqual(300)
    expect(tokens.access_token).toBeTruthy()
    expect(tokens.refresh_token).toBeTruthy()
    const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(op.endpoint('jwks'))), {
      issuer: op.issuer,
      audience: client().id,
    })
    expect(payload).toMatchObject({
      sub: juan.id,
      nonce: 'nonce-1234567890',
      email: juan.email,
      email_verified: true,
      given_name: 'Juan',
      family_name: 'Dela Cruz',
      realm_access: { roles: ['default-roles-hibla', 'customer'] },
      accountNumber: ['1000012345', '1000067890'],
      activeAccountNumber: '1000012345',
      displayCoachmarks: true,
      displayWelcomeBanner: false,
      displaySuccessRegistration: false,
      agentCode: null,
    })
  })

  it('keeps the claims in the ID token when the portal also asks for profile, email and roles (as Keycloak does)', async () => {
    const { code, verifier } = await signIn(juan, { scope: 'openid profile email roles' })
    const tokens = (await (await redeem(code, verifier)).json()) as Tokens
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      given_name: 'Juan',
      family_name: 'Dela Cruz',
      email: juan.email,
      realm_access: { roles: juan.roles },
      accountNumber: juan.attributes.accountNumber,
    })
  })

  it("carries a sales agent's roles and agent code", async () => {
    const { tokens } = await signedInTokens(agent)
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      sub: agent.id,
      realm_access: { roles: ['default-roles-hibla', 'sales-agent'] },
      agentCode: 'AG-0042',
      accountNumber: [],
      activeAccountNumber: null,
    })
  })

  it('issues the access token as a JWT for the upstream, with the roles and attributes (as Keycloak does)', async () => {
    const { tokens } = await signedInTokens()
    const keys = createRemoteJWKSet(new URL(op.endpoint('jwks')))
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, keys, {
      issuer: op.issuer,
      audience: op.config.oidc.audience,
      typ: 'at+jwt',
    })
    expect(protectedHeader.alg).toBe('RS256')
    expect(payload).toMatchObject({
      sub: juan.id,
      client_id: op.config.oidc.clientId,
      realm_access: { roles: juan.roles },
      accountNumber: juan.attributes.accountNumber,
      activeAccountNumber: '1000012345',
      agentCode: null,
    })
    expect(payload.exp! - payload.iat!).toBe(5 * 60)
  })

  it("answers the portal's own access token at the advertised userinfo endpoint, GET and POST (as Keycloak does)", async () => {
    const { tokens } = await signedInTokens()
    const discovery = await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()
    for (const method of ['GET', 'POST']) {
      const response = await fetch(discovery.userinfo_endpoint, {
        method,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(response.status, method).toBe(200)
      expect(response.headers.get('cache-control')).toContain('no-store')
      expect(await response.json()).toMatchObject({
        sub: juan.id,
        given_name: juan.firstName,
        realm_access: { roles: juan.roles },
        accountNumber: juan.attributes.accountNumber,
      })
    }
  })

  it('refuses at userinfo an ID token, a token of another signer, a tampered one and none, as invalid_token', async () => {
    const { tokens } = await signedInTokens()
    const claims = decodeJwt(tokens.access_token)
    const [header, , signature] = tokens.access_token.split('.')
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: agent.id })).toString('base64url')}.${signature}`
    const { privateKey } = await generateKeyPair('RS256')
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).sign(privateKey)
    for (const token of [tokens.id_token, tampered, foreign, undefined]) {
      const response = await fetch(op.endpoint('userinfo'), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
      expect((await response.json()).error).toBe('invalid_token')
    }
  })

  it('accepts an authorization code once; the second redemption fails and revokes what the first issued', async () => {
    const { code, verifier } = await signIn()
    const first = await redeem(code, verifier)
    expect(first.status).toBe(200)
    const tokens = (await first.json()) as Tokens
    const second = await redeem(code, verifier)
    expect(second.status).toBe(400)
    expect((await second.json()).error).toBe('invalid_grant')
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect((await refresh.json()).error).toBe('invalid_grant')
  })

  it('accepts a code once even when it is redeemed twice at the same moment, and then neither answer is usable', async () => {
    for (let round = 0; round < 5; round++) {
      const { code, verifier } = await signIn()
      const answers = await Promise.all([redeem(code, verifier), redeem(code, verifier), redeem(code, verifier)])
      const granted = answers.filter((answer) => answer.status === 200)
      expect(granted.length).toBeLessThanOrEqual(1)
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status).toBe(400)
        expect((await refused.json()).error).toBe('invalid_grant')
      }
      for (const answer of granted) {
        const tokens = (await answer.json()) as Tokens
        const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
        expect((await refresh.json()).error).toBe('invalid_grant')
      }
    }
  })

  it('rotates refresh tokens; reusing an old one fails and revokes the grant, so the new one fails too', async () => {
    const { tokens } = await signedInTokens()
    const rotated = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect(rotated.status).toBe(200)
    const fresh = (await rotated.json()) as Tokens
    expect(fresh.refresh_token).toBeTruthy()
    expect(fresh.refresh_token).not.toBe(tokens.refresh_token)
    expect(decodeJwt(fresh.id_token)).toMatchObject({ realm_access: { roles: juan.roles } })

    const replay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect(replay.status).toBe(400)
    expect((await replay.json()).error).toBe('invalid_grant')

    const afterReplay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: fresh.refresh_token })
    expect(afterReplay.status).toBe(400)
    expect((await afterReplay.json()).error).toBe('invalid_grant')
  })

  it('signs a browser with a provider session straight back in, and answers prompt=consent without a screen', async () => {
    const { jar } = await signIn()
    const again = await jar.fetch(authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }))
    expect(again.status).toBe(303)
    expect(new URL(again.headers.get('location')!).searchParams.get('code')).toBeTruthy()

    const consent = await jar.fetch(
      authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256', prompt: 'consent' }),
    )
    const consentUrl = new URL(consent.headers.get('location')!, op.base)
    expect(consentUrl.pathname).toMatch(/^\/login\/interaction\//)
    const screen = await jar.fetch(consentUrl.toString())
    expect(screen.status).toBe(302)
    const resume = await jar.fetch(new URL(screen.headers.get('location')!, op.base).toString())
    expect(new URL(resume.headers.get('location')!).searchParams.get('code')).toBeTruthy()
  })

  it('refuses a wrong client secret at the token endpoint', async () => {
    const { code, verifier } = await signIn()
    const response = await fetch(op.endpoint('token'), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client().id}:not-the-secret`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: client().redirectUri,
      }),
    })
    expect(response.status).toBe(401)
    expect((await response.json()).error).toBe('invalid_client')
  })
})

describe("Keycloak's server-side logout (the portal's; spec 3: the logout body is the tokens)", () => {
  function serverLogout(refreshToken: string, secret = client().secret) {
    return fetch(op.endpoint('end_session'), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(client().id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ client_id: client().id, refresh_token: refreshToken }),
    })
  }

  it('ends the grant and the browser session: no refresh, and the next sign-in on that browser asks for the password', async () => {
    const { tokens, jar } = await signedInTokens()
    const answer = await serverLogout(tokens.refresh_token)
    expect(answer.status).toBe(204)

    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect((await refresh.json()).error).toBe('invalid_grant')
    // A kiosk: the provider cookie is still in the browser, but it opens no session.
    const again = await jar.fetch(authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }))
    expect(new URL(again.headers.get('location')!, op.base).pathname).toMatch(/^\/login\/interaction\//)
  })

  it('refuses a wrong client secret or an unknown token, and ends nothing', async () => {
    const { tokens } = await signedInTokens()
    const wrongSecret = await serverLogout(tokens.refresh_token, 'not-the-secret-at-all')
    expect(wrongSecret.status).toBe(401)
    expect((await wrongSecret.json()).error).toBe('invalid_client')
    const unknown = await serverLogout('not-a-refresh-token')
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).error).toBe('invalid_grant')
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect(refresh.status).toBe(200)
  })
})

describe('RP-initiated logout', () => {
  it('with the ID token signs out, returns to the portal and ends the refresh token; its pages carry no token', async () => {
    const { tokens, jar } = await signedInTokens()
    const url = new URL(op.endpoint('end_session'))
    url.searchParams.set('id_token_hint', tokens.id_token)
    url.searchParams.set('post_logout_redirect_uri', `${op.base}/`)
    url.searchParams.set('client_id', client().id)
    const page = await jar.fetch(url.toString())
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain('eyJ')
    // The auto-submitting script runs under the CSP nonce; no third-party font.
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1]
    expect(nonce).toBeTruthy()
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    expect(html).not.toContain('googleapis')

    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!
    const done = await jar.fetch(new URL(action, op.base).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`${op.base}/`)

    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect((await refresh.json()).error).toBe('invalid_grant')
  })

  it('without the ID token asks first, so a plain link signs no one out', async () => {
    const { tokens, jar } = await signedInTokens()
    const page = await jar.fetch(op.endpoint('end_session'))
    const html = await page.text()
    expect(html).toContain('Do you want to log out?')
    expect(html).not.toContain('<script')
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    expect(refresh.status).toBe(200)
  })

  it('renders its errors without a stack trace, a third-party font or a token', async () => {
    const response = await fetch(authorizeUrl({ client_id: 'unknown-client' }))
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('We could not complete your sign-in.')
    expect(html).not.toMatch(/ at .*\.js:\d+/)
    expect(html).not.toContain('googleapis')
    expect(html).not.toContain('eyJ')
  })
})

describe('cookies behind a TLS proxy that is not trusted (issue 32, item 6)', () => {
  // The browser sees https://portal.example.ph; this process hears plain HTTP and, without
  // TRUST_PROXY, reads no X-Forwarded-Proto. Its cookies must be Secure all the same.
  const PUBLIC_URL = 'https://portal.example.ph'
  let tls: IdentityTestServer
  beforeAll(async () => {
    tls = await startIdentityTestServer(database, directory, { PUBLIC_URL })
  })
  afterAll(() => tls?.close())
  /** The same path on the plain listener: what the proxy would forward. */
  const local = (url: string) => {
    const parsed = new URL(url, tls.base)
    return `${tls.base}${parsed.pathname}${parsed.search}`
  }

  it('marks oidc_interaction, oidc_resume and oidc_session Secure when PUBLIC_URL is https, TRUST_PROXY unset', async () => {
    expect(tls.config.TRUST_PROXY).toBe('false')
    const jar = new CookieJar()
    const lines: string[] = []
    const record = (response: Response) => lines.push(...response.headers.getSetCookie())
    const pkce = pkcePair()
    const authorize = new URL(local(tls.endpoint('authorization')))
    for (const [name, value] of Object.entries({
      client_id: tls.config.oidc.clientId,
      redirect_uri: `${PUBLIC_URL}/login/callback`,
      response_type: 'code',
      scope: 'openid',
      state: 'state-1234567890',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(name, value)
    const start = await jar.fetch(authorize.toString())
    expect(start.status).toBe(303)
    record(start)
    const loginUrl = local(start.headers.get('location')!)
    const login = await postLogin(jar, loginUrl, { email: juan.email, password: juan.password })
    expect(login.status).toBe(302)
    record(login)
    const resume = await jar.fetch(local(login.headers.get('location')!))
    expect(resume.status).toBe(303)
    record(resume)
    expect(new URL(resume.headers.get('location')!).searchParams.get('code')).toBeTruthy()

    const names = new Set(lines.map((line) => line.slice(0, line.indexOf('='))))
    for (const name of ['oidc_interaction', 'oidc_resume', 'oidc_session']) expect(names).toContain(name)
    for (const line of lines.filter((line) => line.startsWith('oidc_'))) expect(line).toMatch(/; secure/i)
  })

  it('leaves them without Secure on a plain-HTTP public URL (a browser would drop Secure cookies there)', async () => {
    const { authorizeResponse } = await startSignIn()
    const lines = authorizeResponse.headers.getSetCookie().filter((line) => line.startsWith('oidc_'))
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line).not.toMatch(/; secure/i)
  })
})
