/**
 * What every service is handed (ServiceDeps) and the settings some read, with the shape of
 * each thing handed: the password cost, the message sender, the job queue. It imports no
 * service, only the ground below them all (the database client, the object storage's
 * interface, the job queues' catalogue), so every service may import it (docs/architecture.md, 7).
 */
import crypto from 'node:crypto'
import type { Logger } from 'pino'
import type { ModelEntry } from '../lib/genieacs-model-map.ts'
import type { SecretRing } from '../lib/secret-ring.ts'
import type { Database } from './db/client.ts'
import type { JobSender } from './job-queues.ts'
import type { ObjectStorage } from './storage/storage.ts'

/** What one password hash costs: scrypt's N = 2^ln, r and p (services/identity/password.ts). */
export type ScryptCost = { readonly ln: number; readonly r: number; readonly p: number }

/** N = 2^16, r = 8, p = 1: 128 · N · r = 64 MiB per hash, about 180 ms on one core here (docs/decisions/0006). */
export const SCRYPT_PARAMS: ScryptCost = { ln: 16, r: 8, p: 1 }

/**
 * The test configuration's cost (ServiceSettings.passwordCost; docs/decisions/0017): 4 MiB,
 * a sixteenth of the work, inside the bounds a stored hash must keep to verify
 * (services/identity/password.ts). Nothing read from the environment selects it, so a
 * deployment always hashes at SCRYPT_PARAMS.
 */
export const TEST_SCRYPT_PARAMS: ScryptCost = { ln: 14, r: 2, p: 1 }

/** A file sent with an email, its bytes in base64 (kept in the outbox row until delivered). */
export type MessageAttachment = { fileName: string; contentType: string; contentBase64: string }

/** A message the notifications service's outbox keeps until a MessageSender delivers it. */
export type OutgoingMessage = {
  channel: 'email' | 'sms'
  recipient: string
  subject: string
  body: string
  attachments?: MessageAttachment[] | null
}

/** What a sender learnt when the provider accepted a message (kept on the outbox row). */
export type DeliveryReport = {
  /** The provider's ids, one per part of an SMS, which its delivery receipts name. */
  providerMessageIds?: string[]
  /** How many SMS parts the message took. */
  segments?: number
}

/**
 * Delivers outbox messages (services/notifications/sender.ts: SMTP, and the SMS transports
 * of services/notifications/sms/, put together by `combineSenders`).
 */
export interface MessageSender {
  /** Which channels it can deliver; other messages stay pending. */
  readonly channels: readonly OutgoingMessage['channel'][]
  /**
   * Resolves when the message was accepted for delivery; rejects otherwise: with
   * RecipientUnreachable (sender.ts) when the provider refused the recipient for good (no
   * retry), with any other error when a later try may succeed.
   */
  send(message: OutgoingMessage): Promise<DeliveryReport | void>
  /**
   * For providers that send no delivery receipts (Semaphore): asks what became of an SMS it
   * accepted, by its id; null while the provider does not know yet. Rejects when it cannot tell.
   */
  deliveryOf?(providerMessageId: string): Promise<'delivered' | 'undeliverable' | null>
  /** Lets go of connections (an SMPP session) when the services stop. */
  close?(): Promise<void>
}

/**
 * Settings some services read. Every field has a documented default (lib/env.ts,
 * docs/configuration.md), so a test or a caller that only has the four basics still works.
 */
