import { describe, expect, it } from 'vitest'
import { UpstreamError } from '~/upstream/errors'
import { SHARED_TEXT } from '~/utils/texts'
import { failedPage, resultOf } from './call.server'

const unavailable = () => new UpstreamError('unavailable', 'cms.page', 'r1', 'down', 503)
const limited = () => new UpstreamError('rejected', 'otp.send', 'r2', 'slow down', 429, 'Please wait a minute.')

describe('one call style: a result', () => {
  it("answers the value, or the upstream's failure with spec 8's words (a rate limit's own)", async () => {
    expect(await resultOf(Promise.resolve(42))).toEqual({ ok: true, value: 42 })
    expect(await resultOf(Promise.reject(unavailable()))).toMatchObject({
      ok: false,
      error: { kind: 'unavailable' },
      message: SHARED_TEXT.upstreamFailed,
    })
    expect(await resultOf(Promise.reject(limited()))).toMatchObject({ ok: false, message: 'Please wait a minute.' })
  })

  it('throws anything that is not the upstream’s failure, for the error boundary', async () => {
    const bug = new TypeError('a bug')
    await expect(resultOf(Promise.reject(bug))).rejects.toBe(bug)
    const redirect = new Response(null, { status: 302 })
    await expect(resultOf(Promise.reject(redirect))).rejects.toBe(redirect)
  })

  it('answers a page that cannot go on with 503, or the 4xx the upstream refused with, never cached', async () => {
    const answered = (failure: Parameters<typeof failedPage>[0]) => {
      try {
        failedPage(failure)
      } catch (thrown) {
        return thrown as { init: ResponseInit }
      }
      throw new Error('failedPage returned')
    }
    const down = answered({ ok: false, error: unavailable(), message: '' })
    expect(down.init.status).toBe(503)
    expect(new Headers(down.init.headers).get('cache-control')).toBe('no-store')
    expect(answered({ ok: false, error: limited(), message: '' }).init.status).toBe(429)
  })
})
