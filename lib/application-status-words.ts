/**
 * The words of application status, compliance and verification (issue 10, parts 3 and 4;
 * spec 2, 3, 4; docs/decisions/0033), without zod, so the pages' browser code can use
 * them; the schemas are in lib/application-status.ts, which re-exports all of this.
 */
import { MOBILE_PATTERN, normaliseMobile } from './mobile.ts'

/** spec 4 and issue 10: an application's life, in order; 'rejected' ends it early, with a reason. */
export const APPLICATION_STATUSES = [
  'submitted',
  'documents_in_review',
  'for_compliance',
  'approved',
  'installation_scheduled',
  'installed',
  'rejected',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Application submitted',
  documents_in_review: 'Documents in review',
  for_compliance: 'For compliance',
  approved: 'Approved',
  installation_scheduled: 'Installation scheduled',
  installed: 'Installed',
  rejected: 'Rejected',
}

/** spec 3: the upload query's document categories. */
export const DOCUMENT_CATEGORIES = [
  'governmentIssued',
  'proofOfBilling',
  'proofOfIncome',
  'proofofidentity',
  'businessdocuments',
  'supplementary',
] as const
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]

export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  governmentIssued: 'Valid government-issued ID',
  proofOfBilling: 'Proof of billing',
  proofOfIncome: 'Proof of income',
  proofofidentity: 'Proof of identity',
  businessdocuments: 'Business documents',
  supplementary: 'Supplementary documents',
}

/** Any reference the status page accepts: a web order (OO) or a customer verification (CVG) reference. */
export const STATUS_REFERENCE_PATTERN = /^(OO|CVG)-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/

/** The single-use tokens of emailed links (compliance, OO/CVG verification): 32 random bytes, base64url. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** spec 4: email verification goes to one of two services, chosen by the reference's prefix. */
export const VERIFICATION_KINDS = ['OO', 'CVG'] as const
export type VerificationKind = (typeof VERIFICATION_KINDS)[number]

/** spec 4: which service verifies an application's email, by its reference: CVG's, else OO's (web orders). */
export function verificationKindOf(referenceNo: string): VerificationKind {
  return referenceNo.startsWith('CVG-') ? 'CVG' : 'OO'
}

/**
 * The identifier of a status lookup, normalised: an email address in lower case, or a
 * Philippine mobile number as its 10 digits (9XXXXXXXXX). Null: neither.
 */
export function normaliseIdentifier(raw: string): string | null {
  const value = raw.trim()
  if (value.includes('@')) {
    const email = value.toLowerCase()
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null
  }
  const digits = normaliseMobile(value)
  return MOBILE_PATTERN.test(digits) ? digits : null
}
