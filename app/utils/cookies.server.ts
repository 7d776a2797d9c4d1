import { createCookie, type Cookie } from 'react-router'
import type { Config } from '../../lib/env'

const cache = new WeakMap<Config, Map<string, Cookie>>()

/**
 * The portal's own cookies (docs/security.md, Sessions): signed with SESSION_SECRET, HttpOnly,
 * SameSite=Lax, and in production Secure with the `__Host-` prefix. Without `maxAge`
 * the browser forgets it when its session ends. One instance per name and config.
 * React Router signs with the first secret and accepts any: a cookie signed before a rotation
 * (SESSION_SECRET_PREVIOUS) still reads, and is signed with the current one when next set.
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
      secrets: [config.sessionSecret, ...config.SESSION_SECRET_PREVIOUS],
    })
    byName.set(name, cookie)
  }
  return cookie
}

/** Whether the request carries a cookie of that name, whatever its value (no parsing, no signature check). */
export function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.get('cookie')
  return header !== null && new RegExp(`(?:^|;\\s*)${name.replace(/[-$]/g, '\\$&')}=`).test(header)
}
