/**
 * The reference upstream's API gateway. Every call must carry a known channel name, a
 * fresh request id and a valid signature (lib/signature.ts); anything else gets 401 in
 * the common error envelope before any service sees it. Then it routes by path.
 */
import { Hono, type HonoRequest } from 'hono'
import { z } from 'zod'
import { madeByAny } from '../lib/secret-ring.ts'
import { HEADER, computeSignature, sha256Hex, type SignatureScheme } from '../lib/signature.ts'
import { addressRoutes } from './address/routes.ts'
import { analyticsRoutes } from './analytics/routes.ts'
import { applicationRoutes } from './applications/routes.ts'
import { billingRoutes } from './billing/routes.ts'
import { createBillingService } from './billing/service.ts'
import { OPERATOR_CHANNEL } from './applications/tracking-routes.ts'
import { catalogRoutes } from './catalog/routes.ts'
import { deviceRoutes } from './devices/routes.ts'
import { createDevicesService } from './devices/service.ts'
import { dashboardRoutes } from './dashboard/routes.ts'
import { subscriptionRoutes } from './accounts/subscription-routes.ts'
import { cmsRoutes } from './cms/routes.ts'
import { consentRoutes } from './consent/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { coverageRoutes } from './coverage/routes.ts'
import { draftRoutes } from './drafts/routes.ts'
import { fileRoutes, isStreamedUpload } from './files/routes.ts'
import { CONTENT_SHA256_HEADER } from '../lib/documents.ts'
import type { Config } from '../lib/env.ts'
import { createAccessTokenVerifier, remoteKeys, storedKeys, type AccessTokenVerifier } from './bearer.ts'
import { identityRoutes } from './identity/routes.ts'
import type { IdentityHost } from './identity/oidc/host.ts'
import { signInRoutes } from './identity/oidc/interaction-routes.ts'
import { publicSigningKeys } from './identity/oidc/keys.ts'
import { inboxRoutes } from './notifications/inbox-routes.ts'
import { NMS_CHANNEL, incidentRoutes, isIncidentsPath } from './incidents/routes.ts'
import { profileRoutes } from './identity/profile-routes.ts'
import { notificationRoutes } from './notifications/routes.ts'
import { orderRoutes } from './orders/routes.ts'
import type { PaymentGateway } from './payments/payment-gateway.ts'
import { PAYMENT_WEBHOOK_PATH, paymentRoutes } from './payments/routes.ts'
import type { PaymentsSettings } from './payments/service.ts'
import { paymentsFromConfig, type PaymentsRuntime } from './payments/setup.ts'
import { otpRoutes } from './otp/routes.ts'
import type { ServiceDeps } from './context.ts'
import { ServiceError, errorEnvelope } from './errors.ts'
import { controlCharacterFields } from './validation.ts'
import { referenceRoutes } from './reference/routes.ts'
import { referralRoutes } from './referrals/routes.ts'
import { createReplayGuard } from './replay/guard.ts'
import { logContext, requestLineLogger } from '../lib/logger.ts'
import { isSalesStreamedUpload, salesRoutes } from './sales/routes.ts'
import { sessionRoutes } from './sessions/routes.ts'
import { storesRoutes } from './stores/routes.ts'
import { supportRoutes } from './support/routes.ts'
import { repairRoutes } from './repairs/routes.ts'
import { createRepairsService } from './repairs/service.ts'

