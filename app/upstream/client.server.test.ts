import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HEADER, computeSignature } from '../../lib/signature'
import { createUpstreamClient, type FetchLike } from './client.server'
import { envelope } from './envelope'
import { UpstreamError } from './errors'
import { referenceCalls } from './reference.server'
import { asTextTransport, TRANSPORTS } from '../../tests/support/text-transport'

const options = {
  baseUrl: 'http://upstream.internal',
  channel: 'HiblaWeb',
  secret: 'client-test-secret-0123456789',
  scheme: 'hmac' as const,
  timeoutMs: 1000,
  retryDelayMs: 2000,
}

function recordingFetch(answers: Array<() => Response | Promise<Response>>) {
  const requests: Request[] = []
  const fetch: FetchLike = async (request) => {
    requests.push(request)
    const next = answers[Math.min(requests.length - 1, answers.length - 1)]!
    return next()
  }
  return { fetch, requests }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function fakeSleep() {
  const waits: number[] = []
  return { waits, sleep: async (ms: number) => void waits.push(ms) }
}

const ListSchema = envelope(z.array(z.object({ id: z.string(), name: z.string() })))

describe.each(TRANSPORTS)('upstream client %s', (_way, transport) => {
  const createClient = (o: Parameters<typeof createUpstreamClient>[0]) =>
    createUpstreamClient({ ...o, fetch: transport(o.fetch) })

  it('signs every call and sends the channel name and a fresh request id', async () => {
    const { fetch, requests } = recordingFetch([() => json({ status: true, data: [] })])
    const client = createClient({ ...options, fetch })
    await client.call({
      name: 't',
      method: 'POST',
      path: '/v1/x',
      query: { a: 1 },
      body: { b: 2 },
      schema: z.unknown(),
    })
    await client.call({
      name: 't',
      method: 'POST',
      path: '/v1/x',
      query: { a: 1 },
      body: { b: 2 },
      schema: z.unknown(),
    })
    const [first, second] = requests
    expect(first!.headers.get(HEADER.channel)).toBe('HiblaWeb')
    expect(first!.headers.get(HEADER.requestId)).toMatch(/^[0-9a-f-]{36}$/)
    expect(first!.headers.get(HEADER.requestId)).not.toBe(second!.headers.get(HEADER.requestId))
    const expected = computeSignature({
      scheme: 'hmac',
      secret: options.secret,
      channel: 'HiblaWeb',
      method: 'POST',
      pathWithQuery: '/v1/x?a=1',
      requestId: first!.headers.get(HEADER.requestId)!,
      timestamp: Number(first!.headers.get(HEADER.timestamp)),
      body: '{"b":2}',
    })
    expect(first!.headers.get(HEADER.signature)).toBe(expected)
  })

  it('returns the data of a response that matches the schema', async () => {
    const { fetch } = recordingFetch([() => json({ status: true, data: [{ id: '13', name: 'NCR' }] })])
    const client = createClient({ ...options, fetch })
    await expect(client.call({ name: 't', method: 'GET', path: '/v1/region', schema: ListSchema })).resolves.toEqual([
      { id: '13', name: 'NCR' },
    ])
  })

  it('turns a response of an unexpected shape into an invalid-response error', async () => {
    const { fetch } = recordingFetch([() => json({ status: true, data: [{ id: 13 }] })])
    const client = createClient({ ...options, fetch })
    const error = await client
      .call({ name: 't', method: 'GET', path: '/v1/region', schema: ListSchema })
      .catch((e) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error).toMatchObject({ kind: 'invalid-response', call: 't', requestId: expect.any(String) })
  })

  it('turns a 4xx into a rejected error carrying the server message', async () => {
    const { fetch } = recordingFetch([
      () => json({ status: false, error: { code: 'bad', message: 'Account not found' } }, 400),
    ])
    const client = createClient({ ...options, fetch })
    const error = await client.call({ name: 't', method: 'GET', path: '/v1/x', schema: z.unknown() }).catch((e) => e)
    expect(error).toMatchObject({ kind: 'rejected', status: 400, serverMessage: 'Account not found' })
  })

  it('turns a 5xx, a non-JSON body or a network failure into an unavailable error', async () => {
    for (const answer of [
      () => json({}, 503),
      () => new Response('<html>bad gateway</html>', { status: 502 }),
      () => Promise.reject(new TypeError('fetch failed')),
    ]) {
      const client = createClient({ ...options, fetch: recordingFetch([answer]).fetch })
      await expect(client.call({ name: 't', method: 'GET', path: '/v1/x', schema: z.unknown() })).rejects.toMatchObject(
        {
          kind: 'unavailable',
        },
      )
    }
  })

  it('retries a call spec 9 names (nationality) 3 times, 2000 ms apart, then gives up', async () => {
    const { fetch, requests } = recordingFetch([() => json({}, 503)])
    const { waits, sleep } = fakeSleep()
    const reference = referenceCalls(createClient({ ...options, fetch, sleep }))
    await expect(reference.nationalities()).rejects.toMatchObject({ kind: 'unavailable' })
    expect(requests).toHaveLength(3)
    expect(waits).toEqual([2000, 2000])
  })

  it('succeeds on the retry when the named call recovers', async () => {
    const { fetch, requests } = recordingFetch([
      () => json({}, 503),
      () => json({ status: true, data: [{ id: 1, name: 'Filipino' }] }),
    ])
    const reference = referenceCalls(createClient({ ...options, fetch, sleep: fakeSleep().sleep }))
    await expect(reference.nationalities()).resolves.toEqual([{ id: 1, name: 'Filipino' }])
    expect(requests).toHaveLength(2)
  })

  it('sends a call’s own headers, which never replace the signed ones', async () => {
    const { fetch, requests } = recordingFetch([() => json({ status: true, data: [] })])
    const client = createClient({ ...options, fetch })
    await client.call({
      name: 't',
      method: 'GET',
      path: '/v1/x',
      headers: { 'x-draft-id': 'd', [HEADER.requestId]: 'chosen-by-caller', [HEADER.signature]: 'forged' },
      schema: ListSchema,
    })
    const sent = requests[0]!.headers
    expect(sent.get('x-draft-id')).toBe('d')
    expect(sent.get(HEADER.requestId)).not.toBe('chosen-by-caller')
    expect(sent.get(HEADER.signature)).not.toBe('forged')
  })

  it('retries a non-GET call only when it is also marked idempotent', async () => {
    const { fetch, requests } = recordingFetch([() => json({}, 503)])
    const { sleep, waits } = fakeSleep()
    const client = createClient({ ...options, fetch, sleep })
    const call = { name: 't', method: 'POST' as const, path: '/v1/carts/instance', schema: z.unknown(), retry: true }
    await expect(client.call({ ...call, idempotent: true })).rejects.toMatchObject({ kind: 'unavailable' })
    expect(requests).toHaveLength(3)
    expect(waits).toEqual([2000, 2000])
  })

  it('does not retry a call that spec 9 does not name', async () => {
    const { fetch, requests } = recordingFetch([() => json({}, 503)])
    const client = createClient({ ...options, fetch, sleep: fakeSleep().sleep })
    await expect(
      client.call({ name: 't', method: 'GET', path: '/v1/region', schema: ListSchema }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
    })
    expect(requests).toHaveLength(1)
  })

  it('never retries a non-idempotent call, even when flagged', async () => {
    const { fetch, requests } = recordingFetch([() => json({}, 503)])
    const client = createClient({ ...options, fetch, sleep: fakeSleep().sleep })
    await expect(
      client.call({ name: 't', method: 'POST', path: '/v1/cart', schema: z.unknown(), retry: true }),
    ).rejects.toThrow()
    expect(requests).toHaveLength(1)
  })

  it('does not retry a rejection or an invalid response', async () => {
    for (const answer of [() => json({ status: false, error: { message: 'no' } }, 400), () => json({ nope: true })]) {
      const { fetch, requests } = recordingFetch([answer])
      const reference = referenceCalls(createClient({ ...options, fetch, sleep: fakeSleep().sleep }))
      await expect(reference.nationalities()).rejects.toBeInstanceOf(UpstreamError)
      expect(requests).toHaveLength(1)
    }
  })

  it('serves cached public content without calling again until it expires', async () => {
    let clock = 1_000_000
    const { fetch, requests } = recordingFetch([() => json({ status: true, data: [] })])
    const client = createClient({ ...options, fetch, now: () => clock })
    const call = { name: 't', method: 'GET' as const, path: '/v1/region', schema: ListSchema, cacheSeconds: 60 }
    await client.call(call)
    await client.call(call)
    expect(requests).toHaveLength(1)
    clock += 61_000
    await client.call(call)
    expect(requests).toHaveLength(2)
  })

  it('makes one call for cached content that many ask for at once, and keeps no failure', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const { fetch, requests } = recordingFetch([
      () => held.then(() => json({ status: false, error: { message: 'down' } }, 503)),
      () => json({ status: true, data: [{ id: '13', name: 'NCR' }] }),
    ])
    const client = createClient({ ...options, fetch, sleep: fakeSleep().sleep })
    const call = { name: 't', method: 'GET' as const, path: '/v1/region', schema: ListSchema, cacheSeconds: 60 }
    const failing = Array.from({ length: 20 }, () => client.call(call))
    release()
    for (const answer of await Promise.allSettled(failing)) expect(answer.status).toBe('rejected')
    expect(requests).toHaveLength(1)
    // The failure was not kept: the next callers call again, once, and share its answer.
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.call(call)))
    expect(answers.every((answer) => answer[0]?.name === 'NCR')).toBe(true)
    expect(requests).toHaveLength(2)
  })
})

describe('upstream client over a transport with a text way', () => {
  it('sends a JSON call as text, and a call that streams through fetch', async () => {
    const { fetch, requests } = recordingFetch([() => json({ status: true, data: [] })])
    const transport = asTextTransport(fetch)
    const client = createUpstreamClient({ ...options, fetch: transport })
    await client.call({ name: 't', method: 'PUT', path: '/v1/x', body: { b: 2 }, schema: z.unknown() })
    expect(transport.textCalls).toBe(1)
    expect(await requests[0]!.text()).toBe('{"b":2}')
    await client.sendStream({
      name: 'upload',
      path: '/v1/files',
      body: new Blob(['%PDF-1.7']).stream(),
      size: 8,
      sha256: '0'.repeat(64),
      contentType: 'application/pdf',
      schema: z.unknown(),
    })
    expect(transport.textCalls).toBe(1)
    expect(requests).toHaveLength(2)
  })
})
