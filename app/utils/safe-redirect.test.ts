import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/privacy-notice?x=1')).toBe('/privacy-notice?x=1')
  })
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', '/a\\b', '/\nx'])(
    'refuses %j and falls back',
    (target) => {
      expect(safeRedirect(target, '/home')).toBe('/home')
    },
  )
  it('percent-encodes characters a Location header cannot carry', () => {
    expect(safeRedirect('/Ā?q=ñ')).toBe('/%C4%80?q=%C3%B1')
    expect(safeRedirect('/x\uD800', '/home')).toBe('/home')
  })
  it('falls back when nothing was given', () => {
    expect(safeRedirect(null)).toBe('/')
  })
})
