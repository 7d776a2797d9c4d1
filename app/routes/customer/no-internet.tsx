/**
 * /customer/no-internet (issue 37, item 6): REPORT NO INTERNET for the default account. The
 * dashboard's button posts here to start; then the restart is offered first and the customer
 * says whether it helped; a ticket opens when it did not, and its page carries on.
 */
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { NO_INTERNET_INTENT } from '~/features/no-internet/intents'
import { loadNoInternet, noInternetAction } from '~/features/no-internet/no-internet.server'
import { ReportSteps, type FormReply } from '~/features/no-internet/no-internet'
import { NO_INTERNET_TEXT as TEXT } from '~/features/no-internet/texts'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.pageHeading, TEXT.pageIntro),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadNoInternet(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return noInternetAction(visitOf(request, context), await readForm(request))
}

export default function NoInternet() {
  const { accountNumber, offered, report } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as FormReply
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.pageHeading}</h1>
      <p>{TEXT.pageIntro}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.account(accountNumber)}</p>
      {report ? (
        <ReportSteps report={report} reply={reply} />
      ) : offered ? (
        <NoReportYet />
      ) : (
        <>
          <p>{TEXT.notOffered}</p>
          <p>
            <AppLink to="/customer" className={buttonClass('secondary')}>
              {TEXT.backToDashboard}
            </AppLink>
          </p>
        </>
      )}
    </section>
  )
}

function NoReportYet() {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={NO_INTERNET_INTENT.start} className={buttonClass('primary')}>
        {TEXT.reportButton}
      </button>
    </Form>
  )
}
