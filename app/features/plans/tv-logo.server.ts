/**
 * The streaming-TV partner's image, served from the portal's own address (issue 9; spec
 * 1, 8): /plans/tv-partner-logo. The TV config call names the partner's image URL; the
 * portal fetches it and answers it only when it is a PNG, JPEG, GIF or WebP image (told
 * by its first bytes, not by what the partner's server says) of at most 256 KB, within 3
 * seconds, from the configured address itself (no redirect followed). Anything else
 * (unreachable, a redirect, an error page, HTML, too large, no image configured) is a
 * redirect to the bundled logo, so a broken partner image falls back without
 * JavaScript too (docs/decisions/0032).
 *
 * Served from here, the image needs nothing added to the CSP's img-src ('self'), and the
 * visitor's browser never contacts the partner. The URL is the upstream's (signed and
 * validated), not a visitor's, so this is no open proxy: the route takes no parameter.
 */
import type { Caller } from '~/visit/call.server'
import { TV_FALLBACK_LOGO } from './plans'
import { readAtMost } from '~/utils/read-at-most.server'

export const TV_LOGO_MAX_BYTES = 256 * 1024
export const TV_LOGO_TIMEOUT_MS = 3000
/** The browser keeps either answer this long: one partner fetch per visitor per 5 minutes at most. */
const CACHE_SECONDS = 300

type Fetch = (url: string, init: RequestInit) => Promise<Response>

/** The image type its first bytes say, or null when they are no image of the four. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp'
  return null
}

const fallback = () =>
  new Response(null, {
    status: 302,
    headers: { location: TV_FALLBACK_LOGO, 'cache-control': `public, max-age=${CACHE_SECONDS}` },
  })

/** The partner's image as the portal answers it, or the redirect to the bundled logo. */
export async function partnerLogoResponse(imageUrl: string | null, fetchImage: Fetch = fetch): Promise<Response> {
  if (!imageUrl || !/^https?:\/\//i.test(imageUrl)) return fallback()
  try {
    const response = await fetchImage(imageUrl, {
      signal: AbortSignal.timeout(TV_LOGO_TIMEOUT_MS),
      headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' },
      // The configured address must be the image itself: a redirect (anywhere, an
      // internal address included) is not followed, and the bundled logo shows.
      redirect: 'manual',
    })
    if (!response.ok) {
      await response.body?.cancel()
      return fallback()
    }
    const declared = Number(response.headers.get('content-length'))
    if (declared > TV_LOGO_MAX_BYTES) {
      await response.body?.cancel()
      return fallback()
    }
    const bytes = await readAtMost(response.body, TV_LOGO_MAX_BYTES)
    const type = bytes ? sniffImageType(bytes) : null
    if (!bytes || !type) return fallback()
    return new Response(bytes, {
      status: 200,
      headers: {
        'content-type': type,
        'content-length': String(bytes.byteLength),
        'cache-control': `public, max-age=${CACHE_SECONDS}`,
        'x-content-type-options': 'nosniff',
      },
    })
  } catch {
    // Unreachable, refused, too slow, or cut off: the bundled logo.
    return fallback()
  }
}

/** GET /plans/tv-partner-logo: the TV config's image, or the bundled logo (also when the catalogue is down). */
export async function tvPartnerLogo(portal: Caller): Promise<Response> {
  const tv = await portal.call((upstream) => upstream.catalog.tvConfig())
  return partnerLogoResponse(tv.ok && tv.value.enabled ? tv.value.imageUrl : null)
}
