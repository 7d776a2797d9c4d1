/**
 * The draft for features not yet handed a visit (issue 35: they move to `visit.draft`,
 * app/visit/draft.server.ts, one by one): the same handle, called with `(request, context)`,
 * and failing as it used to, with the UpstreamError thrown.
 */
import type { AppLoadContext } from 'react-router'
import { visitOf } from '~/visit/visit.server'
import type { Result } from '~/visit/call.server'
import type { Draft, DraftSectionName, DraftSections } from '~/visit/draft.server'

export { clearDraftCookie, draftCookie } from '~/visit/draft.server'
export type { Draft, DraftSectionName, DraftSections }

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw result.error
  return result.value
}

export async function readDraft(request: Request, context: AppLoadContext): Promise<Draft | null> {
  return unwrap(await visitOf(request, context).draft.read())
}

export async function saveDraftSection<K extends DraftSectionName>(
  request: Request,
  context: AppLoadContext,
  section: K,
  value: DraftSections[K],
): Promise<Headers> {
  const visit = visitOf(request, context)
  const before = visit.cookiesSet.length
  unwrap(await visit.draft.save(section, value))
  return visit.cookiesToAnswer(before)
}

export async function clearDraftSection(
  request: Request,
  context: AppLoadContext,
  section: DraftSectionName,
): Promise<Headers> {
  const visit = visitOf(request, context)
  const before = visit.cookiesSet.length
  unwrap(await visit.draft.clear(section))
  return visit.cookiesToAnswer(before)
}

export async function discardDraft(request: Request, context: AppLoadContext): Promise<Headers> {
  const visit = visitOf(request, context)
  const before = visit.cookiesSet.length
  await visit.draft.discard()
  return visit.cookiesToAnswer(before)
}

export async function forgetDraft(request: Request, context: AppLoadContext): Promise<Headers> {
  const visit = visitOf(request, context)
  const before = visit.cookiesSet.length
  await visit.draft.forget()
  return visit.cookiesToAnswer(before)
}
