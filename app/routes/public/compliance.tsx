/**
 * spec 2: /compliance/{id} and /upload/{id} (one module): documents an operator rejected,
 * sent again (issue 10 part 4; spec 7: email with OTP, purposes ForCompliance and
 * OTP_ForCompliance; docs/decisions/0033). {id} is the emailed link's single-use token:
 * the page shows nothing of the application until the applicant proves the email with a
 * code; the proof lives in the signed HttpOnly `compliance` cookie, for this link only.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useParams,
} from 'react-router'
import { complianceAction, complianceLoader } from '~/features/application-status/compliance.server'
import { complianceUploadPath } from '~/features/application-status/paths'
import { CompliancePage } from '~/features/application-status/compliance-page'
import { TEXT } from '~/features/application-status/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.complianceHeading, TEXT.complianceStart),
  { name: 'robots', content: 'noindex' },
  // same-origin, not no-referrer: with no-referrer the browser posts this page's forms with
  // `Origin: null`, which the portal's origin check refuses.
  { name: 'referrer', content: 'same-origin' },
]

// The URL holds a live token: no cache may keep the page, no other site may see it.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return complianceLoader(visitOf(request, context), params.id)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const path = new URL(request.url).pathname
  return complianceAction(visitOf(request, context), params.id, await readForm(request), path)
}

export default function Compliance() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const { id = '' } = useParams()
  return <CompliancePage state={acted ?? loaded} uploadPath={(category) => complianceUploadPath(id, category)} />
}
