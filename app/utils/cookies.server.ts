import { createCookie, type Cookie } from '@remix-run/node'
import type { Config } from '../../lib/env'

const cache = new WeakMap<Config, Map<string, Cookie>>()

/**
 * The portal's own cookies (docs/security.md, Sessions): signed with SESSION_SECRET, HttpOnly,
 * SameSite=Lax, and in production Secure with the `__Host-` prefix. Without `maxAge`
 * the browser forgets it when its session ends. One instance per name and config.
 */
export function signedCookie(config: Config, name: string, maxAge?: number): Cookie {
  let byName = cache.get(config)
  if (!byName) cache.set(config, (byName = new Map()))
  let cookie = byName.get(name)
  if (!cookie) {
    cookie = createCookie(config.production ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.production,
      path: '/',
      ...(maxAge === undefined ? {} : { maxAge }),
      secrets: [config.sessionSecret],
    })
    byName.set(name, cookie)
  }
  return cookie
}
