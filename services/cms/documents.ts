/**
 * Names of the content documents in cms.documents, shared by the seed and the routes,
 * so the two cannot drift apart.
 */
export const LEGAL_PAGE_NAMES = ['terms_and_conditions', 'privacy_notice', 'cookie_policy', 'terms_of_use'] as const
export type LegalPageName = (typeof LEGAL_PAGE_NAMES)[number]

export const documentName = {
  legalPage: (name: LegalPageName) => `page:${name}`,
  productTerms: (product: string) => `product-terms:${product}`,
  banners: 'landing:banners',
  footers: 'landing:footers',
  landingImage: 'landing:image',
}
