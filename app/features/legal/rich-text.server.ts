/**
 * The one gate between CMS HTML and a page (docs/security.md, Input: stored markup renders
 * inert). An allow-list: text structure and links only. Images are refused too, since
 * they could load from outside and the CSP would block them anyway.
 */
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  // Relative links stay allowed; anything with another scheme (javascript:, data:) loses its href.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const safe: sanitizeHtml.Attributes = {}
      if (attribs.href) Object.assign(safe, { href: attribs.href, rel: 'noopener noreferrer' })
      return { tagName, attribs: safe }
    },
  },
}

// CMS texts repeat on every page view; sanitizing is a full HTML parse, so keep the
// results of recent inputs (bounded, oldest dropped first).
const MEMO_LIMIT = 500
const memo = new Map<string, string>()

export function sanitizeRichText(html: string): string {
  let clean = memo.get(html)
  if (clean === undefined) {
    clean = sanitizeHtml(html, OPTIONS)
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!)
    memo.set(html, clean)
  }
  return clean
}
