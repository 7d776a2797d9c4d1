/**
 * The draft's 4 hours as the visitor sees them (issue 38, item 6; spec 9): when the draft ends,
 * "Continue" to keep it 4 more hours, and a clear word when it has ended, never a blank form
 * without one. The draft itself is the visit's (app/visit/draft.server.ts).
 */
import { redirect } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { redirectWithToast } from '~/utils/toast.server'
import { safeRedirect } from '~/utils/safe-redirect'
import type { Visit } from '~/visit/visit.server'
import { DRAFT_TEXT } from './texts'

/**
 * What the shell shows of this browser's draft: until when it is kept (and how long that is from
 * now, so a phone whose clock is wrong still warns in time), that it has ended, or nothing.
 */
export type DraftStatus = { time: string; msLeft: number } | { ended: true } | null

/**
 * The root loader's look at the draft (read once per request, as the page's own loader reads it).
 * A cookie whose draft no longer opens (its 4 hours ended, or it was claimed elsewhere) is expired,
 * and the page says what happened.
 */
export async function draftStatus(visit: Visit): Promise<DraftStatus> {
  if (await visit.draft.isStale()) {
    await visit.draft.expireCookie()
    return { ended: true }
  }
  const read = await visit.draft.read()
  if (!read.ok || !read.value) return null
  const { expiresAt } = read.value
  // The end's time written here, so the browser needs no date formatter for it.
  return { time: formatDate(expiresAt, 'time'), msLeft: Date.parse(expiresAt) - Date.now() }
}

/**
 * Why a flow's page sends the visitor back to an earlier step: the draft ended (its cookie came,
 * its draft did not), or the step's own reason.
 */
export async function sendBackReason(visit: Visit, otherwise: string): Promise<string> {
  return (await visit.draft.isStale()) ? DRAFT_TEXT.ended : otherwise
}

/**
 * POST /draft/extend: "Continue" before the draft ends. With JavaScript (a fetcher) it answers
 * the new expiry; without, it goes back to `returnTo` with a toast.
 */
export async function extendDraftAction(visit: Visit, form: FormData) {
  const returnTo = form.get('returnTo')
  const extended = await visit.draft.extend()
  const back = safeRedirect(returnTo)
  if (!extended.ok) {
    if (returnTo === null) return Response.json({ ok: false, message: DRAFT_TEXT.extendFailed }, { status: 503 })
    throw await redirectWithToast(visit.config, back, { kind: 'error', message: DRAFT_TEXT.extendFailed })
  }
  const kept = extended.value
  // A Response (not data()), as the preferences route answers its fetchers: the same to a direct call.
  if (returnTo === null) {
    return kept
      ? Response.json({ ok: true, expiresAt: kept.expiresAt })
      : Response.json({ ok: false, message: DRAFT_TEXT.ended }, { status: 410 })
  }
  if (!kept) throw await redirectWithToast(visit.config, back, { kind: 'error', message: DRAFT_TEXT.ended })
  throw await redirectWithToast(visit.config, back, {
    kind: 'success',
    message: DRAFT_TEXT.kept(formatDate(kept.expiresAt, 'time')),
  })
}

export const extendDraftLoader = () => redirect('/')
