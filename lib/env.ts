/**
 * Every environment variable the portal and the reference upstream read, validated
 * once at start. A bad value stops the process with one line naming the variable.
 * docs/configuration.md documents each entry; keep the two in step.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { parseModelMap, type ModelEntry } from './genieacs-model-map.ts'

const booleanString = z
  .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
  .transform((value) => value === 'true')

/** An http(s) URL, or nothing: unset and empty both mean "not configured". */
const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ message: 'must be an http(s) URL' }).optional(),
)

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
}

const port = wholeNumber(0, 65535)

/** Older secrets still accepted while a rotation settles (docs/operations.md, Rotating secrets): comma-separated. */
function previousSecrets(minLength: number) {
  return z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(minLength, `must list secrets of at least ${minLength} characters each`)))
}

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PRODUCT_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,30}$/, 'must be a single word of letters and digits')
    .default('Hibla'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Verified and decrypted with, never signed or encrypted with (docs/operations.md, Rotating secrets).
  SESSION_SECRET_PREVIOUS: previousSecrets(32),
  PUBLIC_URL: z
    .url({ message: 'must be an http(s) URL' })
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an origin: scheme and host, no path')
    .optional(),

  // Sign-in (docs/architecture.md, 8): the embedded provider by default, Keycloak by configuration.
  OIDC_ISSUER: z.url({ message: 'must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // The audience the upstream requires in access tokens (docs/decisions/0013).
  OIDC_AUDIENCE: z.string().min(1).max(200).optional(),

  // Portal sessions (docs/security.md, Sessions; docs/decisions/0008): idle timeouts by role,
  // short for sales roles because they sign in on shared kiosks; one absolute limit.
  SESSION_IDLE_MINUTES: wholeNumber(1, 1440).default(30),
  SESSION_SALES_IDLE_MINUTES: wholeNumber(1, 1440).default(15),
  SESSION_ABSOLUTE_HOURS: wholeNumber(1, 168).default(8),

  // Upstream (spec 7, docs/architecture.md, 6)
  UPSTREAM_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  UPSTREAM_PORT: port.default(3001),
  /** Where `npm run services` listens: loopback by default; 0.0.0.0 in a container or behind another host's portals. */
  UPSTREAM_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Where the embedded upstream runs when UPSTREAM_URL is unset (docs/decisions/0054): on a
   * thread of its own in the portal's process (`thread`, the production default: two cores), or
   * on the portal's own thread (`inline`, the development default, and what tests start).
   */
  EMBEDDED_UPSTREAM: z.enum(['thread', 'inline']).optional(),
  UPSTREAM_CHANNEL: z.string().min(1).optional(),
  UPSTREAM_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // The gateway accepts calls signed with these too; the portal signs with UPSTREAM_SECRET only.
  UPSTREAM_SECRET_PREVIOUS: previousSecrets(16),
  /**
   * The network monitoring system's own secret (issue 37, item 2; docs/operations.md, The NMS
   * incidents API): calls on the `NMS` channel must be signed with it, and reach the incidents
   * calls only. Unset: the gateway refuses the channel, in the demo too (fails closed).
   */
  NMS_CHANNEL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  UPSTREAM_SIGNATURE_SCHEME: z.enum(['hmac', 'legacy']).default('hmac'),
  UPSTREAM_CLOCK_WINDOW_SECONDS: wholeNumber(5, 3600).default(300),
  UPSTREAM_TIMEOUT_MS: wholeNumber(100, 120000).default(10000),
  UPSTREAM_RETRY_DELAY_MS: wholeNumber(0, 60000).default(2000),
  CMS_CACHE_SECONDS: wholeNumber(0, 86400).default(60),
  // Anonymous visitors' public pages kept rendered (server/page-cache.ts; docs/decisions/0069); 0 turns it
  // off. Unset: 60 in production, off in development (pages follow every edit).
  PAGE_CACHE_SECONDS: wholeNumber(0, 3600).optional(),
  PAGE_CACHE_MAX_MB: wholeNumber(1, 4096).default(32),

  // Identity and email (docs/architecture.md, 8 and 9; docs/security.md, Sign-in)
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // SMS (services/notifications/sms; docs/operations.md, SMS): `outbox` keeps SMS in the outbox
  // (the dev mailbox reads them), `smpp` sends them over SMPP 3.4, `semaphore` through
  // Semaphore's HTTP send API. The transports need their settings below (refused without).
  SMS_TRANSPORT: z.enum(['outbox', 'smpp', 'semaphore']).default('outbox'),
  // What the handset shows as the sender: up to 11 letters and digits (an approved sender
  // name), or a number of up to 15 digits.
  SMS_SENDER_ID: z
    .string()
    .regex(/^([A-Za-z0-9]{1,11}|\+?\d{3,15})$/, 'must be up to 11 letters and digits, or a number of up to 15 digits')
    .optional(),
  SMS_PER_NUMBER_PER_HOUR: wholeNumber(1, 1000).default(10),
  // The SMSC: smpp://host:port, or ssmpp:// for TLS. The system id and password go in their own
  // settings, never in the URL (a URL ends up in logs).
  SMPP_URL: z
    .string()
    .regex(
      /^s?smpp:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/,
      'must be smpp://host:port or ssmpp://host:port, without credentials',
    )
    .optional(),
  SMPP_SYSTEM_ID: z.string().min(1).max(15, 'must be at most 15 characters (SMPP 3.4)').optional(),
  SMPP_PASSWORD: z.string().min(1).max(64).optional(),
  SMPP_SYSTEM_TYPE: z.string().min(1).max(12, 'must be at most 12 characters (SMPP 3.4)').optional(),
  SMPP_BIND: z.enum(['transceiver', 'transmitter']).default('transceiver'),
  SMPP_ENQUIRE_LINK_SECONDS: wholeNumber(5, 300).default(30),
  SEMAPHORE_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  SEMAPHORE_API_URL: z.url({ message: 'must be an http(s) URL' }).default('https://api.semaphore.co/api/v4/messages'),
  DEMO_DATA: booleanString.optional(),
  DEV_MAILBOX: booleanString.optional(),
  DEV_UI: booleanString.optional(),
  LOGIN_MAX_FAILURES: wholeNumber(1, 1000).default(5),
  LOGIN_WAIT_INCREMENT_SECONDS: wholeNumber(1, 86400).default(60),
  LOGIN_MAX_WAIT_SECONDS: wholeNumber(1, 86400).default(900),

  // Runtime flags (spec 9). The string flags are compared as strings, as the spec says.
  MAINTENANCE_MODE: z.string().default('false'),
  REGISTER_FLAG: z.string().default('true'),
  SFA_DASHBOARD_NO_LIMITATION: z.string().default('true'),
  FORCE_HIDE_PAYMENT_OPTIONS: z.string().default('false'),
  ACCOUNT_MGMT_ENABLED: booleanString.default(true),
  RECAPTCHA_SHOW: booleanString.default(false),
  STREAMING_TV_ENABLED: booleanString.default(false),
  // The streaming-TV partner the TV config call names (spec 1, 7); no image: the portal shows its bundled logo.
  STREAMING_TV_PARTNER_NAME: z.string().trim().min(1).max(60).default('Streaming TV'),
  STREAMING_TV_IMAGE_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  STREAMING_TV_URL: z.url({ message: 'must be an http(s) URL' }).optional(),

  // Map tiles (docs/architecture.md, 9; docs/decisions/0022): any tile server. The host joins
  // the CSP's img-src (server/middleware.ts), so only a `{s}.` first label may vary, as a CSP
  // wildcard can. Unset: no tile server; maps draw the offline Philippine coastline.
  MAP_TILE_URL: z
    .string()
    .regex(
      /^(https?:\/\/(\{s\}\.)?[\w.-]+(:\d+)?)?\/(?!\/)\S*\{z\}\S*\{x\}\S*\{y\}\S*$/,
      'must be a tile URL template with {z}, {x} and {y}: a path, or http(s) with an optional {s}. subdomain',
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(200).default('© OpenStreetMap contributors'),
  // spec 9: the map's default centre (Manila), where it opens when geolocation fails.
  MAP_CENTER_LATITUDE: z.coerce
    .number({ error: 'must be a latitude from -90 to 90' })
    .min(-90, { error: 'must be a latitude from -90 to 90' })
    .max(90, { error: 'must be a latitude from -90 to 90' })
    .default(14.599512),
  MAP_CENTER_LONGITUDE: z.coerce
    .number({ error: 'must be a longitude from -180 to 180' })
    .min(-180, { error: 'must be a longitude from -180 to 180' })
    .max(180, { error: 'must be a longitude from -180 to 180' })
    .default(120.984222),
  // issue 16: the store locator's road distances, from an OSRM-compatible table service
  // (docs/configuration.md). Unset: distances as the crow flies, measured in process.
  DISTANCE_MATRIX_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  DISTANCE_MATRIX_TIMEOUT_MS: wholeNumber(100, 30000).default(3000),
  // issue 36, item 5 (docs/decisions/0073): the map's address search also asks a geocoder on
  // Philippine OpenStreetMap data, a self-hosted Nominatim or Photon. Unset: the embedded
  // search alone (barangays, buildings and subdivisions). Answers are kept in Postgres.
  GEOCODER_URL: z
    .url({ message: 'must be an http(s) URL' })
    .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
      message: 'must not hold credentials',
    })
    .optional(),
  GEOCODER_KIND: z.enum(['nominatim', 'photon']).default('nominatim'),
  GEOCODER_TIMEOUT_MS: wholeNumber(100, 10_000).default(2000),
  GEOCODER_CACHE_SECONDS: wholeNumber(60, 90 * 24 * 3600).default(7 * 24 * 3600),
  GEOCODER_CACHE_MAX_ENTRIES: wholeNumber(100, 1_000_000).default(10_000),
  // spec 5: subdivision ids no visitor may choose (the spec names five, without their values).
  EXCLUDED_SUBDIVISION_IDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),

  // Coverage (docs/architecture.md, 11): a pin is serviceable when a NAP with a free port
  // lies within this many metres (the longest drop cable the operator lays).
  COVERAGE_MAX_DROP_METERS: wholeNumber(1, 5000).default(250),
  COMPLIANCE_LINK_HOURS: wholeNumber(1, 720).default(72),

  // Ownership proof (services/otp; docs/security.md, Ownership proof): how long a one-time
  // code lives, and how many codes one account and one user may be sent in an hour.
  OTP_TTL_SECONDS: wholeNumber(60, 3600).default(600),
  OTP_SENDS_PER_ACCOUNT_PER_HOUR: wholeNumber(1, 100).default(5),
  OTP_SENDS_PER_USER_PER_HOUR: wholeNumber(1, 100).default(5),

  // Referrals (issue 15; services/referrals; docs/decisions/0048): referrals an account may make
  // in a calendar month (Philippine time), days an invitation waits for an application before
  // it expires, and the reward credited once the friend's service is installed, in pesos.
  REFERRAL_MONTHLY_LIMIT: wholeNumber(1, 100).default(5),
  REFERRAL_EXPIRY_DAYS: wholeNumber(1, 365).default(60),
  REFERRAL_REWARD_PESOS: wholeNumber(1, 100_000).default(500),
  // The "how referring works" video and its captions (WebVTT): an http(s) URL or a path the
  // portal serves. Unset: no video; the page explains in words.
  REFERRAL_VIDEO_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s/]+\S*|\/(?!\/)\S*)$/, 'must be an http(s) URL or a path starting with /')
    .optional(),
  REFERRAL_VIDEO_CAPTIONS_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s/]+\S*|\/(?!\/)\S*)$/, 'must be an http(s) URL or a path starting with /')
    .optional(),

  // Documents (issue 10; docs/decisions/0030 and 0031). spec 5 says proof of billing is optional
  // below 2500 pesos a month in one place and 2,000 in another: 2500 by default, configurable.
  PROOF_OF_BILLING_OPTIONAL_BELOW: wholeNumber(0, 1_000_000).default(2500),
  PROOF_OF_INCOME_FROM: wholeNumber(0, 1_000_000).default(3000),
  // Where uploaded documents are kept: a folder under DATA_DIR, or S3-compatible object storage.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ message: 'must be an http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(true),

  // The modems (services/devices; docs/architecture.md, Devices): simulated modems in the
  // embedded set-up, or a TR-069 ACS through GenieACS's NBI. A simulated restart takes
  // DEVICES_RESTART_SECONDS, a simulated Wi-Fi change DEVICES_WIFI_CHANGE_SECONDS.
  DEVICES_DRIVER: z.enum(['simulated', 'genieacs']).default('simulated'),
  // Credentials go in their own settings, never in the URL (Node's fetch refuses user:pass@,
  // and a URL ends up in logs): basic auth, or one header holding a key or token, for the
  // proxy in front of the NBI (GenieACS's own API has no authentication).
  GENIEACS_NBI_URL: z
    .url({ message: 'must be an http(s) URL' })
    .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
      message:
        'must not hold credentials: set GENIEACS_NBI_USERNAME and GENIEACS_NBI_PASSWORD, or GENIEACS_NBI_AUTH_HEADER',
    })
    .optional(),
  GENIEACS_NBI_USERNAME: z.string().min(1).optional(),
  GENIEACS_NBI_PASSWORD: z.string().min(1).optional(),
  // "Name: value", e.g. "X-API-Key: …" or "Authorization: Bearer …".
  GENIEACS_NBI_AUTH_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+:\s*\S.*$/, { message: "must be 'Header-Name: value'" })
    .optional(),
  // Each NBI request's time limit; reads are tried again this many times (tasks never are).
  GENIEACS_TIMEOUT_MS: wholeNumber(500, 60_000).default(10_000),
  GENIEACS_RETRIES: wholeNumber(0, 5).default(2),
  // A modem is online while its last inform is within its own periodic inform interval (read
  // from the device; this default when it does not say) times the tolerance.
  GENIEACS_INFORM_INTERVAL_SECONDS: wholeNumber(30, 7 * 24 * 3600).default(300),
  GENIEACS_INFORM_TOLERANCE: wholeNumber(1, 10).default(3),
  // A JSON file of modem models: where each keeps its optical level and temperature, in what
  // unit (lib/genieacs-model-map.ts); read and checked at start, tried before the built-in map.
  GENIEACS_MODEL_MAP: z.string().min(1).optional(),
  DEVICES_RESTART_SECONDS: wholeNumber(1, 3600).default(90),
  DEVICES_WIFI_CHANGE_SECONDS: wholeNumber(1, 3600).default(20),

  // Payments (services/payments; docs/decisions/0042): PayMongo when both keys are set,
  // otherwise the embedded sandbox gateway, which speaks PayMongo's protocol.
  PAYMONGO_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]+$/, 'must be a PayMongo secret key (sk_test_… or sk_live_…)')
    .optional(),
  PAYMONGO_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  PAYMONGO_API_URL: z.url({ message: 'must be an http(s) URL' }).default('https://api.paymongo.com'),
  // Where browsers reach the sandbox's hosted checkout page (default: {PUBLIC_URL}/sandbox/paymongo).
  PAYMENT_SANDBOX_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: wholeNumber(30, 3600).default(300),
  // Guests (no sign-in) reading an amount due or paying: calls per account and per address in 15 minutes.
  PAYMENT_GUEST_CALLS_PER_ACCOUNT: wholeNumber(1, 10000).default(30),
  // Per address for unknown browsers only, sized for carrier-grade NAT (docs/security.md, Abuse).
  PAYMENT_GUEST_CALLS_PER_ADDRESS: wholeNumber(1, 10000).default(300),
  // AutoPay (services/payments/autopay; docs/decisions/0043): how often the upstream runs the due-date job.
  AUTOPAY_RUN_EVERY_MINUTES: wholeNumber(1, 1440).default(60),
  // Due-date reminders (services/reminders; docs/decisions/0074): how many days before a bill's
  // due date the first reminder goes (a second goes on the day). 0 sends only the one on the day.
  BILL_REMINDER_DAYS_BEFORE: wholeNumber(0, 14).default(3),

  // Background jobs (services/jobs; docs/decisions/0050): false for a copy that queues jobs but does not work them.
  JOBS_WORKERS: booleanString.default(true),

  // Links
  // spec 2: the customer drawer's Update Account and Plan Upgrade links and the legacy status
  // site (external sites). Unset (or empty), each leads to 'This webpage will be available
  // soon' (spec 8; /available-soon), never to a placeholder address (issue 33).
  UPDATE_ACCOUNT_URL: optionalUrl,
  PLAN_UPGRADE_URL: optionalUrl,
  LEGACY_STATUS_URL: optionalUrl,
  SOCIAL_URL: z.url({ message: 'must be an http(s) URL' }).default('https://www.facebook.com/'),
  TRUST_PROXY: z.string().default('false'),
  // Request time limits (issue 32; docs/operations.md, Time limits; server/transport.ts): how
  // long a request's body may take to arrive, longer for an upload form than for any other.
  BODY_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  UPLOAD_BODY_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(300_000),
  // Prometheus metrics (issue 17, item 5; docs/operations.md, Metrics): GET /metrics on a listener
  // of its own, never the public port. Unset: no listener (the metrics are still kept).
  METRICS_PORT: port.optional(),
  UPSTREAM_METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // Fail closed outside the demo (issue 32; docs/decisions/0061; docs/configuration.md, What
  // production requires): the opt-ins that let a production deployment run a demo part on
  // purpose. DEMO_DATA, DEV_MAILBOX and DEV_UI (above) are the opt-ins of theirs.
  // true: the payment sandbox, where no money moves, although PAYMONGO_* are unset.
  PAYMENTS_SANDBOX: booleanString.optional(),
  // true: secrets generated into DATA_DIR/secrets.json when UPSTREAM_SECRET, SESSION_SECRET or OIDC_CLIENT_SECRET is unset.
  ALLOW_GENERATED_SECRETS: booleanString.optional(),
})

