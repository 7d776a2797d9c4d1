/**
 * The public content routes' loaders against the real gateway and a seeded database,
 * plus a cms that is down.
 */
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LegalDocument } from '~/features/legal/legal.server'
import { startTestUpstream, type TestUpstream } from '../../../tests/support/upstream'
import { loader as checkStatusLoader } from './application-check-status'
import { loader as landingLoader } from './landing'
import { loader as legalLoader } from './legal'
import { routeArgs } from '../../../tests/support/route-args'

/** The one legal route's loader, for a path that shows a document of this kind. */
function legalLoaderFor<K extends LegalDocument['kind']>(kind: K) {
  return async (args: LoaderFunctionArgs) => {
    const { document } = await legalLoader(args)
    expect(document.kind).toBe(kind)
    return { document: document as Extract<LegalDocument, { kind: K }> }
  }
}
const termsLoader = legalLoaderFor('sections')
const termsOfUseLoader = legalLoaderFor('sections')
const privacyNoticeLoader = legalLoaderFor('questions')
const cookiePolicyLoader = legalLoaderFor('questions')

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())

const args = (path: string, context: AppLoadContext = t.context) => ({
  request: new Request(`http://localhost${path}`),
  context,
  params: {},
})

/** A thrown `data(…, { status })` from a loader. */
async function thrownStatus(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  return (thrown as { init?: { status?: number } } | undefined)?.init?.status
}

/** A cms that cannot be reached: a fresh transport, so no cached content either. */
const downContext = (): AppLoadContext => ({
  ...t.context,
  upstreamFetch: async () => {
    throw new TypeError('fetch failed')
  },
})

describe('terms and conditions', () => {
  it('shows the general terms without a product, last updated July 27, 2020', async () => {
    const { document } = await termsLoader(routeArgs(args('/terms-and-conditions')))
    expect(document.title).toBe('Terms and Conditions')
    expect(document.lastUpdated).toBe('July 27, 2020')
    expect(document.product).toBeNull()
    expect(document.sections.map((s) => s.heading)).toContain('Lock-in period')
  })

  it('switches to the product terms with ?product=', async () => {
    const { document } = await termsLoader(routeArgs(args('/terms-and-conditions?product=fiber-plan-2499')))
    expect(document.title).toBe('Fiber Plan 2499 Terms and Conditions')
    expect(document.product).toBe('fiber-plan-2499')
  })

  it('treats an empty ?product= as the general terms', async () => {
    const { document } = await termsLoader(routeArgs(args('/terms-and-conditions?product=')))
    expect(document.title).toBe('Terms and Conditions')
  })

  it('answers 404 for an unknown product', async () => {
    expect(await thrownStatus(termsLoader(routeArgs(args('/terms-and-conditions?product=no-such-plan'))))).toBe(404)
  })

  it('answers 404 for a malformed product code', async () => {
    expect(await thrownStatus(termsLoader(routeArgs(args('/terms-and-conditions?product=%3Cscript%3E'))))).toBe(404)
  })

  it('answers 503 when the cms is down', async () => {
    expect(await thrownStatus(termsLoader(routeArgs(args('/terms-and-conditions', downContext()))))).toBe(503)
  })

  it('answers 503, not 404, for product terms when the cms is down', async () => {
    expect(
      await thrownStatus(termsLoader(routeArgs(args('/terms-and-conditions?product=fiber-plan-1699', downContext())))),
    ).toBe(503)
  })
})

describe('privacy notice and cookie policy', () => {
  it('privacy notice answers start closed', async () => {
    const { document } = await privacyNoticeLoader(routeArgs(args('/privacy-notice')))
    expect(document.startOpen).toBe(false)
    expect(document.lastUpdated).toBe('July 27, 2020')
    expect(document.questions.length).toBeGreaterThan(5)
  })

  it('cookie policy answers start open', async () => {
    const { document } = await cookiePolicyLoader(routeArgs(args('/cookie-policy')))
    expect(document.startOpen).toBe(true)
    expect(document.questions.map((q) => q.question)).toContain('Which preference cookies do we use?')
  })

  it('sends only sanitized rich text, with rel=noopener on links', async () => {
    const { document } = await privacyNoticeLoader(routeArgs(args('/privacy-notice')))
    const html = [document.introductionHtml ?? '', ...document.questions.map((q) => q.answerHtml)].join('')
    expect(html).toContain('<a href="mailto:')
    expect(html).not.toMatch(/<a (?![^>]*rel="noopener noreferrer")/)
  })

  it('answers 503 when the cms is down', async () => {
    expect(await thrownStatus(privacyNoticeLoader(routeArgs(args('/privacy-notice', downContext()))))).toBe(503)
  })
})

describe('terms of use', () => {
  it('numbers its headings', async () => {
    const { document } = await termsOfUseLoader(routeArgs(args('/terms-of-use')))
    expect(document.numbered).toBe(true)
    expect(document.sections[0]?.heading).toBe('Use of the website')
  })
})

describe('hostile cms content', () => {
  it('reaches the page inert', async () => {
    const hostile =
      '<p>ok</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)" style="color:red">x</a>'
    // An upstream that answers every call with the same hostile legal page.
    const context: AppLoadContext = {
      ...t.context,
      upstreamFetch: async () =>
        Response.json({
          status: true,
          data: {
            title: 'Cookie Policy',
            last_updated_date: '2020-07-27',
            introduction: hostile,
            questionAnswerList: [{ question: 'q', answer: hostile }],
          },
        }),
    }
    const { document } = await cookiePolicyLoader(routeArgs(args('/cookie-policy', context)))
    for (const html of [document.introductionHtml, document.questions[0]?.answerHtml]) {
      expect(html).toContain('<p>ok</p>')
      expect(html).not.toMatch(/<img|<script|onerror|javascript:|style=/i)
    }
  })
})

describe('landing', () => {
  it('shows banners, the landing image and footers from the cms', async () => {
    const landing = await landingLoader(routeArgs(args('/')))
    expect(landing.focus).toBeNull()
    expect(landing.banners.length).toBeGreaterThanOrEqual(2)
    expect(landing.banners[0]?.link?.href).toBe('/CheckAvailability')
    expect(landing.image?.src).toBe('/landing-hero.svg')
    expect(landing.footers[0]?.heading).toBe(`About ${t.config.PRODUCT_NAME}`)
  })

  it('emphasises the section of the alias it was reached by', async () => {
    expect((await landingLoader(routeArgs(args('/paybills')))).focus).toBe('pay-bill')
    expect((await landingLoader(routeArgs(args('/applicant')))).focus).toBe('apply-now')
  })

  it('still opens, with the built-in hero and no banners, when the cms is down', async () => {
    const landing = await landingLoader(routeArgs(args('/', downContext())))
    expect(landing).toMatchObject({ banners: [], image: null, footers: [] })
  })
})

describe('application status', () => {
  it('redirects with 302 to the legacy status site when one is configured', async () => {
    const legacy = 'https://status.isp.test/application/check-status'
    const context = { ...t.context, config: { ...t.context.config, LEGACY_STATUS_URL: legacy } }
    const thrown = await checkStatusLoader(routeArgs(args('/application/check-status', context))).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe(legacy)
  })

  it('without one, shows the page (spec 8: available soon) instead of a placeholder address', async () => {
    expect(t.context.config.LEGACY_STATUS_URL).toBeUndefined()
    await expect(checkStatusLoader(routeArgs(args('/application/check-status')))).resolves.toBeNull()
  })
})
