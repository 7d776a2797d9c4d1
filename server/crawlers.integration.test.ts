/**
 * robots.txt and sitemap.xml over HTTP (issue 33): every page the sitemap lists answers 200
 * and is not one robots.txt keeps crawlers out of; private and one-visitor pages are kept out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../tests/support/portal'
import { DISALLOWED } from '~/features/seo/crawlers.server'

let t: TestPortal
beforeAll(async () => {
  t = await startTestPortal()
})
afterAll(() => t?.close())

const disallowed = (path: string) => DISALLOWED.some((prefix) => path.startsWith(prefix))

/** The body of a 200 answer of the given content type. */
async function textOf(path: string, type: RegExp) {
  const response = await fetch(`${t.base}${path}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(type)
  return response.text()
}

describe('robots.txt', () => {
  it('keeps crawlers out of private pages, the steps and one visitor’s pages, and names the sitemap', async () => {
    const text = await textOf('/robots.txt', /^text\/plain/)
    expect(text).toMatch(/^User-agent: \*$/m)
    for (const path of ['/customer', '/sales', '/onboard/', '/OO-', '/payment/', '/login', '/dev/'])
      expect(text).toContain(`\nDisallow: ${path}\n`)
    expect(text).toMatch(new RegExp(`^Sitemap: ${t.base.replace(/[.]/g, '\\.')}/sitemap\\.xml$`, 'm'))
  })

  it('covers the demo status page, whose address holds an email', () => {
    expect(disallowed('/OO-261102-DEM001/demo.applicant@example.com')).toBe(true)
  })
})

describe('sitemap.xml', () => {
  it('lists the public pages, each plan and each help topic, and each of them answers 200', async () => {
    const xml = await textOf('/sitemap.xml', /^application\/xml/)
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
    const paths = locations.map((location) => {
      expect(location.startsWith(`${t.base}/`)).toBe(true)
      return new URL(location).pathname
    })
    expect(paths).toEqual(expect.arrayContaining(['/', '/plans', '/CheckAvailability', '/help', '/privacy-notice']))
    expect(paths).toEqual(expect.arrayContaining(['/plans/fiber-plan-1699', '/help/internet-connection']))
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) {
      expect(disallowed(path), `${path} is listed and disallowed`).toBe(false)
      const page = await fetch(`${t.base}${path}`, { redirect: 'manual' })
      expect(page.status, path).toBe(200)
      await page.arrayBuffer()
    }
  })
})
