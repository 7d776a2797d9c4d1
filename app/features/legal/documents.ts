/**
 * The legal pages (spec 2, Shell): one route module shows all four
 * (routes/public/legal.tsx), each at the path named after its document.
 */
export const LEGAL_DOCUMENTS = ['terms-and-conditions', 'privacy-notice', 'cookie-policy', 'terms-of-use'] as const
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number]

/** The two the sales area shows under its own prefix (spec 2: /sales/terms-and-conditions, /sales/privacy-notice). */
export const SALES_LEGAL_DOCUMENTS = ['terms-and-conditions', 'privacy-notice'] as const

/** The document a path shows; route matching ignores case and a trailing slash, so this does too. */
export function legalDocumentName(pathname: string): LegalDocumentName | null {
  const name = pathname
    .replace(/\/+$/, '')
    .replace(/^\/sales(?=\/)/i, '')
    .slice(1)
    .toLowerCase()
  return LEGAL_DOCUMENTS.find((document) => document === name) ?? null
}
