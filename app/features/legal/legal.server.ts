/**
 * The legal pages (spec 2, Shell): CMS documents turned into what the screens render,
 * every rich text sanitized here, on the server, before it leaves.
 */
import { data, type AppLoadContext } from 'react-router'
import { upstreamFor } from '~/upstream/index.server'
import { isUpstreamError } from '~/upstream/errors'
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
export async function loadTermsAndConditions(
  context: AppLoadContext,
  product: string | null,
): Promise<SectionsDocument> {
  const cms = upstreamFor(context).cms
  const terms = product
    ? await requireContent(
        cms.productTerms(product).catch((error: unknown) => {
          // The upstream refuses unknown (or malformed) product codes: that page does not exist.
          if (isUpstreamError(error) && error.kind === 'rejected') {
            throw data({ message: PAGE_NOT_RETRIEVED, reason: 'unknown-product' }, { status: 404 })
          }
          throw error
        }),
      )
    : null
  const document = terms ?? (await requireContent(cms.termsAndConditions()))
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

export async function loadTermsOfUse(context: AppLoadContext): Promise<SectionsDocument> {
  const document = await requireContent(upstreamFor(context).cms.termsOfUse())
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

export async function loadPrivacyNotice(context: AppLoadContext): Promise<QuestionsDocument> {
  return questions(await requireContent(upstreamFor(context).cms.privacyNotice()), false)
}

/** spec 2: the cookie policy starts with every answer expanded. */
export async function loadCookiePolicy(context: AppLoadContext): Promise<QuestionsDocument> {
  return questions(await requireContent(upstreamFor(context).cms.cookiePolicy()), true)
}

/** The document a legal page shows, by its name (documents.ts); only the terms and conditions read the URL. */
export async function loadLegalDocument(
  context: AppLoadContext,
  name: LegalDocumentName,
  url: URL,
): Promise<LegalDocument> {
  switch (name) {
    case 'terms-and-conditions':
      return loadTermsAndConditions(context, url.searchParams.get('product')?.trim() || null)
    case 'privacy-notice':
      return loadPrivacyNotice(context)
    case 'cookie-policy':
      return loadCookiePolicy(context)
    case 'terms-of-use':
      return loadTermsOfUse(context)
  }
}
