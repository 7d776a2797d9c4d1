/** /help (spec 1, help centre; spec 2: the /help prefix is public): topics, FAQs, guides, videos, search. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { HelpHomeSections, HelpPage, StillNeedHelp } from '~/features/help/help-pages'
import { loadHelpHome, stillNeedHelpOffer } from '~/features/help/help.server'
import { HELP_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { keptPublicPage } from '~/utils/page-cache'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, HELP_TEXT.heading, HELP_TEXT.intro)

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const [home, offer] = await Promise.all([loadHelpHome(visit), stillNeedHelpOffer(visit)])
  return { ...home, offer }
}

export default function Help() {
  const { offer, ...home } = useLoaderData<typeof loader>()
  return (
    <HelpPage heading={HELP_TEXT.heading} intro={HELP_TEXT.intro}>
      <HelpHomeSections {...home} />
      <StillNeedHelp offer={offer} />
    </HelpPage>
  )
}
