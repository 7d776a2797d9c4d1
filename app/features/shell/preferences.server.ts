/**
 * Non-personal preferences kept as cookies so the server renders the right theme and
 * banner without JavaScript (docs/architecture.md, 5): `theme`, `cookieAccepted`, and a
 * browser-session cookie for a closed banner.
 */
import { createCookie, type Cookie } from 'react-router'
import type { Config } from '../../../lib/env'

export type Theme = 'light' | 'dark'
export type Preferences = { theme: Theme; cookieAccepted: boolean; cookieBannerClosed: boolean }

const YEAR = 60 * 60 * 24 * 365

/**
 * The cookies an anonymous visitor's page is rendered from, and nothing else: a kept public
 * page has one copy per combination of them (server/page-cache.ts). A new preference cookie
 * (the language's) joins this list, or kept pages would ignore it.
 */
export const PREFERENCE_COOKIE_NAMES = ['theme', 'cookieAccepted', 'cookieBannerClosed'] as const

type PreferenceCookies = { theme: Cookie; cookieAccepted: Cookie; cookieBannerClosed: Cookie }
const cache = new WeakMap<Config, PreferenceCookies>()

export function preferenceCookies(config: Config): PreferenceCookies {
  let cookies = cache.get(config)
  if (!cookies) {
    const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.production, path: '/' }
    cookies = {
      theme: createCookie('theme', { ...base, maxAge: YEAR }),
      cookieAccepted: createCookie('cookieAccepted', { ...base, maxAge: YEAR }),
      // No Max-Age: the browser forgets it when the session ends (spec 4).
      cookieBannerClosed: createCookie('cookieBannerClosed', base),
    }
    cache.set(config, cookies)
  }
  return cookies
}

export async function readPreferences(request: Request, config: Config): Promise<Preferences> {
  const header = request.headers.get('cookie')
  const cookies = preferenceCookies(config)
  const [theme, accepted, closed] = await Promise.all([
    cookies.theme.parse(header),
    cookies.cookieAccepted.parse(header),
    cookies.cookieBannerClosed.parse(header),
  ])
  return {
    theme: theme === 'dark' ? 'dark' : 'light',
    cookieAccepted: accepted === true,
    cookieBannerClosed: closed === true,
  }
}
