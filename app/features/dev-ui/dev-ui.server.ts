import type { Config } from '../../../lib/env'

/** DEV_UI off: the page does not exist (404), like the dev mailbox (docs/configuration.md). */
export function requireDevUi(config: Config) {
  if (!config.devUi) throw new Response(null, { status: 404 })
}