export type ServiceSettings = {
  /** Base of links in emails, e.g. the verification link. */
  publicUrl: string
  mailFrom: string
  loginMaxFailures: number
  loginWaitIncrementSeconds: number
  loginMaxWaitSeconds: number
  /** Serve GET /dev/outbox (DEV_MAILBOX): the outbox, links and all, to any signed caller. */
  devMailbox: boolean
  /** Keys the sessions service's encryption of tokens at rest (SESSION_SECRET). */
  sessionSecret: string
  /** SESSION_SECRET_PREVIOUS: still decrypt and verify what they made, never make anything new. */
  previousSessionSecrets: string[]
  /** What a new password hash costs: SCRYPT_PARAMS, lowered only by the test configuration. */
  passwordCost: ScryptCost
  /** The TV config call's answer (STREAMING_TV_*): the partner button shows only when enabled. */
  tvPartner: TvPartner
  /** COVERAGE_MAX_DROP_METERS: how far a NAP with a free port may be from a serviceable pin. */
  coverageMaxDropMeters: number
  /** COMPLIANCE_LINK_HOURS: how long an emailed compliance link works (issue 10; docs/decisions/0033). */
  complianceLinkHours: number
  /** Ownership proof (services/otp): a code's life, wrong codes before the attempt locks, sends per hour. */
  otp: OtpSettings
  /** SMS_PER_NUMBER_PER_HOUR: SMS messages one number may be sent in an hour (the outbox's deliverer counts them). */
  smsPerNumberPerHour: number
  /** PROOF_OF_BILLING_OPTIONAL_BELOW and PROOF_OF_INCOME_FROM, pesos a month (docs/decisions/0030). */
  documentThresholds: { billingOptionalBelow: number; incomeFrom: number }
  /** DEVICES_DRIVER, GENIEACS_NBI_URL, DEVICES_RESTART_SECONDS (services/devices). */
  devices: DeviceSettings
  /**
   * Whether the realm's users live in the identity service's tables (the embedded provider),
   * so a service may check a signed-in user's password again (the Wi-Fi reveal). False with
   * Keycloak: it holds the passwords.
   */
  identityEmbedded: boolean
  /** REFERRAL_* (services/referrals; docs/decisions/0048). */
  referrals: ReferralSettings
  /** GEOCODER_* (services/address/geocoder.ts; docs/decisions/0073): the outside geocoder, if any. */
  geocoder: GeocoderSettings
}

export type GeocoderSettings = {
  /** Which protocol GEOCODER_URL speaks. */
  kind: 'nominatim' | 'photon'
  /** The geocoder's base URL; null: the map's search is the embedded one alone. */
  url: string | null
  timeoutMs: number
  /** How long an answer is used again, and how many answers are kept (in Postgres). */
  cacheSeconds: number
  cacheMaxEntries: number
}

export type ReferralSettings = {
  /** Referrals one account may make in a calendar month, Philippine time. */
  monthlyLimit: number
  /** Days an invitation waits for the friend's application before it expires. */
  expiryDays: number
  /** The reward credited to the referring account once the friend's service is installed. */
  rewardPesos: number
  /** The "how referring works" video and its captions; null: none configured. */
  videoUrl: string | null
  videoCaptionsUrl: string | null
}

export type DeviceSettings = {
  driver: 'simulated' | 'genieacs'
  genieacsNbiUrl: string | null
  /** The NBI's credentials, its time limit and retries, and the inform interval rules (issue 36, item 3). */
  genieacs: {
    auth: { kind: 'basic'; username: string; password: string } | { kind: 'header'; name: string; value: string } | null
    timeoutMs: number
    retries: number
    informIntervalSeconds: number
    informTolerance: number
    /** GENIEACS_MODEL_MAP's entries, tried before the built-in model map (services/devices/genieacs-models.ts). */
    modelMap: ModelEntry[]
  }
  /** How long a simulated restart takes. */
  restartSeconds: number
  /** How long a simulated modem takes to apply a Wi-Fi change (DEVICES_WIFI_CHANGE_SECONDS). */
  wifiChangeSeconds: number
}

export type OtpSettings = {
  ttlSeconds: number
  maxAttempts: number
  sendsPerAccountPerHour: number
  sendsPerUserPerHour: number
}

export type TvPartner = { enabled: boolean; partnerName: string; imageUrl: string | null; linkUrl: string | null }

export const defaultServiceSettings: ServiceSettings = {
  publicUrl: 'http://localhost:3000',
  mailFrom: 'Hibla <no-reply@localhost>',
  loginMaxFailures: 5,
  loginWaitIncrementSeconds: 60,
  loginMaxWaitSeconds: 900,
  // Off unless configured: a caller that forgets the setting must not expose mail.
  devMailbox: false,
  // Never a fixed value: a caller that passes no secret (a unit test) gets one for this
  // process only, so tokens it stores cannot be read by anyone holding the source.
  sessionSecret: crypto.randomBytes(32).toString('base64url'),
  previousSessionSecrets: [],
  passwordCost: SCRYPT_PARAMS,
  tvPartner: { enabled: false, partnerName: 'Streaming TV', imageUrl: null, linkUrl: null },
  coverageMaxDropMeters: 250,
  complianceLinkHours: 72,
  otp: { ttlSeconds: 600, maxAttempts: 5, sendsPerAccountPerHour: 5, sendsPerUserPerHour: 5 },
  smsPerNumberPerHour: 10,
  documentThresholds: { billingOptionalBelow: 2500, incomeFrom: 3000 },
  devices: {
    driver: 'simulated',
    genieacsNbiUrl: null,
    genieacs: {
      auth: null,
      timeoutMs: 10_000,
      retries: 2,
      informIntervalSeconds: 300,
      informTolerance: 3,
      modelMap: [],
    },
    restartSeconds: 90,
    wifiChangeSeconds: 20,
  },
  identityEmbedded: true,
  referrals: { monthlyLimit: 5, expiryDays: 60, rewardPesos: 500, videoUrl: null, videoCaptionsUrl: null },
  geocoder: { kind: 'nominatim', url: null, timeoutMs: 2000, cacheSeconds: 7 * 24 * 3600, cacheMaxEntries: 10_000 },
}

