const DOCUMENT_END = '</body></html>'

/**
 * React Router renders its single-fetch hand-off (`<StreamTransfer>`, the scripts that feed the
 * loader data to hydration) as a sibling of the document inside `<ServerRouter>`, so React
 * writes those `<script>`s after `</html>`: invalid HTML ("stray start tag script") that
 * every browser then moves into `<body>`. With the whole document in hand (entry.server),
 * they go where the parser would put them, just before `</body>`. The scripts escape `<`
 * in their data, so the last `</body></html>` is the document's own.
 */
export function scriptsInsideBody(html: string): string {
  const end = html.lastIndexOf(DOCUMENT_END)
  if (end === -1) return html
  const trailing = html.slice(end + DOCUMENT_END.length)
  if (trailing.trim() === '') return html
  return html.slice(0, end) + trailing + DOCUMENT_END
}
