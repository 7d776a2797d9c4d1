import { describe, expect, it } from 'vitest'
import { testConfig } from '../../services/testing'
import { popToast, redirectWithToast } from './toast.server'

const config = testConfig()

/** The next request the browser makes after following `response`, with the cookies it set. */
function nextRequest(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return new Request(`http://localhost${response.headers.get('location')}`, { headers: { cookie } })
}

describe('redirectWithToast', () => {
  it('redirects, and the next page pops the toast', async () => {
    const response = await redirectWithToast(config, '/customer', { kind: 'success', message: 'Linked.' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/customer')
    expect((await popToast(nextRequest(response), config)).toast).toEqual({ kind: 'success', message: 'Linked.' })
  })

  it("keeps the init's status and headers, other cookies included", async () => {
    const response = await redirectWithToast(
      config,
      '/',
      { kind: 'info', message: 'Bye.' },
      {
        status: 303,
        headers: [
          ['set-cookie', 'session=; Max-Age=0'],
          ['x-extra', 'kept'],
        ],
      },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('x-extra')).toBe('kept')
    const cookies = response.headers.getSetCookie()
    expect(cookies[0]).toBe('session=; Max-Age=0')
    expect(cookies[1]).toMatch(/^toast=/)
  })
})
