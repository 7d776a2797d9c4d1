import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADER, computeSignature, type SignatureScheme } from '../lib/signature.ts'
import { createGateway, IN_PROCESS_CALL } from './gateway.ts'
import { createReplayGuard } from './replay/guard.ts'
import { openTestDatabase, silentLogger } from './testing.ts'
import type { DatabaseHandle } from './db/client.ts'

const SECRET = 'gateway-test-secret-0123456789'
const CHANNEL = 'HiblaWeb'
const NOW = new Date('2026-11-22T08:00:00Z')

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

function gatewayWith(
  scheme: SignatureScheme,
  extra: { now?: () => Date; signatureClock?: () => Date; previousSecrets?: string[] } = {},
) {
  return createGateway({
    db: database.db,
    logger: silentLogger,
    productName: 'Hibla',
    now: () => NOW,
    secret: SECRET,
    scheme,
    channels: [CHANNEL, 'BIDA'],
    clockWindowSeconds: 300,
    // No signed-in calls here: bearer tokens are tested in bearer.integration.test.ts.
    accessTokens: () => Promise.reject(new Error('no bearer tokens in this test')),
    ...extra,
  })
}

type Signed = {
  scheme?: SignatureScheme
  method?: string
  path?: string
  body?: string
  requestId?: string
  timestamp?: number
  secret?: string
  channel?: string
  omit?: (keyof typeof HEADER)[]
  /** Change the request after signing it. */
  tamper?: { path?: string; body?: string }
}

