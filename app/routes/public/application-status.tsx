/**
 * spec 2: /{refNo}/{refIdentifier}, an application's status (issue 10 part 3;
 * docs/decisions/0033). refIdentifier is the applicant's email address or mobile number;
 * the upstream shows the application only when both match (in constant time, with an
 * attempt limit), and every miss reads the same. A first segment that cannot be a
 * reference is an ordinary not-found, so this route takes nothing from other paths
 * (static segments rank first in app/routes.ts anyway).
 */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { StatusLookupForm } from '~/features/application-status/lookup-form'
import { StatusPage } from '~/features/application-status/status-page'
import { lookupStatus, resendComplianceLink } from '~/features/application-status/status.server'
import { visitOf } from '~/visit/visit.server'
import { TEXT } from '~/features/application-status/texts'
import { pageMeta } from '~/ui/page-meta'
import { STATUS_REFERENCE_PATTERN } from '../../../lib/application-status-words'
import { readForm } from '~/utils/form.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.lookupHeading, TEXT.lookupIntro),
  { name: 'robots', content: 'noindex' },
  // The address holds the applicant's email or mobile: no other site learns it.
  // same-origin, not no-referrer: with no-referrer the browser posts this page's forms with
  // `Origin: null`, which the portal's origin check refuses.
  { name: 'referrer', content: 'same-origin' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

function pair(params: LoaderFunctionArgs['params']) {
  const referenceNo = (params.refNo ?? '').toUpperCase()
  if (!STATUS_REFERENCE_PATTERN.test(referenceNo)) throw new Response('Not Found', { status: 404 })
  return { referenceNo, identifier: params.refIdentifier ?? '' }
}

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { referenceNo, identifier } = pair(params)
  const outcome = await lookupStatus(visitOf(request, context), referenceNo, identifier)
  if ('missed' in outcome) {
    // The form again: after a failure (not a miss) with the identifier, to send again.
    const kept = outcome.notFound ? '' : identifier
    return data({ view: null, referenceNo, identifier: kept, message: outcome.missed }, { status: outcome.status })
  }
  return { view: outcome.found, referenceNo, identifier: '', message: null }
}

export async function action({ params, context, request }: ActionFunctionArgs) {
  const { referenceNo, identifier } = pair(params)
  const form = await readForm(request)
  if (form.get('intent') !== 'resend') return data({ error: TEXT.notFound }, { status: 400 })
  const outcome = await resendComplianceLink(visitOf(request, context), referenceNo, identifier)
  return 'sent' in outcome ? outcome : data({ error: outcome.error }, { status: outcome.status })
}

export default function ApplicationStatus() {
  const { view, referenceNo, identifier, message } = useLoaderData<typeof loader>()
  const resend = useActionData<typeof action>()
  if (!view) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-2xl font-bold">{TEXT.lookupHeading}</h1>
        <StatusLookupForm reply={{ values: { referenceNo, identifier }, errors: { form: message ?? TEXT.notFound } }} />
      </div>
    )
  }
  return <StatusPage view={view} resend={resend} />
}
