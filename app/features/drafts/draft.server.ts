/**
 * The visitor's draft (docs/decisions/0018, docs/architecture.md, 5): what the old app
 * kept in local storage, kept upstream by section under an unguessable id. The browser
 * holds only that id, in a signed HttpOnly browser-session cookie; the id is read from
 * that cookie and nowhere else (never a form field or a URL), so another browser's id,
 * unsigned or signed with another secret, opens nothing.
 *
 * A signed-in user's calls carry their access token: their first save claims the draft,
 * and from then on only they can open it (docs/security.md, Access control). A draft the
 * upstream no longer shows this browser (expired after 4 hours, claimed by someone else)
 * reads as none, and the root drops its cookie (hasStaleDraftCookie).
 */
import type { AppLoadContext } from 'react-router'
import { getAccessToken, readSession } from '~/auth/session.server'
import { upstreamFor } from '~/upstream/index.server'
import { isUpstreamError } from '~/upstream/errors'
import { carryCookieInRequest, hasCookie, signedCookie } from '~/utils/cookies.server'
import type { Config } from '../../../lib/env'
import { DraftIdSchema, usableSections, type DraftSectionName, type DraftSections } from '../../../lib/draft-sections'

export type { DraftSectionName, DraftSections }

export type Draft = {
  /** Server-side only: the id is a bearer secret, never rendered, logged or put in a URL. */
  id: string
  sections: Partial<DraftSections>
  expiresAt: string
}

/** The draft as this request knows it, with its owner (null: not claimed yet). */
type Known = Draft & { ownerSub: string | null }

// No maxAge: a browser-session cookie; the draft's 4 hours are enforced upstream.
export const draftCookie = (config: Config) => signedCookie(config, 'draft')

/** The Set-Cookie that expires the draft cookie. */
export function clearDraftCookie(config: Config): Promise<string> {
  return draftCookie(config).serialize('', { maxAge: 0, expires: new Date(0) })
}

/** The id in the signed cookie, or null: no cookie, a forged or unsigned one, or a value that cannot be an id. */
async function draftIdOf(request: Request, config: Config): Promise<string | null> {
  const cookie = draftCookie(config)
  if (!hasCookie(request, cookie.name)) return null
  const parsed = DraftIdSchema.safeParse(await cookie.parse(request.headers.get('cookie')))
  return parsed.success ? parsed.data : null
}

/**
 * The signed-in user's access token for a draft call, or undefined for a visitor. Strict:
 * a refresh that fails ends the session and throws the redirect to /login (spec 7), as
 * every authenticated call does. Lenient: that user is treated as a visitor instead, for
 * reads, which never redirect, and for logout, which must finish.
 */
async function accessTokenFor(
  request: Request,
  context: AppLoadContext,
  mode: 'strict' | 'lenient',
): Promise<string | undefined> {
  if (!(await readSession(request, context))) return undefined
  try {
    return await getAccessToken(request, context)
  } catch (thrown) {
    if (mode === 'lenient' && thrown instanceof Response) return undefined
    throw thrown
  }
}

const perRequest = new WeakMap<Request, Promise<Known | null>>()

function readKnown(request: Request, context: AppLoadContext): Promise<Known | null> {
  let pending = perRequest.get(request)
  if (!pending) {
    pending = (async () => {
      const id = await draftIdOf(request, context.config)
      if (!id) return null
      const accessToken = await accessTokenFor(request, context, 'lenient')
      const stored = await upstreamFor(context).drafts.read(id, accessToken)
      if (!stored) return null
      return { id, sections: usableSections(stored.sections), expiresAt: stored.expiresAt, ownerSub: stored.ownerSub }
    })()
    perRequest.set(request, pending)
  }
  return pending
}

/** What the rest of this request reads after a change (as renewTokens does for the session). */
function remember(request: Request, known: Known | null) {
  perRequest.set(request, Promise.resolve(known))
}

/**
 * This browser's draft, or null: no cookie, a forged one, or a draft the upstream does
 * not show this browser (unknown, expired, someone else's). One upstream read per
 * request, however many loaders ask. An upstream failure is thrown (an UpstreamError):
 * a broken upstream is not "no draft".
 */
export async function readDraft(request: Request, context: AppLoadContext): Promise<Draft | null> {
  const known = await readKnown(request, context)
  return known ? { id: known.id, sections: known.sections, expiresAt: known.expiresAt } : null
}

