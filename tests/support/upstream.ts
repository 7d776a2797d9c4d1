/**
 * Test support for both sides: the services' test gateway (services/testing.ts) with the
 * portal's real upstream client on it, and a Remix load context for calling loaders and
 * actions directly.
 */
import type { AppLoadContext } from '@remix-run/node'
import { upstreamFor, type Upstream } from '../../app/upstream/index.server.ts'
import { silentLogger, startTestGateway, type TestGateway } from '../../services/testing.ts'

export type TestUpstream = TestGateway & {
  /** The portal's typed upstream API, talking to the gateway through `fetch`. */
  upstream: Upstream
  /** A Remix load context for calling loaders and actions directly. */
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
