/**
 * The help centre's pages (spec 1, help centre; spec 2: the /help prefix, public): what each
 * page needs from the cms service, in one call per page where it can. Content the page
 * cannot do without makes it the error view on failure (requireContent: 'Oops! Page could
 * not be retrieved.'); an unknown category or answer is the not-found page.
 */
import { data, redirect, type AppLoadContext } from 'react-router'
import { getUser } from '~/visit/by-request.server'
import { requireContent } from '~/features/legal/content.server'
import { isUpstreamError } from '~/upstream/errors'
import type { HelpCategory, HelpEntry } from '~/upstream/help.server'
import { upstreamFor } from '~/upstream/index.server'
import { HELP_TEXT } from './texts'

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/

/** An unknown (or malformed) category or answer: the not-found page, as for any other missing page. */
function notFound(): never {
  throw data({ message: null }, { status: 404 })
}

async function orNotFound<T>(load: Promise<T>): Promise<T> {
  return requireContent(
    load.catch((error: unknown) => {
      if (isUpstreamError(error) && error.kind === 'rejected' && error.status === 404) notFound()
      throw error
    }),
  )
}

/** The public help pages' way to file a concern (StillNeedHelp), for whoever reads them. */
export type StillNeedHelpOffer = { prompt: string; to: string; label: string }

/**
 * Customers file a concern at /customer/help; visitors too, once signed in. Someone signed
 * in without a subscription (an applicant) could not open it: they are offered their
 * application's status instead (issue 33: no door leads nowhere). Server-side words: the
 * help pages' shared code is part of the customer's help pages, at the JS budget's edge.
 */
export async function stillNeedHelpOffer(request: Request, context: AppLoadContext): Promise<StillNeedHelpOffer> {
  const user = await getUser(request, context)
  if (user && user.kind !== 'customer')
    return {
      prompt:
        'Concerns and repair requests are filed from a subscriber account. For an application, check its status with its reference number.',
      to: '/check-status',
      label: 'CHECK APPLICATION STATUS',
    }
  return {
    prompt: 'Report a concern or request a repair from your account, and follow its status there.',
    to: '/customer/help',
    label: 'REPORT A CONCERN',
  }
}

/** What /help and /customer/help show: topics, featured FAQs, guides and videos. */
export async function loadHelpHome(context: AppLoadContext) {
  const help = upstreamFor(context).help
  const [categories, featured, guides, videos] = await requireContent(
    Promise.all([help.categories(), help.featured(), help.knowledgeBase(), help.videos()]),
  )
  return { categories, featured, guides, videos }
}
export type HelpHome = Awaited<ReturnType<typeof loadHelpHome>>

export async function loadCategory(context: AppLoadContext, categoryId: string | undefined) {
  if (!categoryId || !SLUG.test(categoryId)) notFound()
  return orNotFound(upstreamFor(context).help.answers(categoryId))
}

/** One answer; at its own category's path only (another category's path redirects there). */
export async function loadAnswer(context: AppLoadContext, categoryId: string | undefined, faqId: string | undefined) {
  if (!categoryId || !faqId || !SLUG.test(categoryId) || !SLUG.test(faqId)) notFound()
  const found = await orNotFound(upstreamFor(context).help.answer(faqId))
  if (found.entry.categoryId !== categoryId) throw redirect(answerPath(found.entry), 301)
  return found
}

export type SearchPage = {
  query: string
  error: string | null
  results: HelpEntry[] | null
  /** With nothing found (or nothing asked), the topics are the next place to look. */
  categories: HelpCategory[]
}

/** /help/search?q=…: an empty query asks for words beside the field; no search is made for it. */
export async function loadSearch(context: AppLoadContext, url: URL): Promise<SearchPage> {
  const help = upstreamFor(context).help
  // A failure here only hides the topics under the answer.
  const topics = () => help.categories().catch(() => [])
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  if (!query) {
    return {
      query,
      error: url.searchParams.has('q') ? HELP_TEXT.searchEmpty : null,
      results: null,
      categories: await topics(),
    }
  }
  const { results } = await requireContent(help.search(query))
  return { query, error: null, results, categories: results.length === 0 ? await topics() : [] }
}

export const answerPath = (entry: Pick<HelpEntry, 'categoryId' | 'faqId'>) => `/help/${entry.categoryId}/${entry.faqId}`