export type GatewayOptions = ServiceDeps & {
  secret: string
  /** UPSTREAM_SECRET_PREVIOUS: calls signed with these are accepted too, while a rotation settles. */
  previousSecrets?: readonly string[]
  scheme: SignatureScheme
  channels: string[]
  clockWindowSeconds: number
  /** Checks the bearer token of calls made for a signed-in user (bearer.ts). */
  accessTokens: AccessTokenVerifier
  /**
   * The clock of the signature window and the replay guard. It must agree with the
   * signer's clock (the portal's: the wall clock), so a caller that moves the services'
   * domain clock (`now`, e2e link-expiry tests) keeps this one apart. Default: `now`.
   */
  signatureClock?: () => Date
  /**
   * Who collects online payments (services/payments/setup.ts) and the payments settings;
   * without them the payments calls are not served (gatewayFromConfig always gives them).
   */
  payments?: { gateway: PaymentGateway; settings: PaymentsSettings }
  /**
   * The embedded OpenID provider, when this upstream hosts it for portals in other
   * processes: their login screen's steps are served (identity/oidc/interaction-routes.ts).
   */
  signIn?: Pick<IdentityHost, 'byCookie'>
  /**
   * NMS_CHANNEL_SECRET (issue 37, item 2): the network monitoring system signs with its own
   * secret on the `NMS` channel, which reaches the incidents calls only. Null or unset: the
   * channel is refused.
   */
  nmsSecret?: string | null
}

const RequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/)

/**
 * What the portal's in-process transport hands the gateway with each call (server.ts):
 * `gateway.fetch(request, IN_PROCESS_CALL)`. Such a call never crossed a wire, so nobody can
 * have captured it to send again: it is checked like any other (channel, request id, time,
 * signature) but its request id is not remembered (docs/decisions/0053). Calls over HTTP
 * (services/http-server.ts) never carry it.
 */
export const IN_PROCESS_CALL = { inProcessCall: true } as const

/**
 * An in-process call whose body the caller holds as text (the upstream thread: JSON crosses
 * as a string, decision 0056): its Request carries no body, and the gateway hands the text to
 * Hono's body cache, so no body stream is made to be read back at once (decision 0058).
 */
export type InProcessCall = typeof IN_PROCESS_CALL & { textBody?: string }

type GatewayEnv = { Variables: { requestId: string }; Bindings: Partial<InProcessCall> | undefined }

const JSON_TYPE = /^application\/([\w.+-]+\+)?json/i

/** The body of a call held as text, as Hono's request reads it (text, bytes and, when JSON, the value). */
function holdBody(request: HonoRequest, text: string) {
  // Hono keeps each body it has read as a promise of it, whatever its type says.
  const cache = request.bodyCache as Record<string, Promise<unknown>>
  const bytes = new TextEncoder().encode(text)
  cache.text = Promise.resolve(text)
  cache.arrayBuffer = Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  if (JSON_TYPE.test(request.header('content-type') ?? '')) {
    try {
      cache.json = Promise.resolve(JSON.parse(text))
    } catch {
      // Not JSON after all: c.req.json() fails from the text, as it would from a stream.
    }
  }
}

// A draft id is a bearer secret that the drafts API carries in its paths; a log line must never hold one (docs/security.md, Logs and privacy).
const DRAFT_ID_IN_PATH = /^\/v1\/drafts\/[^/]+/

/** The path as logged: draft ids replaced by ':draftId'. */
export function loggedUpstreamPath(path: string): string {
  return path.replace(DRAFT_ID_IN_PATH, '/v1/drafts/:draftId')
}

