import { describe, expect, it } from 'vitest'
import { invariantResponse } from './invariant'

function thrown(run: () => void): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('invariantResponse', () => {
  it('does nothing when the condition holds', () => {
    expect(thrown(() => invariantResponse('set', 'never thrown'))).toBeUndefined()
  })

  it('throws a 400 Response with the message as its body when the condition fails', async () => {
    const error = thrown(() => invariantResponse(null, 'Something is missing'))
    expect(error).toBeInstanceOf(Response)
    expect((error as Response).status).toBe(400)
    expect(await (error as Response).text()).toBe('Something is missing')
  })

  it('takes the status and headers from the init, and a message from a function', async () => {
    const error = thrown(() =>
      invariantResponse(false, () => 'Not here', { status: 404, headers: { 'cache-control': 'no-store' } }),
    ) as Response
    expect(error.status).toBe(404)
    expect(error.headers.get('cache-control')).toBe('no-store')
    expect(await error.text()).toBe('Not here')
  })

  it('narrows the value for the code after it', () => {
    const value: string | undefined = 'x'
    invariantResponse(value, 'Missing')
    expect(value.length).toBe(1)
  })
})