export type Env = z.infer<typeof EnvSchema>

export type Config = Env & {
  production: boolean
  /** EMBEDDED_UPSTREAM, else `thread` in production and `inline` otherwise. */
  embeddedUpstream: 'thread' | 'inline'
  channel: string
  upstreamSecret: string
  sessionSecret: string
  sourceId: string
  mailFrom: string
  /**
   * Seed demo users (published passwords) and demo accounts: DEMO_DATA, else on with the
   * embedded database (the README's one-machine demo) and off with a Postgres server.
   */
  demoData: boolean
  /**
   * The dev mailbox page and the upstream call behind it: DEV_MAILBOX, else on only when
   * mail cannot leave the machine (embedded database and no SMTP_URL), so the README's
   * one-machine start can finish a registration and a real deployment never shows mail.
   */
  devMailbox: boolean
  /** The UI kit's page /dev/ui: DEV_UI, else as the dev mailbox (on only on a one-machine set-up). */
  devUi: boolean
  /**
   * Payments are simulated: the embedded sandbox gateway, where no money moves, is the one
   * configured (PAYMONGO_* unset). Every payment page then says so (app/features/payments).
   */
  paymentsSandbox: boolean
  /**
   * The demo parts this process runs, by the setting that turns each on (docs/decisions/0061):
   * reported by /readyz and logged at start. Empty on a production deployment that opted into none.
   */
  demo: DemoPart[]
  /** The portal's public origin, no trailing slash. */
  publicUrl: string
  /** GENIEACS_MODEL_MAP's entries, read and checked at start; empty when unset. */
  genieacsModelMap: ModelEntry[]
  /**
   * Hash new passwords at the test cost (services/identity/password.ts): never from the
   * environment, so always false here; only the test configuration (services/testing.ts) sets it.
   */
  testPasswordHashing: boolean
  oidc: {
    /** PRODUCT_NAME lower-cased, as Keycloak's realm name in every path. */
    realm: string
    issuer: string
    clientId: string
    clientSecret: string
    /** True when the issuer is this process's own provider (mounted by server.ts). */
    embedded: boolean
    /** The `aud` the upstream requires in a bearer token: the resource the access tokens are for. */
    audience: string
  }
}

