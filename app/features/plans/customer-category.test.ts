import { describe, expect, it } from 'vitest'
import { DEFAULT_CUSTOMER_CATEGORY, nextCustomerCategory, type CustomerCategoryState } from './customer-category'

const RES: CustomerCategoryState = DEFAULT_CUSTOMER_CATEGORY
const SME: CustomerCategoryState = { category: 'SME', isWorkingGovtEmbassyWorker: false }
const SME_GOVT: CustomerCategoryState = { category: 'SME', isWorkingGovtEmbassyWorker: true }

describe('customer category (spec 4)', () => {
  it.each([
    ['RES by default', RES, { type: 'CLEAR' } as const, RES],
    ['SAVE sets SME', RES, { type: 'SAVE', category: 'SME' } as const, SME],
    [
      'SAVE_GOVT sets the flag when SME',
      SME,
      { type: 'SAVE_GOVT', isWorkingGovtEmbassyWorker: true } as const,
      SME_GOVT,
    ],
    ['SAVE_GOVT does nothing when RES', RES, { type: 'SAVE_GOVT', isWorkingGovtEmbassyWorker: true } as const, RES],
    ['SAVE_GOVT can unset the flag', SME_GOVT, { type: 'SAVE_GOVT', isWorkingGovtEmbassyWorker: false } as const, SME],
    ['SAVE keeps the flag while SME', SME_GOVT, { type: 'SAVE', category: 'SME' } as const, SME_GOVT],
    ['SAVE RES drops the flag', SME_GOVT, { type: 'SAVE', category: 'RES' } as const, RES],
    ['CLEAR resets to RES', SME_GOVT, { type: 'CLEAR' } as const, RES],
    ['a failure resets to RES', SME_GOVT, { type: 'FAILURE' } as const, RES],
  ])('%s', (_, state, action, expected) => {
    expect(nextCustomerCategory(state, action)).toEqual(expected)
  })
})
