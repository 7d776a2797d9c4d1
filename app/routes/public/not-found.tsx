import { data, type MetaFunction } from 'react-router'
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE, NotFoundView } from '~/features/shell/error-views'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, NOT_FOUND_TITLE, NOT_FOUND_TEXT),
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundView />
}