/**
 * Saves one section (its 4 hours start again). Without a draft, starts one holding it and
 * answers the Set-Cookie that gives the browser its id. A signed-in user's save claims an
 * unclaimed draft first. The value is what the section's schema yields
 * (lib/draft-sections.ts); the upstream checks it again, and refuses a bad one with an
 * UpstreamError (400) whose `fields` a form shows through failureReply.
 */
export async function saveDraftSection<K extends DraftSectionName>(
  request: Request,
  context: AppLoadContext,
  section: K,
  value: DraftSections[K],
): Promise<Headers> {
  const { config } = context
  const drafts = upstreamFor(context).drafts
  const accessToken = await accessTokenFor(request, context, 'strict')
  const headers = new Headers()
  const current = await readKnown(request, context)
  if (current) {
    let ownerSub = current.ownerSub
    const claimed = accessToken && ownerSub === null ? await drafts.claim(current.id, accessToken) : undefined
    if (claimed !== null) {
      ownerSub = claimed?.ownerSub ?? ownerSub
      const saved = await drafts.saveSection(current.id, section, value, accessToken)
      if (saved) {
        const sections = { ...current.sections, [section]: value }
        remember(request, { ...current, sections, expiresAt: saved.expiresAt, ownerSub })
        return headers
      }
    }
    // Gone between the read and the save (expired, or claimed elsewhere): a new draft takes its place.
  }
  const created = await drafts.create({ [section]: value } as Partial<DraftSections>, accessToken)
  const setCookie = await draftCookie(config).serialize(created.draftId)
  headers.append('set-cookie', setCookie)
  carryCookieInRequest(request, draftCookie(config).name, setCookie)
  const ownerSub = accessToken ? ((await readSession(request, context))?.view.sub ?? null) : null
  const sections = { [section]: value } as Partial<DraftSections>
  remember(request, { id: created.draftId, sections, expiresAt: created.expiresAt, ownerSub })
  return headers
}

/** Empties one section (its 4 hours start again). A draft that is gone has its cookie expired. */
export async function clearDraftSection(
  request: Request,
  context: AppLoadContext,
  section: DraftSectionName,
): Promise<Headers> {
  const headers = new Headers()
  const accessToken = await accessTokenFor(request, context, 'strict')
  const current = await readKnown(request, context)
  if (current) {
    const cleared = await upstreamFor(context).drafts.clearSection(current.id, section, accessToken)
    if (cleared) {
      const sections = { ...current.sections }
      delete sections[section]
      remember(request, { ...current, sections, expiresAt: cleared.expiresAt })
      return headers
    }
  }
  if (hasCookie(request, draftCookie(context.config).name)) await expireCookie(request, context.config, headers)
  remember(request, null)
  return headers
}

/**
 * Deletes the draft upstream and expires its cookie (logout: nothing of it stays in the
 * browser). Never fails for the upstream's sake: the cookie goes whatever it answers, and
 * a draft it could not delete ends with its 4 hours.
 */
export async function discardDraft(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers()
  const { config, logger } = context
  if (!hasCookie(request, draftCookie(config).name)) return headers
  const id = await draftIdOf(request, config)
  if (id) {
    try {
      const accessToken = await accessTokenFor(request, context, 'lenient')
      await upstreamFor(context).drafts.discard(id, accessToken)
    } catch (error) {
      if (!isUpstreamError(error)) throw error
      logger.warn({ requestId: context.requestId, err: String(error) }, 'draft not discarded upstream: it expires')
    }
  }
  await expireCookie(request, config, headers)
  remember(request, null)
  return headers
}

/**
 * Expires this browser's draft cookie and leaves the draft upstream (a sales agent's customer
 * draft, resumed later by order id; it still ends with its 4 hours).
 */
export async function forgetDraft(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers()
  if (hasCookie(request, draftCookie(context.config).name)) await expireCookie(request, context.config, headers)
  remember(request, null)
  return headers
}

async function expireCookie(request: Request, config: Config, headers: Headers) {
  const clear = await clearDraftCookie(config)
  headers.append('set-cookie', clear)
  carryCookieInRequest(request, draftCookie(config).name, clear)
}

/**
 * True when the browser sent a draft cookie that opens no draft (forged, expired, someone
 * else's): the root loader expires it, so nothing of an ended draft stays in the browser.
 * An upstream that cannot answer says nothing either way: the cookie stays for next time.
 */
export async function hasStaleDraftCookie(request: Request, context: AppLoadContext): Promise<boolean> {
  if (!hasCookie(request, draftCookie(context.config).name)) return false
  try {
    return (await readKnown(request, context)) === null
  } catch (error) {
    if (isUpstreamError(error)) return false
    throw error
  }
}
