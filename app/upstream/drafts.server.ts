/**
 * The portal's calls to the drafts service (docs/decisions/0018). `read` answers null for
 * a draft the service does not show this caller (unknown, expired, someone else's: one
 * 404); any other failure is an UpstreamError, so a broken upstream is not mistaken for
 * "no draft". Calls for a signed-in user carry their access token, which is what opens a
 * draft they claimed.
 */
import { z } from 'zod'
import { type DraftSectionName, type DraftSections } from '../../lib/draft-sections'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { UpstreamError } from './errors'

const ExpirySchema = z.object({ expiresAt: z.iso.datetime({ offset: true }) })

export const CreatedDraftSchema = z.object({ draftId: z.string().min(1), expiresAt: z.iso.datetime({ offset: true }) })

/** Sections as stored; the feature keeps those that still pass their schema (lib/draft-sections.ts, usableSections). */
export const StoredDraftSchema = z.object({
  draftId: z.string().min(1),
  sections: z.record(z.string(), z.unknown()),
  expiresAt: z.iso.datetime({ offset: true }),
  ownerSub: z.string().nullable(),
})
export type StoredDraft = z.infer<typeof StoredDraftSchema>

export const ClaimedDraftSchema = z.object({
  ownerSub: z.string(),
  agentCode: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
})

async function nullWhenNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'rejected' && error.status === 404) return null
    throw error
  }
}

/** The draft id is a bearer secret: a path segment of its own, encoded, never a query. */
const pathOf = (draftId: string) => `/v1/drafts/${encodeURIComponent(draftId)}`

export function draftCalls(client: UpstreamClient) {
  return {
    create: (sections: Partial<DraftSections>, accessToken?: string) =>
      client.call({
        name: 'drafts.create',
        method: 'POST',
        path: '/v1/drafts',
        body: { sections },
        schema: envelope(CreatedDraftSchema),
        accessToken,
      }),

    /** The draft, or null when this caller cannot see it (unknown, expired, claimed by someone else). */
    read: (draftId: string, accessToken?: string) =>
      nullWhenNotFound(
        client.call({
          name: 'drafts.read',
          method: 'GET',
          path: pathOf(draftId),
          schema: envelope(StoredDraftSchema),
          accessToken,
        }),
      ),

    /** Saves one section (its 4 hours start again); null when the draft is gone. A bad value is a 400 with fields. */
    saveSection: <K extends DraftSectionName>(
      draftId: string,
      section: K,
      value: DraftSections[K],
      accessToken?: string,
    ) =>
      nullWhenNotFound(
        client.call({
          name: 'drafts.saveSection',
          method: 'PUT',
          path: `${pathOf(draftId)}/sections/${section}`,
          body: value,
          schema: envelope(ExpirySchema),
          accessToken,
        }),
      ),

    clearSection: (draftId: string, section: DraftSectionName, accessToken?: string) =>
      nullWhenNotFound(
        client.call({
          name: 'drafts.clearSection',
          method: 'DELETE',
          path: `${pathOf(draftId)}/sections/${section}`,
          schema: envelope(ExpirySchema),
          accessToken,
        }),
      ),

    /** Starts the draft's 4 hours again, changing nothing else; null when the draft is gone. */
    extend: (draftId: string, accessToken?: string) =>
      nullWhenNotFound(
        client.call({
          name: 'drafts.extend',
          method: 'POST',
          path: `${pathOf(draftId)}/extend`,
          schema: envelope(ExpirySchema),
          accessToken,
        }),
      ),

    /** Deletes the draft; null when it was already gone (or not this caller's). */
    discard: (draftId: string, accessToken?: string) =>
      nullWhenNotFound(
        client.call({
          name: 'drafts.discard',
          method: 'DELETE',
          path: pathOf(draftId),
          schema: envelope(z.object({ discarded: z.literal(true) })),
          accessToken,
        }),
      ),

    /** Makes the signed-in caller the draft's owner; null when the draft is gone or someone else's. */
    claim: (draftId: string, accessToken: string) =>
      nullWhenNotFound(
        client.call({
          name: 'drafts.claim',
          method: 'POST',
          path: `${pathOf(draftId)}/claim`,
          schema: envelope(ClaimedDraftSchema),
          accessToken,
        }),
      ),
  }
}