function signedRequest(options: Signed = {}) {
  const scheme = options.scheme ?? 'hmac'
  const method = options.method ?? 'GET'
  const path = options.path ?? '/v1/nationality'
  const body = options.body ?? ''
  const requestId = options.requestId ?? crypto.randomUUID()
  const timestamp = options.timestamp ?? Math.floor(NOW.getTime() / 1000)
  const channel = options.channel ?? CHANNEL
  const headers: Record<string, string> = {
    [HEADER.channel]: channel,
    [HEADER.requestId]: requestId,
    [HEADER.timestamp]: String(timestamp),
    [HEADER.signature]: computeSignature({
      scheme,
      secret: options.secret ?? SECRET,
      channel,
      method,
      pathWithQuery: path,
      requestId,
      timestamp,
      body,
    }),
  }
  for (const name of options.omit ?? []) delete headers[HEADER[name]]
  const sentBody = options.tamper?.body ?? body
  return new Request(`http://upstream.internal${options.tamper?.path ?? path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : sentBody,
  })
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(401)
  const body = await response.json()
  expect(body).toMatchObject({ status: false, error: { code: 'unauthorized', message: expect.any(String) } })
}

describe('gateway signature check (hmac, the default)', () => {
  const gateway = () => gatewayWith('hmac')

  it('accepts a correctly signed call and answers in the ok envelope', async () => {
    const response = await gateway().fetch(signedRequest())
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.status).toBe(true)
    expect(body.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Filipino' })]))
  })

  it('accepts a signed POST whose body matches the signature', async () => {
    // No POST route exists at this path, so a passed signature check reaches routing: 404, not 401.
    const response = await gateway().fetch(signedRequest({ method: 'POST', path: '/v1/no-such-call', body: '{"a":1}' }))
    expect(response.status).toBe(404)
  })

  it('refuses a call without a channel name', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ omit: ['channel'] })))
  })

  it('refuses a call from an unknown channel', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ channel: 'EvilWeb' })))
  })

  it('refuses a call without a request id', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ omit: ['requestId'] })))
  })

  it('refuses a call without a signature', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ omit: ['signature'] })))
  })

  it('refuses a signature made with another secret', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ secret: 'not-the-secret-at-all-0000' })))
  })

  it('refuses a call whose path was changed after signing', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ tamper: { path: '/v1/region' } })))
  })

  it('refuses a call whose body was changed after signing', async () => {
    await expectRefused(
      await gateway().fetch(
        signedRequest({ method: 'POST', path: '/v1/x', body: '{"amount":1}', tamper: { body: '{"amount":9}' } }),
      ),
    )
  })

  it('refuses a replayed request id', async () => {
    const g = gateway()
    const requestId = crypto.randomUUID()
    expect((await g.fetch(signedRequest({ requestId }))).status).toBe(200)
    await expectRefused(await g.fetch(signedRequest({ requestId })))
  })

  it('refuses a request id replayed to another upstream copy (the memory is in Postgres)', async () => {
    const requestId = crypto.randomUUID()
    expect((await gateway().fetch(signedRequest({ requestId }))).status).toBe(200)
    await expectRefused(await gateway().fetch(signedRequest({ requestId })))
  })

  it('checks an in-process call like any other but keeps no memory of its id, which never crossed a wire (docs/decisions/0053)', async () => {
    const g = gateway()
    const requestId = crypto.randomUUID()
    expect((await g.fetch(signedRequest({ requestId }), IN_PROCESS_CALL)).status).toBe(200)
    expect((await g.fetch(signedRequest({ requestId }), IN_PROCESS_CALL)).status).toBe(200)
    // Its signature, channel and time are checked all the same.
    await expectRefused(await g.fetch(signedRequest({ secret: 'not-the-secret-at-all-0000' }), IN_PROCESS_CALL))
    await expectRefused(await g.fetch(signedRequest({ omit: ['channel'] }), IN_PROCESS_CALL))
    await expectRefused(
      await g.fetch(signedRequest({ timestamp: Math.floor(NOW.getTime() / 1000) - 301 }), IN_PROCESS_CALL),
    )
    // The same id over the wire (no binding) is remembered, and then refused.
    expect((await g.fetch(signedRequest({ requestId }))).status).toBe(200)
    await expectRefused(await g.fetch(signedRequest({ requestId })))
  })

  it('reads an in-process call whose body is held as text as one that streams it: its signature, JSON and non-JSON (decision 0058)', async () => {
    const g = gateway()
    // The Request without its body, as the upstream thread makes it; the text beside it.
    const held = (request: Request) => {
      const headers = new Headers(request.headers)
      headers.set('content-type', 'application/json')
      return new Request(request.url, { method: request.method, headers })
    }
    const call = (body: string) => signedRequest({ method: 'POST', path: '/v2/servicability', body })
    for (const [text, status, code] of [
      ['{"referenceNo":"REF-1"}', 422, 'invalid_input'],
      ['{not json', 400, 'invalid_json'],
    ] as const) {
      const streamed = await g.fetch(call(text), IN_PROCESS_CALL)
      const asText = await g.fetch(held(call(text)), { ...IN_PROCESS_CALL, textBody: text })
      expect([streamed.status, asText.status]).toEqual([status, status])
      const [a, b] = [await streamed.json(), await asText.json()]
      expect(b.error.code).toBe(code)
      // The same answer but for the call's own request id.
      expect({ ...b.error, requestId: null }).toEqual({ ...a.error, requestId: null })
    }
    // The signature covers the text: another text than the one signed is refused.
    await expectRefused(
      await g.fetch(held(call('{"referenceNo":"REF-1"}')), { ...IN_PROCESS_CALL, textBody: '{"referenceNo":"REF-2"}' }),
    )
  })

  it('refuses a timestamp outside the clock window', async () => {
    const stale = Math.floor(NOW.getTime() / 1000) - 301
    await expectRefused(await gateway().fetch(signedRequest({ timestamp: stale })))
  })

  it('checks the window against its signature clock, not the domain clock a test moved ahead', async () => {
    const movedAhead = gatewayWith('hmac', {
      now: () => new Date(NOW.getTime() + 11 * 60_000),
      signatureClock: () => NOW,
    })
    expect((await movedAhead.fetch(signedRequest())).status).toBe(200)
  })

  it('refuses a call without a timestamp', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ omit: ['timestamp'] })))
  })

  it('refuses a legacy signature when it expects hmac', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ scheme: 'legacy' })))
  })
})

describe('an UPSTREAM_SECRET rotation (docs/operations.md, Rotating secrets)', () => {
  // The upstream copies get the new secret as current and the old one as previous first.
  const OLD = 'old-upstream-secret-0123456789'
  const rotated = (scheme: SignatureScheme = 'hmac') => gatewayWith(scheme, { previousSecrets: [OLD] })

  it('accepts a call signed with the old secret while it is listed as previous', async () => {
    expect((await rotated().fetch(signedRequest({ secret: OLD }))).status).toBe(200)
    expect((await rotated('legacy').fetch(signedRequest({ scheme: 'legacy', secret: OLD }))).status).toBe(200)
  })

  it('accepts a call signed with the current secret at the same time', async () => {
    expect(await rotated().fetch(signedRequest())).toHaveProperty('status', 200)
  })

  it('refuses the old secret once it is dropped from the previous list', async () => {
    await expectRefused(await gatewayWith('hmac').fetch(signedRequest({ secret: OLD })))
  })

  it('still refuses a secret that is neither current nor previous', async () => {
    await expectRefused(await rotated().fetch(signedRequest({ secret: 'not-the-secret-at-all-0000' })))
  })
})

describe('gateway signature check (legacy, spec 7)', () => {
  const gateway = () => gatewayWith('legacy')

  it('accepts base64 of channel, secret and request id', async () => {
    expect((await gateway().fetch(signedRequest({ scheme: 'legacy' }))).status).toBe(200)
  })

  it('refuses a legacy signature with the wrong secret', async () => {
    await expectRefused(await gateway().fetch(signedRequest({ scheme: 'legacy', secret: 'wrong-secret-000000000000' })))
  })

  it('refuses a replayed legacy request id', async () => {
    const g = gateway()
    const requestId = crypto.randomUUID()
    expect((await g.fetch(signedRequest({ scheme: 'legacy', requestId }))).status).toBe(200)
    await expectRefused(await g.fetch(signedRequest({ scheme: 'legacy', requestId })))
  })
})

describe('gateway errors', () => {
  it('answers an unknown path with the common error envelope and the request id', async () => {
    const requestId = crypto.randomUUID()
    const response = await gatewayWith('hmac').fetch(signedRequest({ path: '/v1/nothing-here', requestId }))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      status: false,
      error: { code: 'not_found', message: expect.any(String), requestId },
    })
  })
})

describe('the replay guard', () => {
  it('accepts an id once within its window, again once the window has passed, and one of two racing copies', async () => {
    const guard = createReplayGuard(database.db, 1000)
    const other = createReplayGuard(database.db, 1000)
    const id = crypto.randomUUID()
    expect(await guard.remember(id, NOW)).toBe(true)
    expect(await other.remember(id, new Date(NOW.getTime() + 999))).toBe(false)
    expect(await other.remember(id, new Date(NOW.getTime() + 1000))).toBe(true)
    expect(await guard.remember(id, new Date(NOW.getTime() + 1500))).toBe(false)

    // The racers come after the calls above, as time does in production: a guard prunes ids
    // that expired before its call, off the request's path (not awaited), so a racer dated
    // before a prune still under way could lose its row to it and let the other win too.
    const later = new Date(NOW.getTime() + 1500)
    for (let round = 0; round < 20; round++) {
      const raced = crypto.randomUUID()
      const answers = await Promise.all([guard.remember(raced, later), other.remember(raced, later)])
      expect(answers.filter(Boolean)).toHaveLength(1)
    }
  })
})
