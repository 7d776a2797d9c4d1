import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action as preferencesAction } from './preferences'
import { loader as rootLoader } from '~/root'
import { silentLogger, testConfig } from '../../../services/testing'
import { popToast, serializeToast } from '~/utils/toast.server'
import { routeArgs } from '../../../tests/support/route-args'

function contextFor(env: Record<string, string> = {}) {
  return {
    config: testConfig(env),
    upstreamFetch: async () => new Response(null, { status: 599 }),
    logger: silentLogger,
    requestId: 'r',
    nonce: 'n',
  } as AppLoadContext
}

function post(fields: Record<string, string>, cookie?: string) {
  return new Request('http://localhost/preferences', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  })
}

async function runAction(fields: Record<string, string>, env?: Record<string, string>) {
  const result = await preferencesAction(routeArgs({ request: post(fields), context: contextFor(env), params: {} }))
  return { status: result.status, headers: result.headers }
}

describe('cookie banner and theme preferences', () => {
  it('ACCEPT stores a lasting cookieAccepted cookie and goes back to the page (no JS)', async () => {
    const { status, headers } = await runAction({ intent: 'accept-cookies', redirectTo: '/privacy-notice' })
    expect(status).toBe(302)
    expect(headers.get('location')).toBe('/privacy-notice')
    const cookie = headers.get('set-cookie')!
    expect(cookie).toMatch(/^cookieAccepted=/)
    expect(cookie).toMatch(/Max-Age=31536000/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
  })

  it('closing the banner sets a cookie that ends with the browser session', async () => {
    const { headers } = await runAction({ intent: 'close-cookie-banner' })
    const cookie = headers.get('set-cookie')!
    expect(cookie).toMatch(/^cookieBannerClosed=/)
    expect(cookie).not.toMatch(/Max-Age|Expires/i)
  })

  it('marks every preference cookie Secure in production', async () => {
    for (const intent of ['accept-cookies', 'close-cookie-banner', 'theme']) {
      const { headers } = await runAction({ intent, theme: 'dark' }, { NODE_ENV: 'production' })
      expect(headers.get('set-cookie')).toMatch(/; Secure/)
    }
  })

  it('answers a fetcher or a direct call (no redirectTo) with 200 and still sets the cookie', async () => {
    const { status, headers } = await runAction({ intent: 'theme', theme: 'dark' })
    expect(status).toBe(200)
    expect(headers.get('set-cookie')).toMatch(/^theme=/)
  })

  it('never redirects to another site', async () => {
    const { headers } = await runAction({ intent: 'theme', theme: 'dark', redirectTo: '//evil.example/x' })
    expect(headers.get('location')).toBe('/')
  })

  it('refuses an unknown intent with 400', async () => {
    const { status } = await runAction({ intent: 'become-admin' })
    expect(status).toBe(400)
  })
})

describe('root loader', () => {
  async function loadRoot(cookie: string, env?: Record<string, string>) {
    const result = await rootLoader(
      routeArgs({
        request: new Request('http://localhost/plans?x=1', { headers: { cookie } }),
        context: contextFor(env),
        params: {},
      }),
    )
    return result as unknown as { data: Record<string, unknown>; init?: ResponseInit }
  }

  it('renders the theme and hides the banner from cookies set by the preferences action', async () => {
    const { headers: themeHeaders } = await runAction({ intent: 'theme', theme: 'dark' })
    const { headers: acceptHeaders } = await runAction({ intent: 'accept-cookies' })
    const cookie = [themeHeaders, acceptHeaders].map((h) => h.get('set-cookie')!.split(';')[0]).join('; ')
    const { data } = await loadRoot(cookie)
    expect(data.theme).toBe('dark')
    expect(data.showCookieBanner).toBe(false)
    expect(data.currentPath).toBe('/plans?x=1')
  })

  it('shows the banner and the light theme to a first-time visitor', async () => {
    const { data } = await loadRoot('')
    expect(data).toMatchObject({ theme: 'light', showCookieBanner: true, registerEnabled: true, version: '2.3.1' })
  })

  it("hides REGISTER unless the register flag is exactly the string 'true'", async () => {
    expect((await loadRoot('', { REGISTER_FLAG: 'TRUE' })).data.registerEnabled).toBe(false)
  })

  it('shows a pending toast once and clears it', async () => {
    const config = contextFor().config
    const setCookie = await serializeToast(config, { kind: 'success', message: 'Successfully Logged Out' })
    const { data, init } = await loadRoot(setCookie.split(';')[0]!)
    expect(data.toast).toEqual({ kind: 'success', message: 'Successfully Logged Out' })
    expect(new Headers(init?.headers).get('set-cookie')).toMatch(/Max-Age=0/)
  })
})

describe('toasts', () => {
  it('ignores a toast cookie that was not signed by us', async () => {
    const forged = `toast=${Buffer.from(JSON.stringify({ message: 'Pay to 0917...' })).toString('base64')}`
    const request = new Request('http://localhost/', { headers: { cookie: forged } })
    expect((await popToast(request, contextFor().config)).toast).toBeNull()
  })
})

describe('preferences with a non-ASCII redirectTo', () => {
  it('redirects to the percent-encoded path instead of failing', async () => {
    const { status, headers } = await runAction({ intent: 'accept-cookies', redirectTo: '/Ā' })
    expect(status).toBe(302)
    expect(headers.get('location')).toBe('/%C4%80')
  })
})
