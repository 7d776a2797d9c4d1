/** /help/search?q=… (spec 1, help centre; spec 8: 'No results found!' with tips): a GET form's page. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { Breadcrumb, CategoryGrid, HelpPage, HelpSearchForm, SearchResults } from '~/features/help/help-pages'
import { loadSearch } from '~/features/help/help.server'
import { HELP_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, HELP_TEXT.searchLabel, HELP_TEXT.intro),
  // Result pages are endless variations of one page.
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearch(visitOf(request, context), new URL(request.url))
}

export default function HelpSearch() {
  const { query, error, results, categories } = useLoaderData<typeof loader>()
  return (
    <HelpPage heading={HELP_TEXT.searchLabel}>
      <Breadcrumb trail={[{ label: HELP_TEXT.backToHelp, to: '/help' }]} />
      <HelpSearchForm query={query} error={error} />
      {results ? <SearchResults query={query} results={results} /> : null}
      {categories.length > 0 ? <CategoryGrid categories={categories} /> : null}
    </HelpPage>
  )
}
