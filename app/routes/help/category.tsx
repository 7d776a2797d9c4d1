/** /help/{category} (spec 1, help centre; spec 7: help answers by id): a topic's answers, open in place. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { AnswerList, Breadcrumb, HelpPage, HelpSearchForm, StillNeedHelp } from '~/features/help/help-pages'
import { loadCategory, stillNeedHelpOffer } from '~/features/help/help.server'
import { HELP_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { keptPublicPage } from '~/utils/page-cache'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.category.name ?? HELP_TEXT.heading, data?.category.description ?? HELP_TEXT.intro)

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const [page, offer] = await Promise.all([loadCategory(visit, params.categoryId), stillNeedHelpOffer(visit)])
  return { ...page, offer }
}

export default function HelpCategory() {
  const { category, answers, offer } = useLoaderData<typeof loader>()
  return (
    <HelpPage heading={category.name} intro={category.description}>
      <Breadcrumb trail={[{ label: HELP_TEXT.backToHelp, to: '/help' }]} />
      <HelpSearchForm />
      <AnswerList entries={answers} />
      <StillNeedHelp offer={offer} />
    </HelpPage>
  )
}
