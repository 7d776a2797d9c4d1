import { sanitizeRichText } from '~/features/legal/rich-text.server'
import { safeRedirect } from '~/utils/safe-redirect'
import type { Caller, Result } from '~/visit/call.server'
import { landingFocus } from './landing'

export type LandingBanner = { id: string; title: string; text: string; link: { label: string; href: string } | null }

/**
 * The home page must open even when the cms is down: its calls to action need no
 * content. Without cms answers it renders the built-in hero and no banners; the client
 * has already logged the failure with its request id.
 */
async function orFallback<T>(pending: Promise<Result<T>>, fallback: T): Promise<T> {
  const result = await pending
  return result.ok ? result.value : fallback
}

export async function loadLanding(portal: Caller, url: URL) {
  const [banners, image, footers] = await Promise.all([
    orFallback(
      portal.call((upstream) => upstream.cms.banners()),
      [],
    ),
    orFallback(
      portal.call((upstream) => upstream.cms.landingImage()),
      null,
    ),
    orFallback(
      portal.call((upstream) => upstream.cms.footers()),
      { headingDescriptionList: [] },
    ),
  ])
  return {
    focus: landingFocus(url.pathname),
    banners: banners.map((banner): LandingBanner => ({
      id: banner.id,
      title: banner.title,
      text: banner.text,
      // Calls to action stay inside the portal: a CMS link elsewhere is dropped, not followed.
      link: safeRedirect(banner.link.href, '') ? { label: banner.link.label, href: banner.link.href } : null,
    })),
    // The CSP allows images from this site only (img-src 'self' data:).
    image: image && safeRedirect(image.src, '') ? image : null,
    footers: footers.headingDescriptionList.map((item) => ({
      heading: item.heading,
      html: sanitizeRichText(item.description),
    })),
  }
}

export type LandingData = Awaited<ReturnType<typeof loadLanding>>
