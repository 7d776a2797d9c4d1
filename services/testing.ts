/**
 * Test support on the services' side only: the test configuration, a fresh database per
 * test file (setup/test-databases.ts: PGlite in memory, or a new database on the Postgres
 * server named by TEST_DATABASE_URL when TEST_DB=postgres) and the real gateway on it,
 * in-process or over HTTP. Helpers that also start the portal's side live with the tests
 * (tests/support/).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { serve } from '@hono/node-server'
import { SignJWT, importJWK, type JWK } from 'jose'
import { pino, type Logger } from 'pino'
import { loadConfig, type Config } from '../lib/env.ts'
import { HEADER, computeSignature, newRequestId } from '../lib/signature.ts'
import { serviceSettingsFromConfig, type MessageSender, type ServiceDeps } from './context.ts'
import type { DatabaseHandle } from './db/client.ts'
import { openTestDatabase } from './setup/test-databases.ts'
import { createFileService } from './files/service.ts'
import { gatewayFromConfig, type Gateway } from './gateway.ts'
import { loadSigningKeys } from './identity/oidc/keys.ts'
import { findUserRowByEmail } from './identity/users.ts'
import { localStorage } from './storage/local.ts'
import type { ObjectStorage } from './storage/storage.ts'

export const TEST_SECRETS = {
  UPSTREAM_SECRET: 'test-upstream-secret-0123456789',
  SESSION_SECRET: 'test-session-secret-0123456789-abcdef',
}

/** The test configuration: silent, no retry delay, and passwords hashed at the test cost. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'portal-test'),
    UPSTREAM_RETRY_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
    ...TEST_SECRETS,
    ...overrides,
  })
  return { ...config, testPasswordHashing: true }
}

export const silentLogger = pino({ level: 'silent' })

export { openTestDatabase }

export type TestGateway = {
  /** The test configuration; with the HTTP transport, UPSTREAM_URL names the listening gateway. */
  config: Config
  database: DatabaseHandle
  gateway: Gateway
  /** Where the files service keeps uploads: a fresh folder per gateway unless a test passes a driver. */
  storage: ObjectStorage
  /** The local driver's folder (null when a test passed its own driver). */
  storageDir: string | null
  /** How a caller reaches the gateway: straight into it, or over loopback HTTP. */
  fetch: (request: Request) => Promise<Response>
  close: () => Promise<void>
}

export async function startTestGateway(
  options: {
    seed?: boolean
    transport?: 'in-process' | 'http'
    env?: Record<string, string>
    now?: () => Date
    /**
     * The signature window's clock, when it must stay the wall clock while `now` moves: a
     * test that calls through the portal's own client, which signs with the wall clock.
     */
    signatureClock?: () => Date
    /** The services' logger, for a test that reads what they log (silent otherwise). */
    logger?: Logger
    storage?: ObjectStorage
    /** Delivers the outbox (an SMS transport under test); absent, messages stay in the outbox. */
    sender?: MessageSender
  } = {},
): Promise<TestGateway> {
  const base = testConfig(options.env)
  const database = await openTestDatabase(options.seed ? { seededFor: base.PRODUCT_NAME } : {})
  const settings = serviceSettingsFromConfig(base)
  const storageDir = options.storage ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'))
  const storage = options.storage ?? localStorage(storageDir!)
  const gateway = gatewayFromConfig(
    base,
    {
      db: database.db,
      logger: options.logger ?? silentLogger,
      productName: base.PRODUCT_NAME,
      settings,
      now: options.now ?? (() => new Date()),
      storage,
      sender: options.sender,
    },
    options.signatureClock ? { signatureClock: options.signatureClock } : {},
  )

  if (options.transport !== 'http') {
    return {
      config: base,
      database,
      gateway,
      storage,
      storageDir,
      fetch: (request) => Promise.resolve(gateway.fetch(request)),
      async close() {
        await database.close()
        if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true })
      },
    }
  }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: gateway.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    config: { ...base, UPSTREAM_URL: `http://127.0.0.1:${port}` },
    database,
    gateway,
    storage,
    storageDir,
    fetch: (request) => globalThis.fetch(request),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
      if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

/**
 * An access token as the realm's provider would issue it (a JWT signed with the embedded
 * provider's current key, for the upstream's audience), with any claims a test needs;
 * `overrides` can spoil the issuer, audience or lifetime.
 */
