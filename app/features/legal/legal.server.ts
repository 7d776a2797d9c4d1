/**
 * The legal pages (spec 2, Shell): CMS documents turned into what the screens render,
 * every rich text sanitized here, on the server, before it leaves.
 */
import { data } from 'react-router'
import type { Caller } from '~/visit/call.server'
import type { QuestionAnswerPage } from '~/upstream/cms.server'
import { PAGE_NOT_RETRIEVED, requireContent } from './content.server'
import type { LegalDocumentName } from './documents'
import { formatLastUpdated } from './format'
import { sanitizeRichText } from './rich-text.server'

export type LegalSection = { heading: string; html: string }
export type LegalQuestion = { question: string; answerHtml: string }

type Common = { title: string; lastUpdated: string | null; introductionHtml: string | null }
export type SectionsDocument = Common & {
  kind: 'sections'
  numbered: boolean
  sections: LegalSection[]
  product: string | null
}
export type QuestionsDocument = Common & { kind: 'questions'; startOpen: boolean; questions: LegalQuestion[] }
export type LegalDocument = SectionsDocument | QuestionsDocument

const sanitizeSections = (list: { heading: string; description: string }[]): LegalSection[] =>
  list.map((item) => ({ heading: item.heading, html: sanitizeRichText(item.description) }))

const introduction = (html: string) => {
  const clean = sanitizeRichText(html).trim()
  return clean ? clean : null
}

/** spec 2: `?product=X` shows the product's terms; without it, the general terms. */
export async function loadTermsAndConditions(portal: Caller, product: string | null): Promise<SectionsDocument> {
  let terms = null
  if (product) {
    const result = await portal.call((upstream) => upstream.cms.productTerms(product))
    // The upstream refuses unknown (or malformed) product codes: that page does not exist.
    if (!result.ok && result.error.kind === 'rejected') {
      throw data({ message: PAGE_NOT_RETRIEVED, reason: 'unknown-product' }, { status: 404 })
    }
    terms = requireContent(result)
  }
  const document = terms ?? requireContent(await portal.call((upstream) => upstream.cms.termsAndConditions()))
  return {
    kind: 'sections',
    numbered: false,
    product: terms ? product : null,
    title: document.title,
    lastUpdated: formatLastUpdated(document.last_updated_date),
    introductionHtml: null,
    sections: sanitizeSections(document.headingDescriptionList),
  }
}

export async function loadTermsOfUse(portal: Caller): Promise<SectionsDocument> {
  const document = requireContent(await portal.call((upstream) => upstream.cms.termsOfUse()))
  return {
    kind: 'sections',
    numbered: true, // spec 2: terms of use has numbered headings
    product: null,
    title: document.title,
    lastUpdated: document.last_updated_date ? formatLastUpdated(document.last_updated_date) : null,
    introductionHtml: introduction(document.introduction),
    sections: sanitizeSections(document.headingDescriptionList),
  }
}

function questions(document: QuestionAnswerPage, startOpen: boolean): QuestionsDocument {
  return {
    kind: 'questions',
    startOpen,
    title: document.title,
    lastUpdated: formatLastUpdated(document.last_updated_date),
    introductionHtml: introduction(document.introduction),
    questions: document.questionAnswerList.map((item) => ({
      question: item.question,
      answerHtml: sanitizeRichText(item.answer),
    })),
  }
}

export async function loadPrivacyNotice(portal: Caller): Promise<QuestionsDocument> {
  return questions(requireContent(await portal.call((upstream) => upstream.cms.privacyNotice())), false)
}

/** spec 2: the cookie policy starts with every answer expanded. */
export async function loadCookiePolicy(portal: Caller): Promise<QuestionsDocument> {
  return questions(requireContent(await portal.call((upstream) => upstream.cms.cookiePolicy())), true)
}

/** The document a legal page shows, by its name (documents.ts); only the terms and conditions read the URL. */
export async function loadLegalDocument(portal: Caller, name: LegalDocumentName, url: URL): Promise<LegalDocument> {
  switch (name) {
    case 'terms-and-conditions':
      return loadTermsAndConditions(portal, url.searchParams.get('product')?.trim() || null)
    case 'privacy-notice':
      return loadPrivacyNotice(portal)
    case 'cookie-policy':
      return loadCookiePolicy(portal)
    case 'terms-of-use':
      return loadTermsOfUse(portal)
  }
}