export class ConfigError extends Error {}

/** The demo parts, each named by the setting that opts into it outside the demo (Config.demo). */
export type DemoPart = 'PAYMENTS_SANDBOX' | 'DEMO_DATA' | 'DEV_MAILBOX' | 'DEV_UI' | 'ALLOW_GENERATED_SECRETS'

/**
 * Fail closed outside the demo (issue 32, item 3; docs/decisions/0061). The embedded set-up (no
 * DATABASE_URL, no UPSTREAM_URL) is the one-machine demo, and any set-up is a demo outside
 * production: there the demo parts are on by default. A production process with DATABASE_URL
 * (an upstream on Postgres) or UPSTREAM_URL (a portal copy) is a deployment: no demo part is
 * on unless its own setting says so, and where a part has no safe "off" (the payment gateway,
 * the secrets) the process refuses to start, naming the setting, rather than fall back to it.
 */
function demoParts(env: Env, production: boolean, generatedSecrets: string[]) {
  const deployment = production && Boolean(env.DATABASE_URL || env.UPSTREAM_URL)
  // This process runs the upstream's services (payments, the seed) unless UPSTREAM_URL points elsewhere.
  const runsServices = !env.UPSTREAM_URL
  const payMongo = Boolean(env.PAYMONGO_SECRET_KEY)
  if (payMongo && env.PAYMENTS_SANDBOX === true) {
    throw new ConfigError('Invalid configuration: PAYMENTS_SANDBOX=true cannot be set with PAYMONGO_SECRET_KEY')
  }
  if (runsServices && !payMongo && env.PAYMENTS_SANDBOX === false) {
    throw new ConfigError(
      'Invalid configuration: PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are required when PAYMENTS_SANDBOX is false',
    )
  }
  if (deployment && runsServices && !payMongo && env.PAYMENTS_SANDBOX === undefined) {
    throw new ConfigError(
      'Invalid configuration: PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are required in production with DATABASE_URL: without them payments would go to the payment sandbox, where no money moves (set PAYMENTS_SANDBOX=true to run the sandbox on purpose)',
    )
  }
  if (deployment && generatedSecrets.length > 0 && env.ALLOW_GENERATED_SECRETS !== true) {
    throw new ConfigError(
      `Invalid configuration: ${generatedSecrets.join(', ')} must be set in production with ${env.UPSTREAM_URL ? 'UPSTREAM_URL' : 'DATABASE_URL'}: every copy needs the same secrets, not ones generated into DATA_DIR (set ALLOW_GENERATED_SECRETS=true to generate them on purpose)`,
    )
  }
  // A portal copy runs no payments: it shows the test-mode notice and passes the sandbox's
  // pages through only when told (outside production, as before: when PAYMONGO_* are unset).
  const paymentsSandbox = !payMongo && (env.PAYMENTS_SANDBOX ?? !deployment)
  const demoData = env.DEMO_DATA ?? (!deployment && !env.DATABASE_URL)
  const devMailbox = env.DEV_MAILBOX ?? (!deployment && !env.DATABASE_URL && !env.SMTP_URL)
  const devUi = env.DEV_UI ?? devMailbox
  const on: Array<[DemoPart, boolean]> = [
    ['PAYMENTS_SANDBOX', paymentsSandbox],
    ['DEMO_DATA', demoData && runsServices],
    ['DEV_MAILBOX', devMailbox],
    ['DEV_UI', devUi],
    ['ALLOW_GENERATED_SECRETS', generatedSecrets.length > 0],
  ]
  return {
    paymentsSandbox,
    demoData,
    devMailbox,
    devUi,
    demo: on.filter(([, isOn]) => isOn).map(([part]) => part),
  }
}

