import crypto from 'node:crypto'
import { parse as parseCookieHeader, serialize as serializeCookie, type SerializeOptions } from 'cookie'
import type { Cookie, CookieParseOptions, CookieSerializeOptions } from 'react-router'
import type { Config } from '../../lib/env'

const cache = new WeakMap<Config, Map<string, Cookie>>()

/**
 * The portal's own cookies (docs/security.md, Sessions): signed with SESSION_SECRET, HttpOnly,
 * SameSite=Lax, and in production Secure with the `__Host-` prefix. Without `maxAge`
 * the browser forgets it when its session ends. One instance per name and config.
 * Signed with the first secret, accepted with any: a cookie signed before a rotation
 * (SESSION_SECRET_PREVIOUS) still reads, and is signed with the current one when next set.
 */
export function signedCookie(config: Config, name: string, maxAge?: number): Cookie {
  let byName = cache.get(config)
  if (!byName) cache.set(config, (byName = new Map()))
  let cookie = byName.get(name)
  if (!cookie) {
    cookie = createSignedCookie(config.production ? `__Host-${name}` : name, {
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

/**
 * React Router's `createCookie` with secrets, in the same format (a cookie set by either reads
 * with the other: the value is base64 of its JSON, then `.` and the HMAC-SHA256 of that in
 * base64 without padding), signed with node:crypto. React Router signs through WebCrypto and
 * imports the key again for every cookie it reads: 11 % of the portal's busy time on the
 * check POST under load (CPU profile, 2026-11-29); an HMAC here costs a few microseconds.
 */
export function createSignedCookie(name: string, options: SerializeOptions & { secrets: readonly string[] }): Cookie {
  const { secrets, ...attributes } = options
  if (secrets.length === 0) throw new Error(`the signed cookie ${name} needs a secret`)
  return {
    name,
    isSigned: true,
    get expires() {
      return attributes.maxAge !== undefined ? new Date(Date.now() + attributes.maxAge * 1000) : attributes.expires
    },
    async parse(cookieHeader: string | null, parseOptions?: CookieParseOptions) {
      if (!cookieHeader) return null
      const cookies = parseCookieHeader(cookieHeader, parseOptions)
      if (!(name in cookies)) return null
      const value = cookies[name]
      if (typeof value !== 'string' || value === '') return ''
      for (const secret of secrets) {
        const unsigned = unsign(value, secret)
        if (unsigned !== null) return decodeValue(unsigned)
      }
      return null
    },
    async serialize(value: unknown, serializeOptions?: CookieSerializeOptions) {
      return serializeCookie(name, value === '' ? '' : sign(encodeValue(value), secrets[0]!), {
        ...attributes,
        ...serializeOptions,
      })
    },
  }
}

function signature(value: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(value, 'utf8').digest('base64').replace(/=+$/, '')
}

function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret)}`
}

/** The value when its signature is the secret's, else null (compared in constant time). */
function unsign(signed: string, secret: string): string | null {
  const index = signed.lastIndexOf('.')
  if (index < 0) return null
  const value = signed.slice(0, index)
  const given = Buffer.from(signed.slice(index + 1), 'utf8')
  const expected = Buffer.from(signature(value, secret), 'utf8')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : null
}

/** As React Router encodes a cookie's value: base64 of its JSON in UTF-8. */
function encodeValue(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64')
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** As React Router decodes one: a signed value that is not base64 JSON reads as {}. */
function decodeValue(encoded: string): unknown {
  try {
    return JSON.parse(strictUtf8.decode(Buffer.from(encoded, 'base64')))
  } catch {
    return {}
  }
}

/** Whether the request carries a cookie of that name, whatever its value (no parsing, no signature check). */
export function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.get('cookie')
  return header !== null && new RegExp(`(?:^|;\\s*)${name.replace(/[-$]/g, '\\$&')}=`).test(header)
}
