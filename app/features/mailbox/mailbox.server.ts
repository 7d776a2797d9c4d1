/**
 * The dev mailbox (docs/architecture.md, 9): the identity service's outbox, read for set-ups whose
 * mail never leaves the machine.
 */
import type { AppLoadContext } from 'react-router'
import type { Config } from '../../../lib/env'
import { upstreamFor } from '~/upstream/index.server'
import { invariantResponse } from '~/utils/invariant'

/** DEV_MAILBOX off: the page does not exist (404), whatever the environment. */
export function requireDevMailbox(config: Config) {
  invariantResponse(config.devMailbox, 'The dev mailbox is off', { status: 404 })
}

/** The outbox's newest messages, to one recipient or to all. */
export function mailboxMessages(context: AppLoadContext, to: string | null) {
  return upstreamFor(context).identity.devOutbox(to ?? undefined)
}
