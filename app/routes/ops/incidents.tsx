/** /ops/incidents (issue 37, item 2): the operator's incidents, and the form that opens one. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { IncidentsView } from '~/features/incidents/incidents'
import { NO_STORE, loadIncidentsPage, openIncidentAction } from '~/features/incidents/incidents.server'
import { INCIDENTS_TEXT as TEXT } from '~/features/incidents/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.title, TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => NO_STORE

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadIncidentsPage(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return openIncidentAction(visitOf(request, context), request)
}

export default function OpsIncidentsRoute() {
  const { lists, form } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <IncidentsView lists={lists} form={answer?.form ?? form} />
}
