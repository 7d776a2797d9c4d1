/**
 * The embedded sign-in with the upstream in its own process (issue 17, item 1): the
 * upstream hosts the OpenID provider (startServices with hostSignIn, served as `npm run
 * services` serves it), and a portal with UPSTREAM_URL and no OIDC_ISSUER passes the
 * provider's paths through and asks the login steps by signed calls. A browser without
 * JavaScript signs in through the portal alone, as it would through a balancer.
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_FAILED } from '../app/features/auth/texts.ts'
import { createUpstreamServer } from '../services/http-server.ts'
import { startServices, type Services } from '../services/runtime.ts'
import { openTestDatabase, silentLogger, testConfig } from '../services/testing.ts'
import { CookieJar } from '../tests/support/identity-provider.ts'
import { freePort, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
const OIDC_CLIENT_SECRET = 'test-oidc-client-secret-0123456789'

let portal: TestPortal
let services: Services
let upstream: Server
let upstreamBase: string

beforeAll(async () => {
  const [portalPort, upstreamPort] = [await freePort(), await freePort()]
  const publicUrl = `http://127.0.0.1:${portalPort}`
  upstreamBase = `http://127.0.0.1:${upstreamPort}`
  const config = testConfig({ PUBLIC_URL: publicUrl, OIDC_CLIENT_SECRET, DEMO_DATA: 'true' })
  const database = await openTestDatabase({ seededFor: config.PRODUCT_NAME })
  services = await startServices(config, silentLogger, { database, hostSignIn: true })
  upstream = createUpstreamServer(config, services)
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve))
  portal = await startTestPortal({ PORT: String(portalPort), UPSTREAM_URL: upstreamBase, OIDC_CLIENT_SECRET })
})

afterAll(async () => {
  await portal?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
  await services?.close()
})

describe('the embedded sign-in hosted by the upstream process', () => {
  it('publishes the provider at the portal address, passed through to the upstream', async () => {
    const answer = await fetch(`${portal.base}/realms/hibla/.well-known/openid-configuration`)
    expect(answer.status).toBe(200)
    const discovery = (await answer.json()) as { issuer: string; authorization_endpoint: string }
    expect(discovery.issuer).toBe(`${portal.base}/realms/hibla`)
    expect(discovery.authorization_endpoint.startsWith(`${portal.base}/realms/hibla/`)).toBe(true)
    // Nothing else of the upstream is reachable through the portal.
    expect((await fetch(`${portal.base}/v1/catalog/plans`)).headers.get('content-type')).toMatch(/text\/html/)
  })

  it('signs a customer in through the portal without JavaScript, and the session works', async () => {
    const { go } = await signInByRequests(portal.base, CUSTOMER)
    const dashboard = await go('/customer')
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain('My Account')
  })

  it('refuses a wrong password with the form kept, and an unsigned login step at the upstream', async () => {
    const jar = new CookieJar()
    const go = (url: string, init?: RequestInit) => jar.fetch(new URL(url, portal.base).toString(), init)
    let next = (await go('/login')).headers.get('location')!
    next = (await go(next)).headers.get('location')!
    expect(next).toMatch(/\/login\/interaction\/[\w-]+$/)
    const refused = await go(next, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: CUSTOMER.email, password: 'not-the-password' }),
    })
    expect(refused.status).toBe(200)
    const page = await refused.text()
    expect(page).toContain(SIGN_IN_FAILED)
    expect(page).toContain(`value="${CUSTOMER.email}"`)

    const uid = next.split('/').pop()!
    const unsigned = await fetch(`${upstreamBase}/identity/sign-in/${uid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ step: 'sign-in', cookie: '', email: CUSTOMER.email, password: CUSTOMER.password }),
    })
    expect(unsigned.status).toBe(401)
  })
})
