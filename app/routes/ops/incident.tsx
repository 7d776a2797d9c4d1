/** /ops/incidents/:id (issue 37, item 2): one incident, its updates, its forms and every change. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { IncidentView } from '~/features/incidents/incidents'
import { NO_STORE, incidentAction, loadIncident } from '~/features/incidents/incidents.server'
import { INCIDENTS_TEXT as TEXT } from '~/features/incidents/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.title, TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => NO_STORE

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIncident(visitOf(request, context), params.id ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return incidentAction(visitOf(request, context), request, params.id ?? '')
}

export default function OpsIncidentRoute() {
  const { incident, status, submissionKey } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <IncidentView incident={incident} status={status} submissionKey={submissionKey} answer={answer} />
}
