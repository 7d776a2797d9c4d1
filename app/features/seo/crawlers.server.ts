/**
 * What search engines may read (issue 33): robots.txt keeps them out of private pages, the
 * application's steps and anything made for one visitor; sitemap.xml lists the public pages,
 * with each plan and each help topic from the catalogue and the cms. Absolute addresses on
 * PUBLIC_URL (or the request's own origin where it is not set).
 */
import { LEGAL_DOCUMENTS } from '~/features/legal/documents'
import type { Visit } from '~/visit/visit.server'
import type { Config } from '../../../lib/env'

/**
 * Private pages (signed in), the wizard's steps, one visitor's own pages (a status page's
 * address holds an email; a payment page an account number) and pages that only answer forms.
 */
export const DISALLOWED = [
  '/customer',
  '/account/',
  '/dashboard',
  '/profile',
  '/consent',
  '/get-started',
  '/sales',
  '/application-sales-partner',
  '/ApplyNow',
  '/onboard/',
  '/success',
  '/login',
  '/logout',
  '/register/sent',
  '/verifyEmail/',
  '/forgot-password',
  '/reset-password/',
  '/compliance/',
  '/upload/',
  '/OO-',
  '/CVG-',
  '/check-status/lookup',
  '/payment/',
  '/plans/cart',
  '/CheckAvailability/search',
  '/referral/leave',
  '/preferences',
  '/available-soon',
  '/application/check-status',
  '/analytics/',
  '/ops/',
  '/dev/',
] as const

const originOf = (config: Config, url: URL) => (config.PUBLIC_URL ?? url.origin).replace(/\/$/, '')

export function robotsTxt(config: Config, url: URL): Response {
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '']
  lines.push(`Sitemap: ${originOf(config, url)}/sitemap.xml`, '')
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}

/** The public pages with fixed addresses (spec 2). */
function fixedPages(config: Config): string[] {
  return [
    '/',
    '/plans',
    '/plans/compare',
    '/plans/recommend',
    '/CheckAvailability',
    '/payBill',
    '/payBill/stores',
    '/help',
    '/help/stores',
    '/check-status',
    '/referral',
    '/referral/winback',
    ...LEGAL_DOCUMENTS.map((name) => `/${name}`),
    ...(config.REGISTER_FLAG === 'true' ? ['/register'] : []),
  ]
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export async function sitemapXml(visit: Visit, url: URL): Promise<Response> {
  const listed = await visit.portal.call((upstream) =>
    Promise.all([
      upstream.catalog.plans({ customerCategory: 'RES' }),
      upstream.catalog.plans({ customerCategory: 'SME' }),
      upstream.help.categories(),
    ]),
  )
  if (!listed.ok) {
    // A partial list would tell crawlers the plans and topics are gone: ask them to come back.
    return new Response('The sitemap is not available right now. Please try again later.\n', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '600', 'cache-control': 'no-store' },
    })
  }
  const [residential, business, topics] = listed.value
  const plans = [...(residential ?? []), ...(business ?? [])]
    .filter((plan) => plan.productType === 'MAINLINE')
    .map((plan) => `/plans/${encodeURIComponent(plan.code)}`)
  const dynamic = [...new Set(plans), ...(topics ?? []).map((topic) => `/help/${encodeURIComponent(topic.id)}`)]
  const origin = originOf(visit.config, url)
  const urls = [...fixedPages(visit.config), ...dynamic]
    .map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
