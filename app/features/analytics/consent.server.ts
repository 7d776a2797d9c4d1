/**
 * Whether this browser said ACCEPT on the cookie banner (the lasting `cookieAccepted` cookie,
 * app/features/shell/preferences.server.ts): the one condition for counting anything
 * (issue 17 item 5; docs/decisions/0051). No choice, or the banner closed: nothing is counted.
 */
import type { Config } from '../../../lib/env'
import { readPreferences } from '~/features/shell/preferences.server'

export async function analyticsAccepted(request: Request, config: Config): Promise<boolean> {
  return (await readPreferences(request, config)).cookieAccepted
}
