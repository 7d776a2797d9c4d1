/** /consent (spec 2, customer-only; issue 11 item 6): consent management. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { asUser } from '~/visit/by-request.server'
import { ROLE } from '~/auth/roles'
import { consentAction, loadConsents, type ConsentActionData } from '~/features/consent/consent.server'
import { ConsentPage } from '~/features/consent/consent-page'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Consent Management', 'Give or withdraw your consents.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadConsents(await asUser(request, context, { roles: [ROLE.customer] }))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return consentAction(request, context, await asUser(request, context, { roles: [ROLE.customer] }))
}

export default function ConsentRoute() {
  const { consents } = useLoaderData<typeof loader>()
  const failure = useActionData<ConsentActionData>()
  return <ConsentPage consents={consents} failed={failure?.failed || null} />
}
