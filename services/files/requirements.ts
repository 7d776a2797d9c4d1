/**
 * Which documents an application needs (spec 5; docs/decisions/0030), from the plan's
 * monthly fee and the customer type, and whether the files uploaded so far meet them.
 * Pure: the files service feeds it the cart's plan, the draft's category and the files.
 *
 * - a valid government-issued ID: always, at least one;
 * - proof of billing: optional below the billing threshold (PROOF_OF_BILLING_OPTIONAL_BELOW,
 *   2,500 pesos a month by default), required from it;
 * - proof of income: from the income threshold (PROOF_OF_INCOME_FROM, 3,000), not asked below;
 * - SME: business documents, at least 2 different ones for a sole proprietor, 3 for a
 *   partnership or corporation; unknown until the applicant says its business type;
 * - supplementary (additional) documents: always optional.
 * Without a plan in the cart the fee is unknown: billing and income are then required,
 * the strictest reading, so nothing is waived by accident.
 */
import {
  subCategoriesOf,
  type BusinessType,
  type DocumentCategory,
  type FileEntry,
  type Requirement,
} from '../../lib/documents.ts'

export type DocumentThresholds = {
  /** Pesos a month: plans below this need no proof of billing. */
  billingOptionalBelow: number
  /** Pesos a month: plans from this need proof of income. */
  incomeFrom: number
}

export const DEFAULT_DOCUMENT_THRESHOLDS: DocumentThresholds = { billingOptionalBelow: 2500, incomeFrom: 3000 }

export type RequirementInput = {
  monthlyFee: number | null
  customerType: 'RES' | 'SME'
  businessType: BusinessType | null
}

export type Need = { category: DocumentCategory; required: boolean; minDocuments: number; subCategories: string[] }

export function businessDocumentsNeeded(businessType: BusinessType): number {
  return businessType === 'SOLE_PROPRIETOR' ? 2 : 3
}

export function documentNeeds(input: RequirementInput, thresholds: DocumentThresholds): Need[] {
  const fee = input.monthlyFee
  const needs: Need[] = [{ category: 'governmentIssued', required: true, minDocuments: 1, subCategories: [] }]
  const billingRequired = fee === null || fee >= thresholds.billingOptionalBelow
  needs.push({
    category: 'proofOfBilling',
    required: billingRequired,
    minDocuments: billingRequired ? 1 : 0,
    subCategories: [],
  })
  if (fee === null || fee >= thresholds.incomeFrom) {
    needs.push({ category: 'proofOfIncome', required: true, minDocuments: 1, subCategories: [] })
  }
  if (input.customerType === 'SME') {
    const businessType = input.businessType
    needs.push({
      category: 'businessdocuments',
      required: true,
      minDocuments: businessType ? businessDocumentsNeeded(businessType) : 0,
      subCategories: subCategoriesOf('businessdocuments', businessType),
    })
  }
  needs.push({
    category: 'supplementary',
    required: false,
    minDocuments: 0,
    subCategories: subCategoriesOf('supplementary', input.businessType),
  })
  return needs
}

/**
 * The needs with what the files meet: a category with sub-categories counts distinct
 * listed sub-categories (two copies of one permit are one document); one without counts files.
 */
export function checkRequirements(
  input: RequirementInput,
  thresholds: DocumentThresholds,
  files: Pick<FileEntry, 'category' | 'subCategory'>[],
): { requirements: Requirement[]; businessTypeNeeded: boolean; complete: boolean } {
  const businessTypeNeeded = input.customerType === 'SME' && input.businessType === null
  const requirements = documentNeeds(input, thresholds).map((need): Requirement => {
    const mine = files.filter((file) => file.category === need.category)
    const uploaded =
      need.subCategories.length > 0
        ? new Set(
            mine.flatMap((file) =>
              file.subCategory && need.subCategories.includes(file.subCategory) ? [file.subCategory] : [],
            ),
          ).size
        : mine.length
    const satisfied =
      need.category === 'businessdocuments' && businessTypeNeeded ? false : uploaded >= need.minDocuments
    return { ...need, uploaded, satisfied }
  })
  const complete = !businessTypeNeeded && requirements.every((r) => !r.required || r.satisfied)
  return { requirements, businessTypeNeeded, complete }
}
