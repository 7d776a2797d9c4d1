/**
 * The help centre's pages (spec 1, help centre; spec 2: the /help prefix, public): what each
 * page needs from the cms service, in one call per page where it can. Content the page
 * cannot do without makes it the error view on failure (content: 'Oops! Page could not be
 * retrieved.', 503); an unknown category or answer is the not-found page.
 */
import { data, redirect } from 'react-router'
import { requireContent } from '~/features/legal/content.server'
import type { HelpCategory, HelpEntry } from '~/upstream/help.server'
import type { Result } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { HELP_TEXT } from './texts'

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/

/** An unknown (or malformed) category or answer: the not-found page, as for any other missing page. */
function notFound(): never {
  throw data({ message: null }, { status: 404 })
}

function orNotFound<T>(result: Result<T>): T {
  if (!result.ok && result.error.kind === 'rejected' && result.error.status === 404) notFound()
  return requireContent(result)
}

/** The public help pages' way to file a concern (StillNeedHelp), for whoever reads them. */
export type StillNeedHelpOffer = { prompt: string; to: string; label: string }

/**
 * Customers file a concern at /customer/help; visitors too, once signed in. Someone signed
 * in without a subscription (an applicant) could not open it: they are offered their
 * application's status instead (issue 33: no door leads nowhere). Server-side words: the
 * help pages' shared code is part of the customer's help pages, at the JS budget's edge.
 */
export async function stillNeedHelpOffer(visit: Visit): Promise<StillNeedHelpOffer> {
  const user = await visit.user()
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
export async function loadHelpHome(visit: Visit) {
  const [categories, featured, guides, videos] = requireContent(
    await visit.portal.call(({ help }) =>
      Promise.all([help.categories(), help.featured(), help.knowledgeBase(), help.videos()]),
    ),
  )
  return { categories, featured, guides, videos }
}
export type HelpHome = Awaited<ReturnType<typeof loadHelpHome>>

export async function loadCategory(visit: Visit, categoryId: string | undefined) {
  if (!categoryId || !SLUG.test(categoryId)) notFound()
  return orNotFound(await visit.portal.call(({ help }) => help.answers(categoryId)))
}

/** One answer; at its own category's path only (another category's path redirects there). */
export async function loadAnswer(visit: Visit, categoryId: string | undefined, faqId: string | undefined) {
  if (!categoryId || !faqId || !SLUG.test(categoryId) || !SLUG.test(faqId)) notFound()
  const found = orNotFound(await visit.portal.call(({ help }) => help.answer(faqId)))
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
export async function loadSearch(visit: Visit, url: URL): Promise<SearchPage> {
  // A failure here only hides the topics under the answer.
  const topics = async () => {
    const listed = await visit.portal.call(({ help }) => help.categories())
    return listed.ok ? listed.value : []
  }
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  if (!query) {
    return {
      query,
      error: url.searchParams.has('q') ? HELP_TEXT.searchEmpty : null,
      results: null,
      categories: await topics(),
    }
  }
  const { results } = requireContent(await visit.portal.call(({ help }) => help.search(query)))
  return { query, error: null, results, categories: results.length === 0 ? await topics() : [] }
}

export const answerPath = (entry: Pick<HelpEntry, 'categoryId' | 'faqId'>) => `/help/${entry.categoryId}/${entry.faqId}`
