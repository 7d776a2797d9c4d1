/**
 * The streaming-TV partner button as the server renders it (what a visitor without
 * JavaScript gets): only when enabled, the bundled logo when there is no image URL.
 */
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TV_FALLBACK_LOGO, TvButton, type TvConfig } from './plan-parts'
import { TV_LOGO_PATH } from './plans'

const tv = (config: Partial<TvConfig>): TvConfig => ({
  enabled: true,
  partnerName: 'StreamMax',
  imageUrl: null,
  linkUrl: 'https://tv.example.ph/',
  ...config,
})

describe('TvButton', () => {
  it('renders nothing when the TV config says disabled', () => {
    expect(renderToString(<TvButton tv={tv({ enabled: false, imageUrl: 'https://img.example.ph/logo.png' })} />)).toBe(
      '',
    )
  })

  it('shows the bundled logo without an image URL, and links to the partner', () => {
    const html = renderToString(<TvButton tv={tv({})} />)
    expect(html).toContain(`src="${TV_FALLBACK_LOGO}"`)
    expect(html).toContain('href="https://tv.example.ph/"')
    expect(html).toContain('Watch with StreamMax')
  })

  it('shows the partner’s image from the portal’s own address, which falls back to the bundled logo if it is broken', () => {
    const html = renderToString(<TvButton tv={tv({ imageUrl: 'https://img.example.ph/logo.png', linkUrl: null })} />)
    expect(html).toContain(`src="${TV_LOGO_PATH}"`)
    expect(html).not.toContain('img.example.ph')
    expect(html).not.toContain('<a ')
  })
})