/**
 * Secrets not given in the environment are generated once (CSPRNG, 256 bits) and kept
 * in DATA_DIR/secrets.json with mode 0600, so the embedded set-up is safe by default
 * and sessions survive a restart. Several portal copies must be given them instead.
 */
type StoredSecrets = { upstream: string; session: string; oidcClient: string }
const SECRET_NAMES = ['upstream', 'session', 'oidcClient'] as const

function readOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json')
  let stored: Record<string, unknown> = {}
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    // missing or unreadable: create below
  }
  // A file from an older version lacks the newer names: keep its values (sessions and
  // signatures stay valid) and add only what is missing.
  if (SECRET_NAMES.every((name) => typeof stored[name] === 'string')) return stored as StoredSecrets
  const secrets = Object.fromEntries(
    SECRET_NAMES.map((name) => [
      name,
      typeof stored[name] === 'string' ? stored[name] : crypto.randomBytes(32).toString('base64url'),
    ]),
  ) as StoredSecrets
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}

/** GENIEACS_MODEL_MAP's file, read and checked now: a bad one stops the start, saying what is wrong where. */
function readModelMap(file: string): ModelEntry[] {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new ConfigError(`Invalid configuration: GENIEACS_MODEL_MAP cannot be read (${reason}: ${file})`)
  }
  const parsed = parseModelMap(text)
  if (!parsed.ok) throw new ConfigError(`Invalid configuration: GENIEACS_MODEL_MAP ${file}: ${parsed.problem}`)
  return parsed.models
}

