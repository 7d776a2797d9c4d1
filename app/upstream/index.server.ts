import type { AppLoadContext } from 'react-router'
import { addressCalls } from './address.server'
import { analyticsCalls } from './analytics.server'
import { applicationStatusCalls } from './application-status.server'
import { applicationCalls } from './applications.server'
import { autopayCalls } from './autopay.server'
import { billingCalls } from './billing.server'
import { catalogCalls } from './catalog.server'
import { createUpstreamClient, type FetchLike } from './client.server'
import { cmsCalls } from './cms.server'
import { consentCalls } from './consent.server'
import { contentCalls } from './content.server'
import { coverageCalls } from './coverage.server'
import { dashboardCalls } from './dashboard.server'
import { deviceCalls } from './devices.server'
import { draftCalls } from './drafts.server'
import { fileCalls } from './files.server'
import { helpCalls } from './help.server'
import { identityCalls } from './identity.server'
import { incidentCalls } from './incidents.server'
import { notificationCalls } from './notifications.server'
import { orderCalls } from './orders.server'
import { otpCalls } from './otp.server'
import { paymentCalls } from './payments.server'
import { profileCalls } from './profile.server'
import { referenceCalls } from './reference.server'
import { referralCalls } from './referrals.server'
import { salesCalls } from './sales.server'
import { sessionCalls } from './sessions.server'
import { remoteSignIn } from './sign-in.server'
import { storeCalls } from './stores.server'
import { supportCalls } from './support.server'
import { repairCalls } from './repairs.server'

function createUpstream(context: AppLoadContext) {
  const { config } = context
  const client = createUpstreamClient({
    fetch: context.upstreamFetch,
    baseUrl: config.UPSTREAM_URL ?? 'http://upstream.internal',
    channel: config.channel,
    secret: config.upstreamSecret,
    scheme: config.UPSTREAM_SIGNATURE_SCHEME,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    retryDelayMs: config.UPSTREAM_RETRY_DELAY_MS,
    logger: context.logger,
    metrics: context.metrics,
  })
  return {
    address: addressCalls(client),
    analytics: analyticsCalls(client),
    applications: applicationCalls(client),
    applicationStatus: applicationStatusCalls(client),
    autopay: autopayCalls(client),
    billing: billingCalls(client),
    catalog: catalogCalls(client, { cacheSeconds: config.CMS_CACHE_SECONDS }),
    cms: cmsCalls(client, { source: config.sourceId, cacheSeconds: config.CMS_CACHE_SECONDS }),
    consent: consentCalls(client),
    content: contentCalls(client),
    coverage: coverageCalls(client),
    dashboard: dashboardCalls(client),
    devices: deviceCalls(client),
    drafts: draftCalls(client),
    files: fileCalls(client),
    help: helpCalls(client, { source: config.sourceId, cacheSeconds: config.CMS_CACHE_SECONDS }),
    identity: identityCalls(client),
    incidents: incidentCalls(client),
    notifications: notificationCalls(client),
    orders: orderCalls(client),
    otp: otpCalls(client),
    payments: paymentCalls(client),
    profile: profileCalls(client),
    reference: referenceCalls(client),
    referrals: referralCalls(client),
    sales: salesCalls(client),
    sessions: sessionCalls(client),
    /** The login screen's binding to a provider hosted by the upstream's processes (browser's Cookie header). */
    signIn: (cookieHeader: string | null) => remoteSignIn(client, cookieHeader),
    stores: storeCalls(client),
    support: supportCalls(client),
    repairs: repairCalls(client),
  }
}

export type Upstream = ReturnType<typeof createUpstream>

// One client (and its content cache) per upstream transport, built on first use.
const upstreams = new WeakMap<FetchLike, Upstream>()

/** Every upstream service the portal calls, typed. */
export function upstreamFor(context: AppLoadContext): Upstream {
  let upstream = upstreams.get(context.upstreamFetch)
  if (!upstream) {
    upstream = createUpstream(context)
    upstreams.set(context.upstreamFetch, upstream)
  }
  return upstream
}
