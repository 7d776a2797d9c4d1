/** /help/{category}/{faqId} (spec 1, help centre; spec 7: help answers by id and source): one answer. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { answerSnippet } from '~/features/help/answer-blocks'
import { AnswerText, Breadcrumb, HelpPage, StillNeedHelp, VideoLink } from '~/features/help/help-pages'
import { loadAnswer, stillNeedHelpOffer } from '~/features/help/help.server'
import { HELP_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { keptPublicPage } from '~/utils/page-cache'
import { visitOf } from '~/visit/visit.server'

// The title stays within 70 characters with the product name after it (a question can be longer).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data ? answerSnippet(data.entry.question, 55) : HELP_TEXT.heading,
    data ? answerSnippet(data.entry.answer) : HELP_TEXT.intro,
  )

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const [page, offer] = await Promise.all([
    loadAnswer(visit, params.categoryId, params.faqId),
    stillNeedHelpOffer(visit),
  ])
  return { ...page, offer }
}

export default function HelpAnswer() {
  const { entry, category, offer } = useLoaderData<typeof loader>()
  return (
    <HelpPage heading={entry.question}>
      <Breadcrumb
        trail={[
          { label: HELP_TEXT.backToHelp, to: '/help' },
          { label: category.name, to: `/help/${category.id}` },
        ]}
      />
      <article className="flex flex-col gap-4">
        <AnswerText answer={entry.answer} />
        <VideoLink entry={entry} />
      </article>
      <StillNeedHelp offer={offer} />
    </HelpPage>
  )
}
