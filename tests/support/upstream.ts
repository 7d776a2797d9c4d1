/**
 * Test support for both sides: the services' test gateway (services/testing.ts) with the
 * portal's real upstream client on it, and a React Router load context for calling loaders and
 * actions directly.
 */
import type { AppLoadContext } from 'react-router'
import { createUpstreamClient } from '../../app/upstream/client.server.ts'
import { upstreamFor, type Upstream } from '../../app/upstream/index.server.ts'
import { silentLogger, startTestGateway, type TestGateway } from '../../services/testing.ts'

export type TestUpstream = TestGateway & {
  /** The portal's typed upstream API, talking to the gateway through `fetch`. */
  upstream: Upstream
  /** A React Router load context for calling loaders and actions directly. */
  context: AppLoadContext
}

export async function startTestUpstream(options: Parameters<typeof startTestGateway>[0] = {}): Promise<TestUpstream> {
  const started = await startTestGateway(options)
  const context = {
    config: started.config,
    upstreamFetch: started.fetch,
    logger: silentLogger,
    requestId: 'test-request',
    nonce: 'test-nonce',
  } as AppLoadContext
  return { ...started, upstream: upstreamFor(context), context }
}

/**
 * The portal's upstream client on a test gateway (or any harness with the same config and
 * fetch), retrying without waiting: for tests of one family of calls (payments, AutoPay, sales).
 */
export function testUpstreamClient(gateway: Pick<TestGateway, 'config' | 'fetch'>) {
  return createUpstreamClient({
    fetch: gateway.fetch,
    baseUrl: 'http://upstream.internal',
    channel: gateway.config.channel,
    secret: gateway.config.upstreamSecret,
    scheme: gateway.config.UPSTREAM_SIGNATURE_SCHEME,
    timeoutMs: gateway.config.UPSTREAM_TIMEOUT_MS,
    retryDelayMs: 0,
  })
}
