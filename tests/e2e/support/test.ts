/**
 * `test` and `expect` for every journey: Playwright's, plus a check of the HTML of every
 * page the test opened on a portal. Each document the server answers (the first page with
 * JavaScript, every page without it) is kept as the server sent it, before any script
 * ran, and after the test it must pass html-validate (.htmlvalidate.mjs) and have nothing
 * after `</html>`. An outside validator found both kinds of fault before (issue 7).
 */
import { fileURLToPath } from 'node:url'
import { expect, test as base, type Response } from '@playwright/test'
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate'

export { expect }

const validator = new HtmlValidate(new FileSystemConfigLoader())
// html-validate finds .htmlvalidate.mjs from the file's folder up: any name in the repository's root.
const DOCUMENT_NAME = fileURLToPath(new URL('../../../page.html', import.meta.url))

/**
 * Tokens that differ on every request (nonces, CSRF tokens, ids, times in base64 or hex):
 * letters and digits mixed, 16 characters or more.
 */
const TOKEN = /[A-Za-z0-9+/_-]{16,}={0,2}/g

/**
 * The page with each distinct token replaced by a numbered placeholder, first seen first:
 * two renders of one page differ only in their tokens, so they share a key, and a token
 * repeated (an id and the label that names it) stays repeated.
 */
export function templateOf(html: string): string {
  const numbers = new Map<string, number>()
  return html.replace(TOKEN, (token) => {
    if (!/\d/.test(token) || !/[A-Za-z]/.test(token)) return token
    let number = numbers.get(token)
    if (number === undefined) numbers.set(token, (number = numbers.size))
    return `\u0000${number}\u0000`
  })
}

// Each worker validates a page's template once: most journeys open the same pages again
// (the landing page, the check screen, sign-in), which cost html-validate ~100 ms each.
const checked = new Map<string, Promise<string[]>>()

/** What is wrong with one server-rendered page, as lines a failed test prints. */
export function htmlFaults(html: string): Promise<string[]> {
  const key = templateOf(html)
  let faults = checked.get(key)
  if (!faults) checked.set(key, (faults = validate(html)))
  return faults
}

async function validate(html: string): Promise<string[]> {
  const faults: string[] = []
  const trailing = html.slice(html.lastIndexOf('</html>') + '</html>'.length)
  if (html.includes('</html>') && trailing.trim() !== '')
    faults.push(`content after </html>: ${trailing.trim().slice(0, 80)}`)
  const report = await validator.validateString(html, DOCUMENT_NAME)
  for (const result of report.results) {
    for (const message of result.messages)
      faults.push(`${message.ruleId}: ${message.message} (${message.selector ?? `line ${message.line}`})`)
  }
  return faults
}

/**
 * Pages a portal rendered: top-level HTML documents from localhost, not redirects. (A
 * portal page framed by another site is refused, and the browser's own error page stands
 * in for its body: frame-guard.spec.ts.)
 */
function isPortalPage(response: Response) {
  if (response.request().resourceType() !== 'document' || response.frame().parentFrame()) return false
  if (!['localhost', '127.0.0.1'].includes(new URL(response.url()).hostname)) return false
  if (response.status() >= 300 && response.status() < 400) return false
  return (response.headers()['content-type'] ?? '').startsWith('text/html')
}

export const test = base.extend<{ validHtml: void }>({
  validHtml: [
    async ({ context }, use) => {
      const pages: Promise<{ where: string; html: string | Error }>[] = []
      const onResponse = (response: Response) => {
        if (!isPortalPage(response)) return
        const where = new URL(response.url()).pathname
        // Read at once: the browser drops a document's body once the page moves on. A page
        // left before its body could be read (a quick redirect by script or form) is
        // skipped here; every route is opened and checked in other journeys too.
        pages.push(
          response.text().then(
            (html) => ({ where, html }),
            (error: Error) => ({ where, html: error }),
          ),
        )
      }
      context.on('response', onResponse)
      await use()
      context.off('response', onResponse)
      // Checked after the test, on the fixture's own clock: the journey's time is its own.
      const faults: string[] = []
      for (const { where, html } of await Promise.all(pages)) {
        if (html instanceof Error) {
          if (!/navigated away|No resource with given identifier/.test(html.message))
            faults.push(`${where}: could not read the page (${html.message})`)
        } else {
          faults.push(...(await htmlFaults(html)).map((fault) => `${where}: ${fault}`))
        }
      }
      expect(faults, 'the HTML of the pages this test opened (html-validate, .htmlvalidate.mjs)').toEqual([])
    },
    { auto: true, timeout: 30_000 },
  ],
})
