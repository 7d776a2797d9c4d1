/**
 * Test support: the text a PDF shows, for checking what a generated statement says. Reads
 * every content stream (inflating FlateDecode ones, as pdfkit writes them) and joins the
 * strings of its text operators (Tj, TJ), hex or literal. Enough for pdfkit's standard
 * fonts (one byte a glyph, WinAnsi); not a general PDF reader.
 */
import { inflateSync } from 'node:zlib'

function decodeLiteral(body: string): string {
  return body.replace(/\\([nrtbf()\\]|\d{1,3})/g, (_, escape: string) =>
    /\d/.test(escape)
      ? String.fromCharCode(parseInt(escape, 8))
      : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escape] ?? escape),
  )
}

function decodeHex(hex: string): string {
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1')
}

/** The strings of one content stream's text operators, one line per operator. */
function textOf(content: string): string[] {
  const lines: string[] = []
  const operator = /(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9A-Fa-f\s]*>|\((?:[^()\\]|\\.)*\))\s*Tj/g
  const part = /<([0-9A-Fa-f\s]*)>|\(((?:[^()\\]|\\.)*)\)/g
  for (const match of content.matchAll(operator)) {
    const source = match[1] ?? match[2]!
    let line = ''
    for (const piece of source.matchAll(part)) {
      line += piece[1] !== undefined ? decodeHex(piece[1].replace(/\s/g, '')) : decodeLiteral(piece[2]!)
    }
    lines.push(line)
  }
  return lines
}

export function pdfText(pdf: Uint8Array): string {
  const source = Buffer.from(pdf).toString('latin1')
  const lines: string[] = []
  // Each stream's bytes are the /Length its dictionary gives. Compressed data ends with a byte
  // 13 (CR) one time in 256, and a pattern ending at "\r?\nendstream" took that byte from it:
  // the stream did not inflate and the PDF read as empty (seen in CI on an application summary,
  // whose reference number changes its bytes every run).
  for (const match of source.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length
    const raw = Buffer.from(source.slice(start, start + Number(match[1])), 'latin1')
    let content: string
    try {
      content = inflateSync(raw).toString('latin1')
    } catch {
      content = raw.toString('latin1')
    }
    lines.push(...textOf(content))
  }
  return lines.join('\n')
}