/** What every service's routes are built with. */
export type ServiceDeps = {
  db: Database
  logger: Logger
  productName: string
  now: () => Date
  settings?: Partial<ServiceSettings>
  /** Delivers outbox messages (SMTP_URL for email, SMS_TRANSPORT for SMS). Absent: messages stay in the outbox. */
  sender?: MessageSender
  /** Where uploaded documents' bytes go (STORAGE_DRIVER). Absent: a folder in the OS temp dir, for tests. */
  storage?: ObjectStorage
  /** The job queue (services/jobs; docs/decisions/0050). Absent (tests on the gateway alone): the work runs in-process. */
  jobs?: JobSender
}

export function settingsOf(deps: ServiceDeps): ServiceSettings {
  return { ...defaultServiceSettings, ...deps.settings }
}

/** The session secret and the previous ones still accepted (docs/operations.md, Rotating secrets). */
export function sessionSecretRing(settings: ServiceSettings): SecretRing {
  return { current: settings.sessionSecret, previous: settings.previousSessionSecrets }
}

/** The GenieACS link's part of Config (docs/configuration.md, `GENIEACS_*`). */
type GenieAcsConfig = {
  GENIEACS_NBI_USERNAME?: string
  GENIEACS_NBI_PASSWORD?: string
  GENIEACS_NBI_AUTH_HEADER?: string
  GENIEACS_TIMEOUT_MS?: number
  GENIEACS_RETRIES?: number
  GENIEACS_INFORM_INTERVAL_SECONDS?: number
  GENIEACS_INFORM_TOLERANCE?: number
  genieacsModelMap?: ModelEntry[]
}

