/**
 * Application documents' rules without Zod (issue 10, spec 3, 4, 5, 8, 9): the limits,
 * messages, categories and labels, the file-name and content checks. The browser's code
 * imports only this module (route JS budget); the schemas are in ./documents.ts.
 */

/** spec 5: at most 12 files per application. */
export const MAX_FILES = 12
/** spec 5: each file at most 5 MB (5 × 1024 × 1024 bytes). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024
/**
 * The most an upload form's body may hold (issue 32): every file at its limit, and room for the
 * other fields and the part headers. A larger declared length is refused unread; what is within
 * it is read to the end, so a refused file's message is shown instead of a reset connection.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024
/** The longest file name kept (characters), as most file systems allow. */
export const MAX_FILE_NAME_LENGTH = 255

/** spec 5 and 8, verbatim where the spec quotes them. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'File size exceeds the limit.(Not more than 5MB)',
  invalidName: 'The file name contains invalid characters.',
  failed: 'The documents you are trying to upload is unsuccessful due to some technical reason. Please try again!',
  // Not quoted by the spec (it only says "JPG and PDF only", "max 12 files").
  wrongType: 'Only JPG and PDF files can be uploaded.',
  tooMany: `You can upload at most ${MAX_FILES} files for an application.`,
  empty: 'Please choose a file to upload.',
  // issue 32: what is wrong with a file that was chosen, each in its own words.
  emptyFile: 'The file is empty. Please choose another file.',
  nameTooLong: `The file name is too long (at most ${MAX_FILE_NAME_LENGTH} characters). Please rename the file.`,
  damaged: 'The file is damaged or incomplete. Please choose another file.',
  notFound: 'This file is not part of your application.',
} as const

/** spec 3's upload categories (proofofidentity is the old app's spelling; not asked for yet). */
export const DOCUMENT_CATEGORIES = [
  'governmentIssued',
  'proofOfBilling',
  'proofOfIncome',
  'businessdocuments',
  'supplementary',
] as const
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]

/** spec 5: an SME applicant's business type decides how many business documents it needs. */
export const BUSINESS_TYPES = ['SOLE_PROPRIETOR', 'PARTNERSHIP', 'CORPORATION'] as const
export type BusinessType = (typeof BUSINESS_TYPES)[number]

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  SOLE_PROPRIETOR: 'Sole proprietorship',
  PARTNERSHIP: 'Partnership',
  CORPORATION: 'Corporation',
}

/** The business documents an SME may give (spec 5: "listed business documents"), by business type. */
export const BUSINESS_DOCUMENTS = {
  dtiRegistration: 'DTI Certificate of Business Name Registration',
  secRegistration: 'SEC Certificate of Registration',
  articles: 'Articles of Partnership or Incorporation',
  mayorsPermit: "Mayor's or Business Permit",
  birRegistration: 'BIR Certificate of Registration (Form 2303)',
  barangayClearance: 'Barangay Business Clearance',
  secretaryCertificate: "Secretary's Certificate or Partners' Resolution",
  generalInformationSheet: 'General Information Sheet',
} as const
export type BusinessDocument = keyof typeof BUSINESS_DOCUMENTS

export const BUSINESS_DOCUMENTS_BY_TYPE: Record<BusinessType, BusinessDocument[]> = {
  SOLE_PROPRIETOR: ['dtiRegistration', 'mayorsPermit', 'birRegistration', 'barangayClearance'],
  PARTNERSHIP: ['secRegistration', 'articles', 'mayorsPermit', 'birRegistration', 'secretaryCertificate'],
  CORPORATION: [
    'secRegistration',
    'articles',
    'mayorsPermit',
    'birRegistration',
    'secretaryCertificate',
    'generalInformationSheet',
  ],
}

/** spec 5: "Additional Documents hold application form, picture of customer and house, map screenshot". */
export const SUPPLEMENTARY_DOCUMENTS = {
  applicationForm: 'Application form',
  customerAndHouse: 'Picture of the customer and the house',
  mapScreenshot: 'Map screenshot of the location',
  other: 'Other supporting document',
} as const
export type SupplementaryDocument = keyof typeof SUPPLEMENTARY_DOCUMENTS

/** The sub-categories a category takes (none: the category alone). */
export function subCategoriesOf(category: DocumentCategory, businessType: BusinessType | null): string[] {
  if (category === 'businessdocuments') {
    return businessType ? BUSINESS_DOCUMENTS_BY_TYPE[businessType] : Object.keys(BUSINESS_DOCUMENTS)
  }
  if (category === 'supplementary') return Object.keys(SUPPLEMENTARY_DOCUMENTS)
  return []
}

export function subCategoryLabel(subCategory: string): string {
  return (
    (BUSINESS_DOCUMENTS as Record<string, string>)[subCategory] ??
    (SUPPLEMENTARY_DOCUMENTS as Record<string, string>)[subCategory] ??
    subCategory
  )
}

// C0 and C1 control characters, DEL, and the characters a path or a header would read.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]|\.\./
// Unicode format characters (Cf), among them the bidirectional controls U+202A-U+202E and
// U+2066-U+2069 that make `a\u202egpj.exe` read as `aexe.jpg` (issue 32), and zero-width ones.
const FORMAT_CHARACTER = /\p{Cf}/u

/**
 * spec 5: a name with unsafe characters is refused, never repaired: path parts (`/`, `\`,
 * `..`), control and format characters, and what Windows or a Content-Disposition header
 * cannot hold; a name longer than MAX_FILE_NAME_LENGTH has a message of its own. The name is
 * only ever shown back to its owner; the stored object has a generated key.
 */
export function fileNameProblem(name: string): 'invalidName' | 'nameTooLong' | null {
  const trimmed = name.trim()
  if (trimmed.length === 0 || trimmed !== name || UNSAFE_NAME.test(name) || FORMAT_CHARACTER.test(name)) {
    return 'invalidName'
  }
  return name.length > MAX_FILE_NAME_LENGTH ? 'nameTooLong' : null
}

export function isSafeFileName(name: string): boolean {
  return fileNameProblem(name) === null
}

/** What a stored document is: decided by its first bytes, never by its name or the browser's word. */
export type StoredType = 'jpg' | 'pdf'

export const STORED_CONTENT_TYPES: Record<StoredType, string> = { jpg: 'image/jpeg', pdf: 'application/pdf' }

/** JPEG starts FF D8 FF; PDF starts "%PDF-". Anything else (HTML, an executable, …) is neither. */
export function sniffStoredType(head: Uint8Array): StoredType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg'
  if (head.length >= 5 && String.fromCharCode(...head.subarray(0, 5)) === '%PDF-') return 'pdf'
  return null
}

/** The header carrying the SHA-256 (hex) of a streamed upload's body, signed in place of the body (docs/decisions/0031). */
export const CONTENT_SHA256_HEADER = 'x-content-sha256'
