import { describe, expect, it } from 'vitest'
import { TV_FALLBACK_LOGO } from './plans'
import { partnerLogoResponse, sniffImageType, TV_LOGO_MAX_BYTES } from './tv-logo.server'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])
const GIF = new TextEncoder().encode('GIF89a....')
const WEBP = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')
const HTML = new TextEncoder().encode('<!doctype html><title>Not found</title>')
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')

const answering =
  (body: BodyInit | null, init: ResponseInit = {}) =>
  async () =>
    new Response(body, init)

const isFallback = (response: Response) =>
  response.status === 302 && response.headers.get('location') === TV_FALLBACK_LOGO

describe('sniffImageType', () => {
  it.each([
    { bytes: PNG, type: 'image/png' },
    { bytes: JPEG, type: 'image/jpeg' },
    { bytes: GIF, type: 'image/gif' },
    { bytes: WEBP, type: 'image/webp' },
    { bytes: HTML, type: null },
    { bytes: SVG, type: null },
    { bytes: new Uint8Array(), type: null },
  ])('$type', ({ bytes, type }) => expect(sniffImageType(bytes)).toBe(type))
})

describe('the partner’s image, or the bundled logo', () => {
  it('answers a partner image with the type its bytes say, whatever the partner declares', async () => {
    const response = await partnerLogoResponse(
      'https://img.example.ph/logo',
      answering(PNG, { headers: { 'content-type': 'text/html' } }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG)
  })

  it.each([
    { name: 'no image configured', url: null, fetch: answering(PNG) },
    { name: 'not http(s)', url: 'file:///etc/passwd', fetch: answering(PNG) },
    { name: 'a 404', url: 'https://img.example.ph/gone.png', fetch: answering(HTML, { status: 404 }) },
    {
      name: 'a redirect',
      url: 'https://img.example.ph/logo.png',
      fetch: answering(null, { status: 302, headers: { location: 'http://169.254.169.254/' } }),
    },
    { name: 'an HTML page with 200', url: 'https://img.example.ph/logo.png', fetch: answering(HTML) },
    { name: 'an SVG (scripts)', url: 'https://img.example.ph/logo.svg', fetch: answering(SVG) },
    {
      name: 'unreachable',
      url: 'https://img.example.ph/logo.png',
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    },
    {
      name: 'larger than the limit, declared',
      url: 'https://img.example.ph/big.png',
      fetch: answering(PNG, { headers: { 'content-length': String(TV_LOGO_MAX_BYTES + 1) } }),
    },
    {
      name: 'larger than the limit, streamed',
      url: 'https://img.example.ph/big.png',
      fetch: answering(
        new ReadableStream({
          start(controller) {
            controller.enqueue(PNG)
            controller.enqueue(new Uint8Array(TV_LOGO_MAX_BYTES))
            controller.close()
          },
        }),
      ),
    },
  ])('falls back when $name', async ({ url, fetch }) => {
    expect(isFallback(await partnerLogoResponse(url, fetch))).toBe(true)
  })
})
