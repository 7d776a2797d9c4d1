/** /sales/applications/{refId} (spec 2; issue 13 item 3): one application or draft of the agent's (or the admin's team's). */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { SalesApplication } from '~/features/sales/application-page'
import { salesApplicationAction, salesApplicationPage } from '~/features/sales/application.server'
import { APPLICATION_TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(
    matches,
    data ? APPLICATION_TEXT.title(data.details.item.refId) : 'Application',
    APPLICATION_TEXT.description,
  ),
  { name: 'robots', content: 'noindex' },
]

// Customer data on a kiosk: never cached, never behind the back button after logout.
export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return salesApplicationPage(visitOf(request, context), params.refId)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return salesApplicationAction(visitOf(request, context), params.refId, await readForm(request))
}

export default function SalesApplicationRoute() {
  const { details, ownAgentCode } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <SalesApplication details={details} ownAgentCode={ownAgentCode} answer={answer} />
}
