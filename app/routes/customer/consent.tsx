/** /consent (spec 2, customer-only; issue 11 item 6): consent management. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { consentAction, loadConsents, type ConsentActionData } from '~/features/consent/consent.server'
import { ConsentPage } from '~/features/consent/consent-page'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Consent Management', 'Give or withdraw your consents.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadConsents(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return consentAction(visitOf(request, context), await readForm(request))
}

export default function ConsentRoute() {
  const { consents } = useLoaderData<typeof loader>()
  const failure = useActionData<ConsentActionData>()
  return <ConsentPage consents={consents} failed={failure?.failed || null} />
}
