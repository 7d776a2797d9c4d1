/**
 * Proving ownership of an account in tests that call the portal with plain requests
 * (docs/security.md, Ownership proof): the one-time code is read where its holder would read
 * it, the dev outbox (DEV_MAILBOX, on in the test configuration).
 */
import type { AppLoadContext } from 'react-router'
import { upstreamFor } from '../../app/upstream/index.server.ts'

/** The demo accounts' registered emails (services/accounts/seed.ts, demo data). */
export const HOLDER_EMAIL: Record<string, string> = {
  '1000000000001': 'carlos.reyes@example.org',
  '1000000000002': 'carlos.reyes@example.org',
  '1000000000003': 'liza.santos@example.org',
  '1000000000004': 'mark.delacruz@example.org',
  '1000000000005': 'andrea.lim@example.org',
  '1000000000006': 'paolo.tan@example.org',
}

/** The newest 6-digit code in the recipient's outbox. */
export async function newestCode(context: AppLoadContext, recipient: string): Promise<string> {
  const [message] = await upstreamFor(context).identity.devOutbox(recipient)
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')
  if (!code) throw new Error(`no code in the outbox for ${recipient}`)
  return code[1]!
}

/** The code form's hidden emailHashValue on a page of the proof. */
export function emailHashValueIn(html: string): string {
  const match = /name="emailHashValue" value="([^"]+)"/.exec(html)
  if (!match) throw new Error('no code form on the page')
  return match[1]!
}
