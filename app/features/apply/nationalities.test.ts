/**
 * spec 7 and 9: the personal details page's nationality list is fetched with 3 attempts,
 * 2000 ms apart. The wait is injected (the client's sleep), so no test waits 4 seconds.
 */
import { describe, expect, it } from 'vitest'
import { createUpstreamClient, type FetchLike } from '~/upstream/client.server'
import { referenceCalls } from '~/upstream/reference.server'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function upstream(answers: Response[]) {
  const paths: string[] = []
  const waits: number[] = []
  const fetch: FetchLike = async (request) => {
    paths.push(new URL(request.url).pathname)
    return answers[Math.min(paths.length - 1, answers.length - 1)]!
  }
  const client = createUpstreamClient({
    fetch,
    baseUrl: 'http://upstream.internal',
    channel: 'HiblaWeb',
    secret: 'apply-test-secret-0123456789',
    scheme: 'hmac',
    timeoutMs: 1000,
    retryDelayMs: 2000,
    sleep: async (ms) => void waits.push(ms),
  })
  return { reference: referenceCalls(client), paths, waits }
}

describe('the nationality list', () => {
  it('answers on the third attempt after two failures, having waited 2000 ms twice', async () => {
    const list = {
      status: true,
      data: [
        { id: 1, name: 'Filipino' },
        { id: 2, name: 'Japanese' },
      ],
    }
    const { reference, paths, waits } = upstream([json({}, 503), json({}, 502), json(list)])
    await expect(reference.nationalities()).resolves.toEqual(list.data)
    expect(paths).toEqual(['/v1/nationality', '/v1/nationality', '/v1/nationality'])
    expect(waits).toEqual([2000, 2000])
  })

  it('gives up after the third failed attempt (the page then says the list could not be loaded)', async () => {
    const { reference, paths, waits } = upstream([json({}, 503)])
    await expect(reference.nationalities()).rejects.toMatchObject({ kind: 'unavailable' })
    expect(paths).toHaveLength(3)
    expect(waits).toEqual([2000, 2000])
  })
})
