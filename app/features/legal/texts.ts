import type { LegalDocumentName } from './documents'

/** Each legal page's title (until the CMS's own has loaded) and its description for search results. */
export const LEGAL_PAGE_TEXT: Record<LegalDocumentName, { title: string; description: string }> = {
  'terms-and-conditions': {
    title: 'Terms and Conditions',
    description:
      'The terms and conditions of your fibre internet subscription: installation, billing, lock-in, suspension and termination.',
  },
  'privacy-notice': {
    title: 'Privacy Notice',
    description:
      'How we collect, use, share and protect your personal data under the Data Privacy Act of 2012, and your rights as a data subject.',
  },
  'cookie-policy': {
    title: 'Cookie Policy',
    description:
      'The cookies this website uses: strictly necessary and preference cookies only, no advertising cookies.',
  },
  'terms-of-use': {
    title: 'Terms of Use',
    description: 'The rules for using this website and customer portal.',
  },
}

/** A product's terms (`?product=`), from the title the CMS gives them ("Fiber Plan 1699 Terms and Conditions"). */
export const productTermsDescription = (title: string) =>
  `The terms of the ${title.replace(/ Terms and Conditions$/, '')} plan: speed, monthly fee, inclusions and lock-in period.`