/** The part of Config that becomes ServiceSettings. */
export function serviceSettingsFromConfig(
  config: GenieAcsConfig & {
    publicUrl: string
    mailFrom: string
    LOGIN_MAX_FAILURES: number
    LOGIN_WAIT_INCREMENT_SECONDS: number
    LOGIN_MAX_WAIT_SECONDS: number
    devMailbox: boolean
    sessionSecret: string
    SESSION_SECRET_PREVIOUS?: string[]
    testPasswordHashing: boolean
    STREAMING_TV_ENABLED: boolean
    STREAMING_TV_PARTNER_NAME: string
    STREAMING_TV_IMAGE_URL?: string
    STREAMING_TV_URL?: string
    COVERAGE_MAX_DROP_METERS: number
    COMPLIANCE_LINK_HOURS?: number
    OTP_TTL_SECONDS: number
    OTP_SENDS_PER_ACCOUNT_PER_HOUR: number
    OTP_SENDS_PER_USER_PER_HOUR: number
    SMS_PER_NUMBER_PER_HOUR?: number
    PROOF_OF_BILLING_OPTIONAL_BELOW: number
    PROOF_OF_INCOME_FROM: number
    DEVICES_DRIVER?: 'simulated' | 'genieacs'
    GENIEACS_NBI_URL?: string
    DEVICES_RESTART_SECONDS?: number
    DEVICES_WIFI_CHANGE_SECONDS?: number
    oidc?: { embedded: boolean }
    REFERRAL_MONTHLY_LIMIT?: number
    REFERRAL_EXPIRY_DAYS?: number
    REFERRAL_REWARD_PESOS?: number
    REFERRAL_VIDEO_URL?: string
    REFERRAL_VIDEO_CAPTIONS_URL?: string
    GEOCODER_URL?: string
    GEOCODER_KIND?: 'nominatim' | 'photon'
    GEOCODER_TIMEOUT_MS?: number
    GEOCODER_CACHE_SECONDS?: number
    GEOCODER_CACHE_MAX_ENTRIES?: number
  },
): ServiceSettings {
  const referrals = defaultServiceSettings.referrals
  const geocoder = defaultServiceSettings.geocoder
  return {
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    loginMaxFailures: config.LOGIN_MAX_FAILURES,
    loginWaitIncrementSeconds: config.LOGIN_WAIT_INCREMENT_SECONDS,
    loginMaxWaitSeconds: config.LOGIN_MAX_WAIT_SECONDS,
    devMailbox: config.devMailbox,
    sessionSecret: config.sessionSecret,
    previousSessionSecrets: config.SESSION_SECRET_PREVIOUS ?? [],
    passwordCost: config.testPasswordHashing ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS,
    tvPartner: {
      enabled: config.STREAMING_TV_ENABLED,
      partnerName: config.STREAMING_TV_PARTNER_NAME,
      imageUrl: config.STREAMING_TV_IMAGE_URL ?? null,
      linkUrl: config.STREAMING_TV_URL ?? null,
    },
    coverageMaxDropMeters: config.COVERAGE_MAX_DROP_METERS,
    complianceLinkHours: config.COMPLIANCE_LINK_HOURS ?? defaultServiceSettings.complianceLinkHours,
    otp: {
      ttlSeconds: config.OTP_TTL_SECONDS,
      // Fixed, not configured: the "five wrong codes lock the attempt".
      maxAttempts: defaultServiceSettings.otp.maxAttempts,
      sendsPerAccountPerHour: config.OTP_SENDS_PER_ACCOUNT_PER_HOUR,
      sendsPerUserPerHour: config.OTP_SENDS_PER_USER_PER_HOUR,
    },
    smsPerNumberPerHour: config.SMS_PER_NUMBER_PER_HOUR ?? defaultServiceSettings.smsPerNumberPerHour,
    documentThresholds: {
      billingOptionalBelow: config.PROOF_OF_BILLING_OPTIONAL_BELOW,
      incomeFrom: config.PROOF_OF_INCOME_FROM,
    },
    devices: {
      driver: config.DEVICES_DRIVER ?? defaultServiceSettings.devices.driver,
      genieacsNbiUrl: config.GENIEACS_NBI_URL ?? null,
      genieacs: genieacsSettings(config),
      restartSeconds: config.DEVICES_RESTART_SECONDS ?? defaultServiceSettings.devices.restartSeconds,
      wifiChangeSeconds: config.DEVICES_WIFI_CHANGE_SECONDS ?? defaultServiceSettings.devices.wifiChangeSeconds,
    },
    identityEmbedded: config.oidc?.embedded ?? defaultServiceSettings.identityEmbedded,
    referrals: {
      monthlyLimit: config.REFERRAL_MONTHLY_LIMIT ?? referrals.monthlyLimit,
      expiryDays: config.REFERRAL_EXPIRY_DAYS ?? referrals.expiryDays,
      rewardPesos: config.REFERRAL_REWARD_PESOS ?? referrals.rewardPesos,
      videoUrl: config.REFERRAL_VIDEO_URL ?? null,
      videoCaptionsUrl: config.REFERRAL_VIDEO_CAPTIONS_URL ?? null,
    },
    geocoder: {
      kind: config.GEOCODER_KIND ?? geocoder.kind,
      url: config.GEOCODER_URL ?? null,
      timeoutMs: config.GEOCODER_TIMEOUT_MS ?? geocoder.timeoutMs,
      cacheSeconds: config.GEOCODER_CACHE_SECONDS ?? geocoder.cacheSeconds,
      cacheMaxEntries: config.GEOCODER_CACHE_MAX_ENTRIES ?? geocoder.cacheMaxEntries,
    },
  }
}

/** The GenieACS link's settings from the configuration; loadConfig has checked them (lib/env.ts). */
function genieacsSettings(config: GenieAcsConfig): DeviceSettings['genieacs'] {
  const defaults = defaultServiceSettings.devices.genieacs
  const header = config.GENIEACS_NBI_AUTH_HEADER
  const colon = header?.indexOf(':') ?? -1
  return {
    auth:
      config.GENIEACS_NBI_USERNAME && config.GENIEACS_NBI_PASSWORD
        ? { kind: 'basic', username: config.GENIEACS_NBI_USERNAME, password: config.GENIEACS_NBI_PASSWORD }
        : header && colon > 0
          ? { kind: 'header', name: header.slice(0, colon).trim(), value: header.slice(colon + 1).trim() }
          : null,
    timeoutMs: config.GENIEACS_TIMEOUT_MS ?? defaults.timeoutMs,
    retries: config.GENIEACS_RETRIES ?? defaults.retries,
    informIntervalSeconds: config.GENIEACS_INFORM_INTERVAL_SECONDS ?? defaults.informIntervalSeconds,
    informTolerance: config.GENIEACS_INFORM_TOLERANCE ?? defaults.informTolerance,
    modelMap: config.genieacsModelMap ?? defaults.modelMap,
  }
}
