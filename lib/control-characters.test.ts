import { describe, expect, it } from 'vitest'
import { controlCharacterPaths, hasControlCharacters } from './control-characters'

describe('control characters', () => {
  it('finds NUL, the other C0 controls, DEL and the C1 controls, and nothing in plain or right-to-left text', () => {
    for (const value of ['a\u0000b', '\u0001', '\u001b[31m', 'x\u007f', '\u0085', '\u009f'])
      expect(hasControlCharacters(value), JSON.stringify(value)).toBe(true)
    for (const value of ['Rizal Street', 'Ñiño', 'مرحبا بالعالم', 'שלום', '\u00a0', '😀'])
      expect(hasControlCharacters(value), value).toBe(false)
  })

  it('lets a multi-line field keep tabs and line breaks, and nothing else', () => {
    expect(hasControlCharacters('line one\r\n\tline two')).toBe(true)
    expect(hasControlCharacters('line one\r\n\tline two', { multiline: true })).toBe(false)
    expect(hasControlCharacters('line one\n\u0000', { multiline: true })).toBe(true)
  })

  it("names each JSON string's dotted path, keys included", () => {
    const value = { a: 'ok', b: { c: ['x', 'y\u0000'] }, ['k\u0000']: 1, d: 'two\nlines' }
    expect(controlCharacterPaths(value)).toEqual(['b.c.1', '_form'])
    expect(controlCharacterPaths('\u0000')).toEqual(['_form'])
  })
})
