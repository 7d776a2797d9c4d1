/**
 * spec 3 and 4's customer category: RES by default, SME by choice, and the
 * government-or-embassy-worker flag (isWorkingGovtEmbassyWorker). The transitions, as
 * the spec names them: SAVE sets the category; SAVE_GOVT sets the flag only when the
 * category is SME; CLEAR, or a failure, resets to RES. Kept server-side in the visitor's
 * draft (section customerCategory, lib/draft-sections.ts; docs/decisions/0024).
 */
import type { CustomerCategory } from '../../../lib/catalog'
import type { CustomerCategorySection } from '../../../lib/draft-sections'

export type CustomerCategoryState = CustomerCategorySection

export type CustomerCategoryAction =
  | { type: 'SAVE'; category: CustomerCategory }
  | { type: 'SAVE_GOVT'; isWorkingGovtEmbassyWorker: boolean }
  | { type: 'CLEAR' }
  | { type: 'FAILURE' }

export const DEFAULT_CUSTOMER_CATEGORY: CustomerCategoryState = { category: 'RES', isWorkingGovtEmbassyWorker: false }

export function nextCustomerCategory(
  state: CustomerCategoryState,
  action: CustomerCategoryAction,
): CustomerCategoryState {
  switch (action.type) {
    case 'SAVE':
      // Back to RES drops the flag: only an SME customer may carry it.
      return {
        category: action.category,
        isWorkingGovtEmbassyWorker: action.category === 'SME' && state.isWorkingGovtEmbassyWorker,
      }
    case 'SAVE_GOVT':
      return state.category === 'SME'
        ? { ...state, isWorkingGovtEmbassyWorker: action.isWorkingGovtEmbassyWorker }
        : state
    case 'CLEAR':
    case 'FAILURE':
      return DEFAULT_CUSTOMER_CATEGORY
  }
}
