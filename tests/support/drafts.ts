/**
 * Test support: the visitor's draft by `(request, context)`, as a browser's request would
 * reach it. Each call finds the request's visit (visitOf) and asks its handle,
 * visit.draft (app/visit/draft.server.ts); a failure is thrown (the UpstreamError), and
 * the Set-Cookie lines the visit set come back as Headers on a context built by hand.
 * The app's features take a Visit instead (docs/decisions/0067).
 */
import type { AppLoadContext } from 'react-router'
import { visitOf } from '../../app/visit/visit.server.ts'
import type { Result } from '../../app/visit/call.server.ts'
import type { Draft, DraftSectionName, DraftSections } from '../../app/visit/draft.server.ts'

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