/** Settings whose value is or may hold a secret (a URL refused for holding credentials, too). */
const HOLDS_A_SECRET = /SECRET|PASSWORD|_KEY|TOKEN|AUTH_HEADER|^GENIEACS_NBI_URL$|^GEOCODER_URL$|^SMPP_URL$/

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = EnvSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0] ?? 'environment')
    // A secret's value never goes in the message (it lands in logs): only that it was wrong.
    const shown =
      source[name] === undefined || HOLDS_A_SECRET.test(name) ? '' : ` (got ${JSON.stringify(source[name])})`
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`)
  }
  const env = parsed.data
  const production = env.NODE_ENV === 'production'
  // The NMS holds its secret only: with the portal's it could sign as the portal.
  if (env.NMS_CHANNEL_SECRET && env.NMS_CHANNEL_SECRET === env.UPSTREAM_SECRET) {
    throw new ConfigError('Invalid configuration: NMS_CHANNEL_SECRET must differ from UPSTREAM_SECRET')
  }
  if (production && env.UPSTREAM_URL && !env.UPSTREAM_SECRET) {
    throw new ConfigError('Invalid configuration: UPSTREAM_SECRET is required when UPSTREAM_URL is set in production')
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  const realm = env.PRODUCT_NAME.toLowerCase()
  const embeddedIssuer = `${publicUrl}/realms/${realm}`
  const issuer = (env.OIDC_ISSUER ?? embeddedIssuer).replace(/\/+$/, '')
  const embedded = issuer === embeddedIssuer
  // A generated secret can only match the embedded provider; Keycloak's is Keycloak's.
  if (!embedded && !env.OIDC_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: OIDC_CLIENT_SECRET is required when OIDC_ISSUER points to another provider',
    )
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER is s3')
  }
  if (env.DEVICES_DRIVER === 'genieacs' && !env.GENIEACS_NBI_URL) {
    throw new ConfigError('Invalid configuration: GENIEACS_NBI_URL is required when DEVICES_DRIVER is genieacs')
  }
  if (Boolean(env.GENIEACS_NBI_USERNAME) !== Boolean(env.GENIEACS_NBI_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration: GENIEACS_NBI_USERNAME and GENIEACS_NBI_PASSWORD are set together or not at all',
    )
  }
  if (env.GENIEACS_NBI_USERNAME && env.GENIEACS_NBI_AUTH_HEADER) {
    throw new ConfigError(
      'Invalid configuration: GENIEACS_NBI_AUTH_HEADER cannot be set with GENIEACS_NBI_USERNAME: choose one way to sign in',
    )
  }
  const genieacsModelMap = env.GENIEACS_MODEL_MAP ? readModelMap(env.GENIEACS_MODEL_MAP) : []
  if (env.SMS_TRANSPORT === 'smpp') {
    const missing = (['SMPP_URL', 'SMPP_SYSTEM_ID', 'SMPP_PASSWORD', 'SMS_SENDER_ID'] as const).filter(
      (name) => !env[name],
    )
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')} required when SMS_TRANSPORT is smpp`)
  }
  if (env.SMS_TRANSPORT === 'semaphore') {
    const missing = (['SEMAPHORE_API_KEY', 'SMS_SENDER_ID'] as const).filter((name) => !env[name])
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')} required when SMS_TRANSPORT is semaphore`)
  }
  if (Boolean(env.PAYMONGO_SECRET_KEY) !== Boolean(env.PAYMONGO_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are set together or not at all',
    )
  }
  const generatedSecrets = (['UPSTREAM_SECRET', 'SESSION_SECRET', 'OIDC_CLIENT_SECRET'] as const).filter(
    (name) => !env[name],
  )
  // Before any secret is written: a deployment refused here leaves nothing in DATA_DIR.
  const parts = demoParts(env, production, generatedSecrets)
  const stored = generatedSecrets.length === 0 ? undefined : readOrCreateSecrets(env.DATA_DIR)
  return {
    ...env,
    production,
    embeddedUpstream: env.EMBEDDED_UPSTREAM ?? (production ? 'thread' : 'inline'),
    channel: env.UPSTREAM_CHANNEL ?? `${env.PRODUCT_NAME}Web`,
    sourceId: `${env.PRODUCT_NAME}Web`,
    ...parts,
    mailFrom: env.MAIL_FROM ?? `${env.PRODUCT_NAME} <no-reply@localhost>`,
    upstreamSecret: env.UPSTREAM_SECRET ?? stored!.upstream,
    sessionSecret: env.SESSION_SECRET ?? stored!.session,
    publicUrl,
    genieacsModelMap,
    testPasswordHashing: false,
    oidc: {
      realm,
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? `${realm}-portal`,
      clientSecret: env.OIDC_CLIENT_SECRET ?? stored!.oidcClient,
      embedded,
      audience: env.OIDC_AUDIENCE ?? `urn:${realm}:upstream`,
    },
  }
}
