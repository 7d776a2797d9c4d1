/**
 * The visitor's customer category, kept in their draft (section customerCategory): the
 * plans list asks for the category's plans, RES when the visitor never chose. Choosing
 * SME makes a draft if there is none (the cookie holds only its id).
 */
import type { AppLoadContext } from 'react-router'
import { clearDraftSection, readDraft, saveDraftSection } from '~/features/drafts/draft.server'
import { isUpstreamError } from '~/upstream/errors'
import {
  DEFAULT_CUSTOMER_CATEGORY,
  nextCustomerCategory,
  type CustomerCategoryAction,
  type CustomerCategoryState,
} from './customer-category'

export async function readCustomerCategory(request: Request, context: AppLoadContext): Promise<CustomerCategoryState> {
  const draft = await readDraft(request, context)
  return draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
}

/**
 * Applies SAVE, SAVE_GOVT or CLEAR and stores the result. spec 4: a failure resets to
 * RES: when the save fails upstream, the stored choice is cleared (as far as the upstream
 * lets) and the answer is RES with `failed: true`, so the page shows the RES plans.
 */
export async function changeCustomerCategory(
  request: Request,
  context: AppLoadContext,
  action: Exclude<CustomerCategoryAction, { type: 'FAILURE' }>,
): Promise<{ state: CustomerCategoryState; failed: boolean; headers: Headers }> {
  try {
    if (action.type === 'CLEAR') {
      const headers = await clearDraftSection(request, context, 'customerCategory')
      return { state: DEFAULT_CUSTOMER_CATEGORY, failed: false, headers }
    }
    const state = nextCustomerCategory(await readCustomerCategory(request, context), action)
    const headers = await saveDraftSection(request, context, 'customerCategory', state)
    return { state, failed: false, headers }
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    context.logger.warn({ requestId: context.requestId, err: String(error) }, 'customer category not saved: RES')
    const headers = await clearDraftSection(request, context, 'customerCategory').catch(() => new Headers())
    return { state: nextCustomerCategory(DEFAULT_CUSTOMER_CATEGORY, { type: 'FAILURE' }), failed: true, headers }
  }
}
