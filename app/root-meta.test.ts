import { describe, expect, it } from 'vitest'
import { meta } from '~/root'

type MetaArgs = Parameters<typeof meta>[0]

function titleOf(args: Partial<MetaArgs>) {
  const descriptors = meta({
    data: { productName: 'Hibla' },
    matches: [],
    params: {},
    location: {},
    ...args,
  } as MetaArgs)
  return descriptors?.find((descriptor): descriptor is { title: string } => 'title' in descriptor)?.title
}

describe('the root meta', () => {
  it('titles a page with the brand alone', () => {
    expect(titleOf({})).toBe('Hibla')
  })

  it('titles a 404 answered into the root boundary as the not-found page', () => {
    const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null }
    expect(titleOf({ error: notFound })).toBe('Page not found | Hibla')
  })

  it('keeps the brand for other failures', () => {
    expect(titleOf({ error: new Error('boom') })).toBe('Hibla')
  })
})
