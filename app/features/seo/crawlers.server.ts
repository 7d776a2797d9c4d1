/**
 * What search engines may read (issue 33): robots.txt keeps them out of private pages, the
 * application's steps and anything made for one visitor; sitemap.xml lists the public pages,
 * with each plan and each help topic from the catalogue and the cms. Absolute addresses on
 * PUBLIC_URL (or the request's own origin where it is not set).
 */
import type { AppLoadContext } from 'react-router'
import { LEGAL_DOCUMENTS } from '~/features/legal/documents'
import { upstreamFor } from '~/upstream/index.server'
import { resultOf } from '~/visit/call.server'

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

const originOf = (request: Request, context: AppLoadContext) =>
  (context.config.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, '')

export function robotsTxt(request: Request, context: AppLoadContext): Response {
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '']
  lines.push(`Sitemap: ${originOf(request, context)}/sitemap.xml`, '')
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}

/** The public pages with fixed addresses (spec 2). */
function fixedPages(context: AppLoadContext): string[] {
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
    ...(context.config.REGISTER_FLAG === 'true' ? ['/register'] : []),
  ]
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export async function sitemapXml(request: Request, context: AppLoadContext): Promise<Response> {
  const upstream = upstreamFor(context)
  const listed = await resultOf(
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
  const origin = originOf(request, context)
  const urls = [...fixedPages(context), ...dynamic]
    .map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
