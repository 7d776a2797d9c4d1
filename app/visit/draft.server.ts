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
 * reads as none, and the root drops its cookie (isStale).
 *
 * One handle per visit (visit.server.ts): the draft is read upstream once per request, and
 * every change is what the rest of the request reads.
 */
import type { Upstream } from '~/upstream/index.server'
import { signedCookie } from '~/utils/cookies.server'
import type { Config } from '../../lib/env'
import { DraftIdSchema, usableSections, type DraftSectionName, type DraftSections } from '../../lib/draft-sections'
import { failedPage, failureOf, resultOf, type Result } from './call.server'
import type { Visit } from './visit.server'

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

export type DraftHandle = ReturnType<typeof createDraftHandle>

export function createDraftHandle(
  visit: Pick<Visit, 'config' | 'logger' | 'requestId' | 'hasCookie' | 'cookieHeader' | 'setCookie' | 'session'>,
  upstream: Upstream,
) {
  const { config } = visit
  const cookie = draftCookie(config)
  const drafts = upstream.drafts
  let pending: Promise<Known | null> | undefined

  /** The id in the signed cookie, or null: no cookie, a forged or unsigned one, or a value that cannot be an id. */
  async function idInCookie(): Promise<string | null> {
    if (!visit.hasCookie(cookie.name)) return null
    const parsed = DraftIdSchema.safeParse(await cookie.parse(visit.cookieHeader()))
    return parsed.success ? parsed.data : null
  }

  /**
   * The signed-in user's access token for a draft call, or undefined for a visitor. Strict:
   * a refresh that fails ends the session and throws the redirect to /login (spec 7), as
   * every authenticated call does. Lenient: that user is treated as a visitor instead, for
   * reads, which never redirect, and for logout, which must finish.
   */
  async function accessToken(mode: 'strict' | 'lenient'): Promise<string | undefined> {
    if (!(await visit.session.read())) return undefined
    try {
      return await visit.session.accessToken()
    } catch (thrown) {
      if (mode === 'lenient' && thrown instanceof Response) return undefined
      throw thrown
    }
  }

  function known(): Promise<Known | null> {
    pending ??= (async () => {
      const id = await idInCookie()
      if (!id) return null
      const stored = await drafts.read(id, await accessToken('lenient'))
      if (!stored) return null
      return { id, sections: usableSections(stored.sections), expiresAt: stored.expiresAt, ownerSub: stored.ownerSub }
    })()
    return pending
  }

  /** What the rest of this request reads after a change. */
  function remember(draft: Known | null) {
    pending = Promise.resolve(draft)
  }

  async function expireCookie() {
    if (visit.hasCookie(cookie.name)) visit.setCookie(await clearDraftCookie(config))
  }

  const asDraft = (draft: Known | null): Draft | null =>
    draft ? { id: draft.id, sections: draft.sections, expiresAt: draft.expiresAt } : null

  return {
    /**
     * This browser's draft, or null: no cookie, a forged one, or a draft the upstream does
     * not show this browser (unknown, expired, someone else's); or the upstream's failure:
     * a broken upstream is not "no draft".
     */
    async read(): Promise<Result<Draft | null>> {
      const read = await resultOf(known())
      return read.ok ? { ok: true, value: asDraft(read.value) } : read
    },

    /**
     * The draft for a page that cannot go on without knowing it: a drafts service that fails
     * answers the page with 503 and the shell's "not available right now" (docs/security.md,
     * Upstream faults); a refusal is a 400 page.
     */
    async current(): Promise<Draft | null> {
      const read = await resultOf(known())
      if (!read.ok) return failedPage(read)
      return asDraft(read.value)
    },

    /**
     * Saves one section (its 4 hours start again). Without a draft, starts one holding it and
     * sets the cookie that gives the browser its id. A signed-in user's save claims an
     * unclaimed draft first. The value is what the section's schema yields
     * (lib/draft-sections.ts); the upstream checks it again, and refuses a bad one with a
     * failure (400) whose `fields` a form shows through failureReply.
     */
    async save<K extends DraftSectionName>(section: K, value: DraftSections[K]): Promise<Result<void>> {
      const token = await accessToken('strict')
      try {
        const current = await known()
        if (current) {
          let ownerSub = current.ownerSub
          const claimed = token && ownerSub === null ? await drafts.claim(current.id, token) : undefined
          if (claimed !== null) {
            ownerSub = claimed?.ownerSub ?? ownerSub
            const saved = await drafts.saveSection(current.id, section, value, token)
            if (saved) {
              const sections = { ...current.sections, [section]: value }
              remember({ ...current, sections, expiresAt: saved.expiresAt, ownerSub })
              return { ok: true, value: undefined }
            }
          }
          // Gone between the read and the save (expired, or claimed elsewhere): a new draft takes its place.
        }
        const created = await drafts.create({ [section]: value } as Partial<DraftSections>, token)
        visit.setCookie(await cookie.serialize(created.draftId))
        const ownerSub = token ? ((await visit.session.read())?.view.sub ?? null) : null
        const sections = { [section]: value } as Partial<DraftSections>
        remember({ id: created.draftId, sections, expiresAt: created.expiresAt, ownerSub })
        return { ok: true, value: undefined }
      } catch (error) {
        return failureOf(error)
      }
    },

    /** Empties one section (its 4 hours start again). A draft that is gone has its cookie expired. */
    async clear(section: DraftSectionName): Promise<Result<void>> {
      const token = await accessToken('strict')
      try {
        const current = await known()
        if (current) {
          const cleared = await drafts.clearSection(current.id, section, token)
          if (cleared) {
            const sections = { ...current.sections }
            delete sections[section]
            remember({ ...current, sections, expiresAt: cleared.expiresAt })
            return { ok: true, value: undefined }
          }
        }
      } catch (error) {
        return failureOf(error)
      }
      await expireCookie()
      remember(null)
      return { ok: true, value: undefined }
    },

    /**
     * Starts the draft's 4 hours again, changing nothing (issue 38, item 6: "Continue" before it
     * expires). Answers the new expiry, or null when there is no draft to keep (none, or it has
     * ended): its cookie is expired then.
     */
    async extend(): Promise<Result<{ expiresAt: string } | null>> {
      const token = await accessToken('strict')
      try {
        const current = await known()
        const extended = current ? await drafts.extend(current.id, token) : null
        if (current && extended) {
          remember({ ...current, expiresAt: extended.expiresAt })
          return { ok: true, value: extended }
        }
      } catch (error) {
        return failureOf(error)
      }
      await expireCookie()
      remember(null)
      return { ok: true, value: null }
    },

    /**
     * Deletes the draft upstream and expires its cookie (logout, a submitted application:
     * nothing of it stays in the browser). Never fails for the upstream's sake: the cookie
     * goes whatever it answers, and a draft it could not delete ends with its 4 hours.
     */
    async discard(): Promise<void> {
      if (!visit.hasCookie(cookie.name)) return
      const id = await idInCookie()
      if (id) {
        const discarded = await resultOf((async () => drafts.discard(id, await accessToken('lenient')))())
        if (!discarded.ok) {
          visit.logger.warn(
            { requestId: visit.requestId, err: String(discarded.error) },
            'draft not discarded upstream: it expires',
          )
        }
      }
      await expireCookie()
      remember(null)
    },

    /**
     * Expires this browser's draft cookie and leaves the draft upstream (a sales agent's customer
     * draft, resumed later by order id; it still ends with its 4 hours). True when there was one.
     */
    async forget(): Promise<boolean> {
      const held = visit.hasCookie(cookie.name)
      await expireCookie()
      remember(null)
      return held
    },

    /**
     * True when the browser sent a draft cookie that opens no draft (forged, expired, someone
     * else's): the root loader expires it, so nothing of an ended draft stays in the browser.
     * An upstream that cannot answer says nothing either way: the cookie stays for next time.
     */
    async isStale(): Promise<boolean> {
      if (!visit.hasCookie(cookie.name)) return false
      const read = await resultOf(known())
      return read.ok && read.value === null
    },

    /** Expires the cookie of a draft that no longer opens (the root loader's tidy-up). */
    expireCookie,
  }
}
