/**
 * The legal pages (spec 2, Shell): one route module shows all four
 * (routes/public/legal.tsx), each at the path named after its document.
 */
export const LEGAL_DOCUMENTS = ['terms-and-conditions', 'privacy-notice', 'cookie-policy', 'terms-of-use'] as const
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number]

/** The document a path shows; route matching ignores case and a trailing slash, so this does too. */
export function legalDocumentName(pathname: string): LegalDocumentName | null {
  const name = pathname.replace(/\/+$/, '').slice(1).toLowerCase()
  return LEGAL_DOCUMENTS.find((document) => document === name) ?? null
}
