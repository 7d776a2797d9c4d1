/**
 * POST /draft/extend (issue 38, item 6): "Continue" before this browser's draft ends, 4 more hours
 * (spec 9). The draft is the browser's own, by its cookie; no id travels.
 */
import type { ActionFunctionArgs } from 'react-router'
import { extendDraftAction, extendDraftLoader } from '~/features/drafts/draft-expiry.server'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export async function action({ request, context }: ActionFunctionArgs) {
  return extendDraftAction(visitOf(request, context), await readForm(request))
}

export const loader = extendDraftLoader
