import type { AppLoadContext } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { silentLogger, testConfig } from '../../services/testing'
import { sessionCookie } from '~/auth/session.server'
import { visitOf } from './visit.server'

function contextWith(upstreamFetch: AppLoadContext['upstreamFetch'], env: Record<string, string> = {}) {
  return { config: testConfig(env), upstreamFetch, logger: silentLogger, requestId: 'r', nonce: 'n' } as AppLoadContext
}

describe('portal session cookie and reads', () => {
  it('treats a request without the session cookie as anonymous without calling the upstream', async () => {
    const upstreamFetch = vi.fn(async () => new Response('{}'))
    const context = contextWith(upstreamFetch)
    expect(await visitOf(new Request('http://localhost/'), context).user()).toBeNull()
    expect(
      await visitOf(new Request('http://localhost/', { headers: { cookie: 'theme=dark; toast=x' } }), context).user(),
    ).toBeNull()
    expect(upstreamFetch).not.toHaveBeenCalled()
  })

  it('asks the upstream once per request when the cookie is there, however many loaders ask', async () => {
    const upstreamFetch = vi.fn(async () =>
      Response.json(
        { status: false, error: { code: 'session_not_found', message: 'gone', requestId: null } },
        { status: 404 },
      ),
    )
    const context = contextWith(upstreamFetch)
    const cookie = await sessionCookie(context.config).serialize('A'.repeat(43))
    const request = new Request('http://localhost/customer', { headers: { cookie: cookie.split(';')[0]! } })
    const [a, b] = await Promise.all([visitOf(request, context).user(), visitOf(request, context).user()])
    expect([a, b]).toEqual([null, null])
    expect(upstreamFetch).toHaveBeenCalledTimes(1)
  })

  it('is __Host-session, Secure, HttpOnly, SameSite=Lax, path / and without Max-Age in production', async () => {
    const context = contextWith(vi.fn(), { NODE_ENV: 'production' })
    const line = await sessionCookie(context.config).serialize('A'.repeat(43))
    expect(line).toMatch(/^__Host-session=/)
    for (const attribute of [/; Secure/i, /; HttpOnly/i, /; SameSite=Lax/i, /; Path=\//i])
      expect(line).toMatch(attribute)
    expect(line).not.toMatch(/max-age|expires|domain/i)
  })
})
