/**
 * The e2e portal whose catalogue is down (spec 8: 'Plans are unavailable at this moment.
 * Please try again later.'), whose referrals service refuses a referral's submission, and
 * whose coverage service fails the check of a visitor named UNAVAILABLE: the real portal,
 * started exactly as server.ts starts it (startPortal), whose calls to those paths are
 * answered 503 before they reach the in-process services; every other service works. Only
 * playwright.config.ts runs this file (FAULTS_PORT); production never does, and nothing in
 * the portal's configuration can switch a fault on.
 */
import { startPortal } from '../../../server.ts'

// With an upstream elsewhere there are no in-process services to stand in front of.
if (process.env.UPSTREAM_URL) {
  process.stderr.write('portal-with-faults: the faults stand in front of the in-process services; unset UPSTREAM_URL\n')
  process.exit(1)
}

/** The catalogue's calls (services/catalog/routes.ts): plans, categories, compare, FAQs, add-ons, recommendations, TV config. */
const CATALOG_PATH = /^\/v\d+\/(plans|tv-config)(\/|$)/

/** A referral's submission (services/referrals/routes.ts): referrals.spec.ts's failed page. */
const isReferralSubmission = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/v1/referrals'

/**
 * A serviceability check for a visitor whose last name is UNAVAILABLE (the check carries
 * the subscriber's name): check-availability.spec.ts's 'Some error occured' (spec 8).
 */
const isFailingCheck = async (request: Request) =>
  request.method === 'POST' &&
  new URL(request.url).pathname === '/v2/servicability' &&
  /\sUNAVAILABLE$/.test(String(((await request.clone().json()) as { subscriberName?: unknown }).subscriberName))

const down = (message: string) =>
  Response.json({ status: false, message, data: null }, { status: 503, headers: { 'retry-after': '5' } })

await startPortal({
  upstreamFault: async (request) =>
    CATALOG_PATH.test(new URL(request.url).pathname)
      ? down('The catalogue is down (e2e fault).')
      : isReferralSubmission(request)
        ? down('The referrals service is down (e2e fault).')
        : (await isFailingCheck(request))
          ? down('The coverage service is down (e2e fault).')
          : undefined,
})
