/**
 * The visitor's customer category, kept in their draft (section customerCategory): the
 * plans list asks for the category's plans, RES when the visitor never chose. Choosing
 * SME makes a draft if there is none (the cookie holds only its id).
 */
import type { Visit } from '~/visit/visit.server'
import {
  DEFAULT_CUSTOMER_CATEGORY,
  nextCustomerCategory,
  type CustomerCategoryAction,
  type CustomerCategoryState,
} from './customer-category'

/** The draft's category, RES without one; a drafts service that fails answers the page (503). */
export async function readCustomerCategory(visit: Visit): Promise<CustomerCategoryState> {
  const draft = await visit.draft.current()
  return draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
}

/**
 * Applies SAVE, SAVE_GOVT or CLEAR and stores the result. spec 4: a failure resets to
 * RES: when the save fails upstream, the stored choice is cleared (as far as the upstream
 * lets) and the answer is RES with `failed: true`, so the page shows the RES plans.
 */
export async function changeCustomerCategory(
  visit: Visit,
  action: Exclude<CustomerCategoryAction, { type: 'FAILURE' }>,
): Promise<{ state: CustomerCategoryState; failed: boolean }> {
  if (action.type === 'CLEAR') {
    const cleared = await visit.draft.clear('customerCategory')
    if (cleared.ok) return { state: DEFAULT_CUSTOMER_CATEGORY, failed: false }
    return failed(visit, cleared.error)
  }
  const read = await visit.draft.read()
  if (!read.ok) return failed(visit, read.error)
  const state = nextCustomerCategory(read.value?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY, action)
  const saved = await visit.draft.save('customerCategory', state)
  return saved.ok ? { state, failed: false } : failed(visit, saved.error)
}

async function failed(visit: Visit, error: unknown) {
  visit.logger.warn({ requestId: visit.requestId, err: String(error) }, 'customer category not saved: RES')
  await visit.draft.clear('customerCategory')
  return { state: nextCustomerCategory(DEFAULT_CUSTOMER_CATEGORY, { type: 'FAILURE' }), failed: true }
}