export async function signAccessToken(
  upstream: Pick<TestGateway, 'config' | 'database'>,
  claims: Record<string, unknown> & { sub: string },
  overrides: { issuer?: string; audience?: string; expiresInSeconds?: number; key?: JWK } = {},
): Promise<string> {
  const [current] = await loadSigningKeys(upstream.database.db)
  const jwk = overrides.key ?? current!
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(overrides.issuer ?? upstream.config.oidc.issuer)
    .setAudience(overrides.audience ?? upstream.config.oidc.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (overrides.expiresInSeconds ?? 300))
    .sign(await importJWK(jwk, 'RS256'))
}

/**
 * The authorization header of a demo user (by email) as the realm signs them in: their
 * roles, agent code and accounts as claims, the token signed by signAccessToken.
 */
export async function bearerOf(
  upstream: Pick<TestGateway, 'config' | 'database'>,
  email: string,
): Promise<Record<string, string>> {
  const user = await findUserRowByEmail(upstream.database.db, email)
  if (!user) throw new Error(`no user ${email}`)
  const token = await signAccessToken(upstream, {
    sub: user.id,
    realm_access: { roles: user.roles },
    agentCode: user.agentCode,
    accountNumber: user.accountNumbers,
  })
  return { authorization: `Bearer ${token}` }
}

/**
 * One signed call to a test gateway, as any channel's client makes it: the answer's
 * status and JSON body. `nowMs` timestamps the signature when the test moves the clock.
 */
export async function signedCall(
  upstream: Pick<TestGateway, 'config' | 'fetch'>,
  method: string,
  path: string,
  options: SignedCallOptions = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read replies as loosely typed JSON, as in *.test.ts
): Promise<{ status: number; body: any }> {
  const response = await signedFetch(upstream, method, path, options)
  return { status: response.status, body: await response.json() }
}

type SignedCallOptions = {
  body?: unknown
  headers?: Record<string, string>
  nowMs?: number
  channel?: string
  /** Another channel's own secret (the NMS's); the upstream secret otherwise. */
  secret?: string
}

/** signedCall's request, answering the Response itself: for a call whose answer is not JSON (a PDF). */
export async function signedFetch(
  upstream: Pick<TestGateway, 'config' | 'fetch'>,
  method: string,
  path: string,
  options: SignedCallOptions = {},
): Promise<Response> {
  const { config } = upstream
  const channel = options.channel ?? config.channel
  const text = options.body === undefined ? '' : JSON.stringify(options.body)
  const requestId = newRequestId()
  const timestamp = Math.floor((options.nowMs ?? Date.now()) / 1000)
  const headers: Record<string, string> = {
    ...options.headers,
    'content-type': 'application/json',
    [HEADER.channel]: channel,
    [HEADER.requestId]: requestId,
    [HEADER.timestamp]: String(timestamp),
    [HEADER.signature]: computeSignature({
      scheme: config.UPSTREAM_SIGNATURE_SCHEME,
      secret: options.secret ?? config.upstreamSecret,
      channel,
      method,
      pathWithQuery: path,
      requestId,
      timestamp,
      body: text,
    }),
  }
  return upstream.fetch(new Request(`http://upstream.internal${path}`, { method, body: text || undefined, headers }))
}

// A real JPEG: the files service decodes what it stores (issue 32). Bytes after its end marker
// (each upload's own) are ignored by the decoder, so every upload is a file of its own.
const GOVERNMENT_ID_JPEG = fs.readFileSync(path.join(import.meta.dirname, '../tests/fixtures/government-id.jpg'))

/**
 * The documents a draft's checklist requires, stored through the files service as its upload
 * route stores them: what a submission needs (services/applications checks the checklist).
 */
export async function uploadRequiredDocuments(deps: ServiceDeps, draftId: string): Promise<void> {
  const files = createFileService(deps)
  const checklist = await files.checklist(draftId)
  for (const need of checklist.requirements.filter((r) => r.required)) {
    const bytes = Buffer.concat([GOVERNMENT_ID_JPEG, crypto.randomBytes(8)])
    await files.upload(
      draftId,
      {
        category: need.category,
        subCategory: need.subCategories[0] ?? null,
        fileName: `${need.category}.jpg`,
        type: 'jpg',
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      },
      Readable.toWeb(Readable.from([bytes])) as WebReadableStream<Uint8Array>,
    )
  }
}

/** An installation slot with room left, as the wizard's appointment step lists them. */
export async function freeSlotId(upstream: Pick<TestGateway, 'config' | 'fetch'>): Promise<string> {
  const slots = await signedCall(upstream, 'GET', '/v2/appointments/slots')
  return slots.body.data.find((slot: { available: number }) => slot.available > 0).slotId
}
