import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { HEADER, computeSignature } from '../../lib/signature'
import { silentLogger, testConfig } from '../../services/testing'
import { upstreamFor } from './index.server'

// docs/operations.md, Rotating secrets: the portals get the new UPSTREAM_SECRET after the upstream copies.
const CURRENT = 'new-upstream-secret-0123456789'
const PREVIOUS = 'old-upstream-secret-0123456789'

describe('the portal signing its upstream calls during an UPSTREAM_SECRET rotation', () => {
  it('signs with the current secret only, never a previous one', async () => {
    const requests: Request[] = []
    const upstreamFetch = async (request: Request) => {
      requests.push(request)
      return Response.json({ status: true, data: [] })
    }
    const config = testConfig({ UPSTREAM_SECRET: CURRENT, UPSTREAM_SECRET_PREVIOUS: PREVIOUS })
    const context = { config, upstreamFetch, logger: silentLogger, requestId: 'r', nonce: 'n' } as AppLoadContext
    await upstreamFor(context).reference.nationalities()

    const request = requests[0]!
    const url = new URL(request.url)
    const signedWith = (secret: string) =>
      computeSignature({
        scheme: 'hmac',
        secret,
        channel: request.headers.get(HEADER.channel)!,
        method: request.method,
        pathWithQuery: url.pathname + url.search,
        requestId: request.headers.get(HEADER.requestId)!,
        timestamp: Number(request.headers.get(HEADER.timestamp)),
        body: '',
      })
    expect(request.headers.get(HEADER.signature)).toBe(signedWith(CURRENT))
    expect(request.headers.get(HEADER.signature)).not.toBe(signedWith(PREVIOUS))
  })
})
