import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUpstreamClient } from '../../app/upstream/client.server'
import { referenceCalls } from '../../app/upstream/reference.server'
import { startTestUpstream, type TestUpstream } from '../support/upstream'

// The same client, the same calls: in-process dispatch (the embedded default) and over
// HTTP to the upstream run on its own (UPSTREAM_URL).
describe.each(['in-process', 'http'] as const)('upstream client %s', (transport) => {
  let upstream: TestUpstream
  beforeAll(async () => {
    upstream = await startTestUpstream({ transport })
  })
  afterAll(async () => {
    await upstream.close()
  })

  it('gets a validated answer from the real gateway', async () => {
    const nationalities = await upstream.upstream.reference.nationalities()
    expect(nationalities[0]).toEqual({ id: 1, name: 'Filipino' })
  })

  it('is refused by the gateway when its secret is wrong', async () => {
    const client = createUpstreamClient({
      fetch: upstream.fetch,
      baseUrl: upstream.config.UPSTREAM_URL ?? 'http://upstream.internal',
      channel: upstream.config.channel,
      secret: 'a-secret-the-gateway-does-not-know',
      scheme: 'hmac',
      timeoutMs: 5000,
      retryDelayMs: 0,
    })
    await expect(referenceCalls(client).nationalities()).rejects.toMatchObject({ kind: 'rejected', status: 401 })
  })
})
