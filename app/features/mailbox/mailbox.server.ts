/**
 * The dev mailbox (docs/architecture.md, 9): the identity service's outbox, read for set-ups whose
 * mail never leaves the machine.
 */
import type { Config } from '../../../lib/env'
import { failedPage, type Caller } from '~/visit/call.server'
import { invariantResponse } from '~/utils/invariant'

/** DEV_MAILBOX off: the page does not exist (404), whatever the environment. */
export function requireDevMailbox(config: Config) {
  invariantResponse(config.devMailbox, 'The dev mailbox is off', { status: 404 })
}

/** The outbox's newest messages, to one recipient or to all. */
export async function mailboxMessages(portal: Caller, to: string | null) {
  const messages = await portal.call((upstream) => upstream.identity.devOutbox(to ?? undefined))
  return messages.ok ? messages.value : failedPage(messages)
}
