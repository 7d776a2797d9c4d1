/** /customer/help/concern (spec 1, help centre; spec 7, Support: POST concern): report a concern. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { Breadcrumb, HelpPage } from '~/features/help/help-pages'
import { ConcernForm, NoAccount } from '~/features/help/ticket-forms'
import { concernAction, loadConcernForm } from '~/features/help/tickets.server'
import { HELP_TEXT, TICKET_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'
import { readForm } from '~/utils/form.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TICKET_TEXT.concernHeading, TICKET_TEXT.concernIntro),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadConcernForm(visitOf(request, context), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return concernAction(visitOf(request, context), await readForm(request))
}

export default function ReportConcern() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <HelpPage heading={TICKET_TEXT.concernHeading} intro={TICKET_TEXT.concernIntro}>
      <Breadcrumb trail={[{ label: HELP_TEXT.backToHelp, to: '/customer/help' }]} />
      {page.accountNumbers.length === 0 ? (
        <NoAccount />
      ) : (
        <ConcernForm
          accountNumbers={page.accountNumbers}
          types={page.types}
          subTypes={answer?.subTypes ?? page.subTypes}
          state={answer?.form ?? page.form}
        />
      )}
    </HelpPage>
  )
}
