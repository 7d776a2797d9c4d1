/** spec 5's document rules as a table: plan price × customer type × business type (docs/decisions/0030). */
import { describe, expect, it } from 'vitest'
import type { BusinessType } from '../../lib/documents.ts'
import { checkRequirements, DEFAULT_DOCUMENT_THRESHOLDS, documentNeeds } from './requirements.ts'

type Row = [
  fee: number | null,
  customer: 'RES' | 'SME',
  business: BusinessType | null,
  billing: 'required' | 'optional',
  income: boolean,
  businessDocs: number | null,
]

// prettier-ignore
const TABLE: Row[] = [
  [888,  'RES', null,              'optional', false, null],
  [1999, 'RES', null,              'optional', false, null],
  [2499, 'RES', null,              'optional', false, null],
  [2500, 'RES', null,              'required', false, null],
  [2999, 'RES', null,              'required', false, null],
  [3000, 'RES', null,              'required', true,  null],
  [4999, 'RES', null,              'required', true,  null],
  [null, 'RES', null,              'required', true,  null],
  [1299, 'SME', 'SOLE_PROPRIETOR', 'optional', false, 2],
  [2500, 'SME', 'SOLE_PROPRIETOR', 'required', false, 2],
  [3000, 'SME', 'SOLE_PROPRIETOR', 'required', true,  2],
  [1299, 'SME', 'PARTNERSHIP',     'optional', false, 3],
  [3500, 'SME', 'PARTNERSHIP',     'required', true,  3],
  [1299, 'SME', 'CORPORATION',     'optional', false, 3],
  [5000, 'SME', 'CORPORATION',     'required', true,  3],
  [1299, 'SME', null,              'optional', false, 0],
]

describe('documentNeeds', () => {
  it.each(TABLE)(
    'fee %s, %s, %s: billing %s, income %s, business documents %s',
    (fee, customer, business, billing, income, businessDocs) => {
      const needs = documentNeeds(
        { monthlyFee: fee, customerType: customer, businessType: business },
        DEFAULT_DOCUMENT_THRESHOLDS,
      )
      const of = (category: string) => needs.find((need) => need.category === category)
      expect(of('governmentIssued')).toMatchObject({ required: true, minDocuments: 1 })
      expect(of('proofOfBilling')?.required).toBe(billing === 'required')
      expect(of('proofOfIncome')?.required ?? false).toBe(income)
      expect(of('businessdocuments')?.minDocuments ?? null).toBe(businessDocs)
      expect(of('supplementary')).toMatchObject({ required: false, minDocuments: 0 })
    },
  )

  it("follows a configured billing threshold (the spec's other figure, 2,000)", () => {
    const needs = documentNeeds(
      { monthlyFee: 2000, customerType: 'RES', businessType: null },
      { billingOptionalBelow: 2000, incomeFrom: 3000 },
    )
    expect(needs.find((need) => need.category === 'proofOfBilling')?.required).toBe(true)
  })
})

describe('checkRequirements', () => {
  const thresholds = DEFAULT_DOCUMENT_THRESHOLDS
  it('is complete with an ID below both thresholds, not without one', () => {
    const input = { monthlyFee: 1299, customerType: 'RES', businessType: null } as const
    expect(checkRequirements(input, thresholds, []).complete).toBe(false)
    expect(checkRequirements(input, thresholds, [{ category: 'governmentIssued', subCategory: null }]).complete).toBe(
      true,
    )
  })

  it('counts distinct listed business documents: two copies of one permit are one', () => {
    const input = { monthlyFee: 1299, customerType: 'SME', businessType: 'SOLE_PROPRIETOR' } as const
    const id = { category: 'governmentIssued', subCategory: null } as const
    const permit = { category: 'businessdocuments', subCategory: 'mayorsPermit' } as const
    expect(checkRequirements(input, thresholds, [id, permit, permit]).complete).toBe(false)
    const dti = { category: 'businessdocuments', subCategory: 'dtiRegistration' } as const
    expect(checkRequirements(input, thresholds, [id, permit, dti]).complete).toBe(true)
    // A corporation needs a third, and a sole proprietor's DTI name registration is not on its list.
    const corp = { ...input, businessType: 'CORPORATION' } as const
    expect(checkRequirements(corp, thresholds, [id, permit, dti]).complete).toBe(false)
    const sec = { category: 'businessdocuments', subCategory: 'secRegistration' } as const
    const bir = { category: 'businessdocuments', subCategory: 'birRegistration' } as const
    expect(checkRequirements(corp, thresholds, [id, permit, sec, bir]).complete).toBe(true)
  })

  it('is never complete for an SME whose business type is unknown', () => {
    const result = checkRequirements({ monthlyFee: 1299, customerType: 'SME', businessType: null }, thresholds, [
      { category: 'governmentIssued', subCategory: null },
    ])
    expect(result).toMatchObject({ businessTypeNeeded: true, complete: false })
  })
})