export function createGateway(options: GatewayOptions) {
  const app = new Hono<GatewayEnv>()
  // The one line per call, from fixed fields only: written without the redact list (lib/logger.ts).
  const callLines = requestLineLogger(options.logger)
  // In Postgres: a call replayed to another upstream copy is refused too (services/replay).
  const replay = createReplayGuard(options.db, options.clockWindowSeconds * 1000 * 2, options.logger)
  const signatureClock = options.signatureClock ?? options.now

  app.onError((error, c) => {
    const requestId = c.req.header(HEADER.requestId) ?? null
    if (error instanceof ServiceError) {
      return c.json(errorEnvelope(error.code, error.message, requestId, error.fields), error.httpStatus)
    }
    options.logger.error({ err: error, requestId, path: loggedUpstreamPath(c.req.path) }, 'upstream service failed')
    return c.json(errorEnvelope('internal', 'The service failed to answer.', requestId), 500)
  })

  app.notFound((c) =>
    c.json(errorEnvelope('not_found', 'No such upstream call.', c.req.header(HEADER.requestId) ?? null), 404),
  )

  app.use('*', async (c, next) => {
    const textBody = c.env?.textBody
    if (textBody !== undefined && c.env?.inProcessCall === true) holdBody(c.req, textBody)
    // The payment gateway's webhook carries the gateway's own signature (Paymongo-Signature),
    // checked by its route over the raw body; it cannot carry ours.
    if (c.req.method === 'POST' && c.req.path === PAYMENT_WEBHOOK_PATH) {
      c.set('requestId', c.req.header(HEADER.requestId) ?? 'webhook')
      return next()
    }
    const refuse = (reason: string) => {
      options.logger.warn(
        { requestId: c.req.header(HEADER.requestId), reason, path: loggedUpstreamPath(c.req.path) },
        'upstream call refused',
      )
      return c.json(errorEnvelope('unauthorized', reason, c.req.header(HEADER.requestId) ?? null), 401)
    }
    const channel = c.req.header(HEADER.channel)
    const nms = channel === NMS_CHANNEL && Boolean(options.nmsSecret)
    if (!channel || !(options.channels.includes(channel) || nms)) return refuse('Unknown or missing channel name.')
    // The NMS's secret opens the incidents calls and nothing else.
    if (nms && !isIncidentsPath(c.req.path)) return refuse('The NMS channel reaches the incidents calls only.')
    const requestId = c.req.header(HEADER.requestId)
    if (!requestId || !RequestIdSchema.safeParse(requestId).success) return refuse('Missing or malformed request id.')
    const signature = c.req.header(HEADER.signature)
    if (!signature) return refuse('Missing signature.')

    const nowMs = signatureClock().getTime()
    let timestamp = 0
    if (options.scheme === 'hmac') {
      timestamp = Number(c.req.header(HEADER.timestamp))
      if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > options.clockWindowSeconds) {
        return refuse('Timestamp missing or outside the allowed window.')
      }
    }
    // A streamed upload is signed over its declared SHA-256, which its route checks while
    // the bytes stream to storage (docs/decisions/0031); every other body is read and hashed here.
    const streamed = isStreamedUpload(c.req.method, c.req.path) || isSalesStreamedUpload(c.req.method, c.req.path)
    const declaredSha256 = c.req.header(CONTENT_SHA256_HEADER)
    if (streamed && !/^[0-9a-f]{64}$/.test(declaredSha256 ?? '')) return refuse('Missing or malformed content hash.')
    const body = streamed ? new Uint8Array() : new Uint8Array(await c.req.arrayBuffer())
    const url = new URL(c.req.url)
    const bodySha256 = streamed ? declaredSha256 : sha256Hex(body)
    const expected = (secret: string) =>
      computeSignature({
        scheme: options.scheme,
        secret,
        channel,
        method: c.req.method,
        pathWithQuery: url.pathname + url.search,
        requestId,
        timestamp,
        body,
        bodySha256,
      })
    // The current secret or a previous one (docs/operations.md, Rotating secrets), each compared in constant time.
    const ring = nms
      ? { current: options.nmsSecret!, previous: [] }
      : { current: options.secret, previous: options.previousSecrets ?? [] }
    if (!madeByAny(ring, signature, expected)) return refuse('Invalid signature.')
    const overTheWire = c.env?.inProcessCall !== true
    if (overTheWire && !(await replay.remember(requestId, new Date(nowMs)))) return refuse('Request id already used.')
    c.set('requestId', requestId)
    // No service sees a control character in a path or query (a NUL cannot reach SQL); the
    // body's are refused where it is read (validation.ts). issue 32, finding 2.
    const controls = controlCharacterFields(url)
    if (controls) {
      options.logger.warn(
        { requestId, path: loggedUpstreamPath(c.req.path) },
        'upstream call refused: control characters',
      )
      return c.json(errorEnvelope('invalid_input', 'Some fields are not valid.', requestId, controls), 400)
    }
    // The portal request this call serves names every log line of it (lib/logger.ts); the
    // call's own id goes with it. One line per call, like the portal's per request.
    const correlation = c.req.header(HEADER.correlationId)
    const portalRequest = correlation && RequestIdSchema.safeParse(correlation).success ? correlation : requestId
    const started = performance.now()
    await logContext.run({ requestId: portalRequest, upstreamCallId: requestId }, async () => {
      await next()
      callLines.info(
        {
          method: c.req.method,
          path: loggedUpstreamPath(c.req.path),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'upstream call',
      )
    })
  })

  app.route('/', cmsRoutes(options))
  app.route('/', contentRoutes(options))
  app.route('/', addressRoutes(options))
  app.route('/', coverageRoutes(options))
  app.route('/', storesRoutes(options))
  app.route('/', referenceRoutes(options))
  app.route('/', identityRoutes(options))
  if (options.signIn) app.route('/', signInRoutes(options.signIn))
  app.route('/', otpRoutes(options))
  app.route('/', notificationRoutes(options))
  app.route('/', inboxRoutes(options))
  app.route('/', sessionRoutes(options))
  app.route('/', draftRoutes(options))
  app.route('/', catalogRoutes(options))
  app.route('/', orderRoutes(options))
  app.route('/', applicationRoutes(options))
  app.route('/', fileRoutes(options))
  app.route('/', subscriptionRoutes(options))
  // One of each, shared by their own calls and the dashboard's one call.
  const devices = createDevicesService(options)
  const billing = createBillingService(options)
  app.route('/', deviceRoutes(options, devices))
  app.route('/', billingRoutes(options, billing))
  const repairs = createRepairsService(options, devices)
  app.route('/', dashboardRoutes(options, { devices, billing, repairs }))
  app.route('/', repairRoutes(options, repairs))
  app.route('/', referralRoutes(options))
  if (options.payments) {
    app.route(
      '/',
      paymentRoutes({ ...options, paymentGateway: options.payments.gateway, payments: options.payments.settings }),
    )
  }
  app.route('/', supportRoutes(options))
  app.route('/', consentRoutes(options))
  app.route('/', profileRoutes(options))
  app.route('/', salesRoutes(options))
  app.route('/', analyticsRoutes(options))
  app.route('/', incidentRoutes(options))
  return app
}

