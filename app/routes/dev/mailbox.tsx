/**
 * /dev/mailbox (docs/architecture.md, 9): the outbox's newest emails, for set-ups whose mail
 * never leaves the machine. It shows live verification and reset links to whoever opens
 * it, so it answers 404 unless DEV_MAILBOX is on (docs/configuration.md).
 */
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { AccountPage } from '~/features/account/account-page'
import { MailboxList, MailboxSearch } from '~/features/mailbox/mailbox'
import { mailboxMessages, requireDevMailbox } from '~/features/mailbox/mailbox.server'
import { MailboxSearchSchema } from '~/features/mailbox/schemas'
import { pageMeta } from '~/ui/page-meta'
import { formConstraint, parseWithZod } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Dev mailbox', 'Emails the portal would have sent.'),
  { name: 'robots', content: 'noindex' },
]

// Live links: never cached, by the browser or anything in between.
const NO_STORE = { 'cache-control': 'no-store' }
export const headers = () => NO_STORE

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevMailbox(context.config)
  const url = new URL(request.url)
  const submission = parseWithZod(url.searchParams, { schema: MailboxSearchSchema })
  const constraint = formConstraint(MailboxSearchSchema)
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply(), constraint, to: url.searchParams.get('to'), messages: [] },
      { status: 400, headers: NO_STORE },
    )
  }
  const to = submission.value.to ?? null
  const messages = await mailboxMessages(visitOf(request, context).portal, to)
  return data({ result: undefined, constraint, to, messages }, { headers: NO_STORE })
}

export default function DevMailbox() {
  const { result, constraint, to, messages } = useLoaderData<typeof loader>()
  return (
    <AccountPage heading="Dev mailbox">
      <p className="text-slate-600 dark:text-slate-300">
        Emails waiting in the outbox, newest first. This page exists only while DEV_MAILBOX is on.
      </p>
      <MailboxSearch lastResult={result} constraint={constraint} to={to} />
      <MailboxList messages={messages} />
    </AccountPage>
  )
}
