/**
 * Help answers are plain text (services/cms/tables.ts, helpEntries): paragraphs split by a
 * blank line; a block whose lines all start with "- " is a list, with "1. " a numbered
 * list. Parsed here, rendered as elements: the CMS's text never becomes HTML.
 */
export type AnswerBlock =
  { kind: 'paragraph'; text: string } | { kind: 'bullets'; items: string[] } | { kind: 'steps'; items: string[] }

const BULLET = /^-\s+/
const STEP = /^\d+\.\s+/

export function answerBlocks(answer: string): AnswerBlock[] {
  return answer
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): AnswerBlock => {
      const lines = block.split('\n').map((line) => line.trim())
      if (lines.every((line) => BULLET.test(line))) {
        return { kind: 'bullets', items: lines.map((line) => line.replace(BULLET, '')) }
      }
      if (lines.every((line) => STEP.test(line)))
        return { kind: 'steps', items: lines.map((line) => line.replace(STEP, '')) }
      return { kind: 'paragraph', text: lines.join(' ') }
    })
}

/** The first words of an answer, for a result list. */
export function answerSnippet(answer: string, max = 160): string {
  const text = answer
    .replace(/\s+/g, ' ')
    .replace(/(^|\s)(-|\d+\.)\s/g, '$1')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : max)}…`
}

/** A video link's host, said beside the link ("opens youtube.com"); null for a URL that is not http(s). */
export function videoHost(url: string): string | null {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
    return parsed.hostname.replace(/^www\./, '')
  } catch {
    return null
  }
}
