/** /onboard/:path/appointment (issue 10; spec 1, 7), and the sales area's (issue 13): the installation appointment. Personal: never cached. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { lazy, Suspense } from 'react'
import { APPLY_TEXT } from '~/features/apply/texts'
import { flowOf } from '~/features/apply/steps'
import { appointmentAction, appointmentView } from '~/features/apply/wizard.server'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

// Rendered whole on the server, hydrated once its code has loaded (docs/decisions/0023): the JS budget.
const Page = lazy(() =>
  import('~/features/apply/appointment-page').then((module) => ({ default: module.AppointmentPage })),
)

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, APPLY_TEXT.appointment.title, APPLY_TEXT.appointment.description)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return appointmentView(visitOf(request, context), params.path, flowOf(request))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return appointmentAction(visitOf(request, context), await readForm(request), params.path, flowOf(request))
}

export default function Appointment() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Suspense fallback={null}>
      <Page {...view} lastResult={actionData?.result} />
    </Suspense>
  )
}
