/** The documents step's words. spec 5 and 8's are quoted in lib/documents.ts (UPLOAD_MESSAGES). */
import { formatPesos } from '../../../lib/pesos'
import type { DocumentCategory } from '../../../lib/document-rules'

export const DOCUMENTS_TEXT = {
  title: 'Upload documents',
  description: 'Upload the documents your application needs: JPG or PDF, up to 5 MB each.',
  stepsLabel: 'Application steps',
  intro:
    'Upload clear photos or scans. JPG or PDF, up to 5 MB each, at most 12 files in all. Phone photos (HEIC, PNG) are converted to JPG for you.',
  fileHint: 'JPG or PDF, up to 5 MB each',
  chooseFiles: 'Choose files',
  upload: 'Upload',
  uploading: 'Uploading…',
  remove: 'Delete',
  removeLabel: (name: string) => `Delete ${name}`,
  download: (name: string) => `Download ${name}`,
  required: 'Required',
  optional: 'Optional',
  done: 'Done',
  uploaded: 'Your document was uploaded.',
  removed: 'The document was deleted.',
  skipped: 'This file is already uploaded.',
  fileCount: (count: number, max: number) => `${count} of ${max} files uploaded`,
  noFiles: 'No files yet.',
  whichDocument: 'Which document is this?',
  choose: 'Select a document',
  minDocuments: (n: number) => `Upload at least ${n} different documents from the list.`,
  businessTypeLegend: 'What kind of business is it?',
  businessTypeHint: 'This decides which business documents you need.',
  saveBusinessType: 'Save business type',
  changeBusinessType: 'Business type',
  continue: 'Continue',
  incomplete: 'Please upload the documents marked required before you continue.',
  businessTypeFirst: 'Please choose your business type first.',
  planFirst: 'Please choose a plan first.',
  loading: 'Loading…',
  categories: {
    governmentIssued: {
      label: 'Valid government-issued ID',
      hint: 'The full name must match the name on your application.',
    },
    proofOfBilling: {
      label: 'Proof of billing',
      hint: 'A recent bill with the service address of this application, fully paid.',
    },
    proofOfIncome: {
      label: 'Proof of income',
      hint: 'A recent payslip, certificate of employment with salary, or income tax return.',
    },
    businessdocuments: {
      label: 'Business documents',
      hint: 'Registration and permits of the business.',
    },
    supplementary: {
      label: 'Additional documents',
      hint: 'Application form, a picture of you and the house, a map screenshot of the location.',
    },
  } satisfies Record<DocumentCategory, { label: string; hint: string }>,
  billingOptionalBelow: (pesos: number) => `Optional for plans below ${formatPesos(pesos)} a month.`,
} as const
