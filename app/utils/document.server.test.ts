import { describe, expect, it } from 'vitest'
import { scriptsInsideBody } from './document.server'

describe('scriptsInsideBody', () => {
  it('moves what React wrote after </html> to just before </body>', () => {
    const html =
      '<!DOCTYPE html><html><head></head><body><main>x</main></body></html><!--$--><script>a()</script><!--/$-->'
    expect(scriptsInsideBody(html)).toBe(
      '<!DOCTYPE html><html><head></head><body><main>x</main><!--$--><script>a()</script><!--/$--></body></html>',
    )
  })

  it('leaves a document with nothing after </html> as it is', () => {
    const html = '<!DOCTYPE html><html><head></head><body><p>x</p></body></html>\n'
    expect(scriptsInsideBody(html)).toBe(html)
  })

  it('keeps an inline script that mentions </body> in place (only the last end of the document counts)', () => {
    const html = `<html><head><script>x='<body></body>'</script></head><body></body></html><script>b()</script>`
    expect(scriptsInsideBody(html)).toBe(
      `<html><head><script>x='<body></body>'</script></head><body><script>b()</script></body></html>`,
    )
  })
})