export type Gateway = ReturnType<typeof createGateway>

/** The gateway as configured: shared secret, channels, and the realm whose access tokens it accepts. */
export function gatewayFromConfig(
  config: Config,
  deps: ServiceDeps,
  clocks: Pick<GatewayOptions, 'signatureClock'> = {},
  /** The payments runtime, when the caller keeps it (runtime.ts: the sandbox's page and deliveries). */
  extras: { payments?: PaymentsRuntime; signIn?: GatewayOptions['signIn'] } = {},
): Gateway {
  // The sandbox gateway delivers its webhooks to this gateway, which exists only below.
  const payments =
    extras.payments ?? paymentsFromConfig(config, deps, (request) => Promise.resolve(gateway.fetch(request)))
  const gateway: Gateway = createGateway({
    ...clocks,
    ...deps,
    payments: { gateway: payments.gateway, settings: payments.settings },
    signIn: extras.signIn,
    secret: config.upstreamSecret,
    previousSecrets: config.UPSTREAM_SECRET_PREVIOUS,
    scheme: config.UPSTREAM_SIGNATURE_SCHEME,
    // OPERATOR_CHANNEL: operator tools (the applications service's /v1/operator calls accept only it).
    channels: [config.channel, 'BIDA', OPERATOR_CHANNEL],
    nmsSecret: config.NMS_CHANNEL_SECRET ?? null,
    clockWindowSeconds: config.UPSTREAM_CLOCK_WINDOW_SECONDS,
    accessTokens: createAccessTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      // The embedded provider keeps its keys in this database; any other issuer publishes them.
      keys: config.oidc.embedded ? storedKeys(() => publicSigningKeys(deps.db)) : remoteKeys(config.oidc.issuer),
    }),
  })
  return gateway
}
