import { createHash } from 'node:crypto'
import { expect, test } from './support/test'
import { cookieBanner, submitPreference } from './support/visitor'

// docs/security.md, Headers (every route, 404 included) and Sessions (cookie attributes).

function parsePolicy(header: string) {
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

function nonceOf(headers: Record<string, string>) {
  const scriptSrc = parsePolicy(headers['content-security-policy'] ?? '')['script-src'] ?? []
  return scriptSrc.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean)
}

/**
 * `scripts`: how the page's inline scripts are allowed: a per-request nonce, or (a public page
 * kept by the page cache, the same bytes for everyone: docs/decisions/0069) their hashes.
 */
function expectSecurityHeaders(headers: Record<string, string>, scripts: 'nonce' | 'hashes' = 'nonce') {
  expect(headers['content-security-policy'], 'an enforced CSP').toBeTruthy()
  expect(headers['content-security-policy-report-only'], 'no report-only CSP').toBeUndefined()
  const policy = parsePolicy(headers['content-security-policy']!)
  if (scripts === 'nonce') expect(nonceOf(headers), "a 'nonce-' source in script-src").toBeTruthy()
  else {
    expect(nonceOf(headers), "no 'nonce-' source in a kept page's script-src").toBeUndefined()
    expect(policy['script-src']?.some((source) => source.startsWith("'sha256-"))).toBe(true)
  }
  expect(policy['script-src']).not.toContain("'unsafe-inline'")
  expect(policy['object-src']).toEqual(["'none'"])
  expect(policy['base-uri']).toEqual(["'none'"])
  expect(policy['frame-ancestors']).toEqual(["'none'"])
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
    headers['referrer-policy'],
  )
  const hsts = headers['strict-transport-security'] ?? ''
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), 'HSTS for at least a year').toBeGreaterThanOrEqual(31536000)
  expect(hsts).toContain('includeSubDomains')
}

test.describe('security headers', () => {
  test('the landing page carries them', async ({ page }) => {
    const response = await page.goto('/')
    expectSecurityHeaders(response!.headers(), 'hashes')
  })

  test('a not-found page carries them', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response!.status()).toBe(404)
    expectSecurityHeaders(response!.headers())
  })

  test('a POST to /preferences carries them', async ({ page }) => {
    const response = await page.request.post('/preferences', { form: { intent: 'theme', theme: 'dark' } })
    expect(response.ok()).toBe(true)
    expectSecurityHeaders(response.headers())
  })

  test("the CSP nonce is new on every request and is the one on the page's scripts", async ({ page }) => {
    const nonces: string[] = []
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto('/CheckAvailability')
      const nonce = nonceOf(response!.headers())!
      // Browsers hide the nonce attribute from the DOM, so read the HTML as served.
      const scripts = (await response!.text()).match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length, 'the page has scripts').toBeGreaterThan(0)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
      nonces.push(nonce)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  test("a kept public page's inline scripts are allowed by their hashes, and it carries no nonce", async ({ page }) => {
    for (const path of ['/plans', '/help']) {
      await page.goto(path)
      const response = await page.goto(path)
      expect(response!.headers()['x-page-cache'], path).toBe('hit')
      const scriptSrc = parsePolicy(response!.headers()['content-security-policy']!)['script-src'] ?? []
      const html = await response!.text()
      expect(html).not.toMatch(/<script\b[^>]*\snonce=/)
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
      expect(inline.length, 'the page has inline scripts').toBeGreaterThan(0)
      for (const script of inline)
        expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`)
    }
  })
})

test.describe('cookies', () => {
  // The real posts: with JS the forms are fetchers (POST /preferences.data), without JS
  // plain forms (POST /preferences, redirect back). Each project checks its own path.
  test('every Set-Cookie from the cookie banner and theme is HttpOnly, SameSite=Lax and Secure', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    const closed = await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'Close' }))
    await expect(cookieBanner(page)).toBeHidden()
    const themed = await submitPreference(page, page.getByRole('button', { name: 'Switch to dark theme' }))
    await expect(page.locator('html')).toContainClass('dark')
    await context.clearCookies()
    await page.reload()
    const accepted = await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'ACCEPT' }))

    const setCookies = (
      await Promise.all([closed, themed, accepted].map((response) => response.headerValues('set-cookie')))
    ).flat()
    const names = setCookies.map((cookie) => cookie.split('=')[0]).sort()
    expect(names).toEqual(['cookieAccepted', 'cookieBannerClosed', 'theme'])
    for (const cookie of setCookies) {
      const attributes = cookie
        .split(';')
        .slice(1)
        .map((attribute) => attribute.trim().toLowerCase())
      expect(attributes, cookie).toContain('httponly')
      expect(attributes, cookie).toContain('samesite=lax')
      expect(attributes, cookie).toContain('secure')
    }
  })
})
