import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './rich-text.server'

describe('sanitizeRichText', () => {
  it('removes images with event handlers', () => {
    expect(sanitizeRichText('<p>Hi<img src=x onerror=alert(1)></p>')).toBe('<p>Hi</p>')
  })

  it('removes script elements and their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script>')).toBe('<p>a</p>')
  })

  it('drops javascript: hrefs but keeps the link text', () => {
    const out = sanitizeRichText('<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt&colon;alert(1)">y</a>')
    expect(out).not.toMatch(/javascript/i)
    expect(out).toContain('x')
    expect(out).toContain('y')
  })

  it('removes style attributes and style elements', () => {
    const out = sanitizeRichText('<p style="position:fixed">a</p><style>body{display:none}</style>')
    expect(out).toBe('<p>a</p>')
  })

  it('removes event handler attributes on allowed tags', () => {
    expect(sanitizeRichText('<p onclick="alert(1)">a</p>')).toBe('<p>a</p>')
  })

  it('drops protocol-relative links', () => {
    expect(sanitizeRichText('<a href="//evil.example/">x</a>')).not.toContain('evil.example')
  })

  it('keeps headings, lists, emphasis and safe links with rel=noopener', () => {
    const html =
      '<h3>T</h3><ol><li><strong>a</strong></li></ol><ul><li><em>b</em></li></ul>' +
      '<a href="https://www.privacy.gov.ph" target="_blank">npc</a><a href="mailto:dpo@example.ph">dpo</a><a href="/help">help</a>'
    expect(sanitizeRichText(html)).toBe(
      '<h3>T</h3><ol><li><strong>a</strong></li></ol><ul><li><em>b</em></li></ul>' +
        '<a href="https://www.privacy.gov.ph" rel="noopener noreferrer">npc</a>' +
        '<a href="mailto:dpo@example.ph" rel="noopener noreferrer">dpo</a>' +
        '<a href="/help" rel="noopener noreferrer">help</a>',
    )
  })
})
