/** /customer/help/after-sales (spec 7, Support: POST after-sales ticket (v2)): request a repair or another service. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { Breadcrumb, HelpPage } from '~/features/help/help-pages'
import { AfterSalesForm, NoAccount } from '~/features/help/ticket-forms'
import { afterSalesAction, loadAfterSalesForm } from '~/features/help/tickets.server'
import { HELP_TEXT, TICKET_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'
import { readForm } from '~/utils/form.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TICKET_TEXT.afterSalesHeading, TICKET_TEXT.afterSalesIntro),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAfterSalesForm(visitOf(request, context), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return afterSalesAction(visitOf(request, context), await readForm(request))
}

export default function RequestService() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <HelpPage heading={TICKET_TEXT.afterSalesHeading} intro={TICKET_TEXT.afterSalesIntro}>
      <Breadcrumb trail={[{ label: HELP_TEXT.backToHelp, to: '/customer/help' }]} />
      {page.accountNumbers.length === 0 ? (
        <NoAccount />
      ) : (
        <AfterSalesForm accountNumbers={page.accountNumbers} types={page.types} state={answer?.form ?? page.form} />
      )}
    </HelpPage>
  )
}
