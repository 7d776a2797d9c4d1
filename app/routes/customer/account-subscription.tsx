/**
 * /account/subscription (spec 2; the top bar's Account Info): the default account's
 * subscription (spec 7, account details): plan, speed, status, service address, fee.
 * Inside the customer shell, which shows 'No account number available' without an account.
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { ROLE } from '~/auth/roles'
import { SubscriptionFacts } from '~/features/dashboard/dashboard'
import { DASHBOARD_TEXT as TEXT } from '~/features/dashboard/texts'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import { AppLink } from '~/ui/app-link'
import { pageMeta } from '~/ui/page-meta'
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Account Info', 'Your subscription.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await visitOf(request, context).signedIn({ roles: [ROLE.customer] })
  const accountNumber = defaultAccountNumber(me.claims.accountNumber ?? [], me.claims.activeAccountNumber)
  if (!accountNumber) return { accountNumber: null, subscription: null, message: null }
  const answer = await me.call((upstream, token) => upstream.devices.subscription(token, accountNumber))
  if (!answer.ok) return { accountNumber, subscription: null, message: answer.message }
  return {
    accountNumber,
    subscription: {
      ...answer.value,
      fee: formatPesos(answer.value.monthlyFee),
      since: formatDate(answer.value.activatedAt, 'date'),
    },
    message: null,
  }
}

export default function AccountSubscription() {
  const { accountNumber, subscription, message } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.subscriptionHeading}</h1>
      {accountNumber ? (
        <p>
          {TEXT.accountHeading}: <strong data-testid="subscription-account">{accountNumber}</strong>
        </p>
      ) : null}
      {message ? <p role="alert">{message}</p> : null}
      {subscription ? (
        <div data-tour="subscribed-account" className="flex flex-col gap-4">
          <SubscriptionFacts subscription={subscription} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-300">{TEXT.monthlyFee}</dt>
            <dd className="font-medium">{subscription.fee}</dd>
            <dt className="text-slate-600 dark:text-slate-300">{TEXT.activated}</dt>
            <dd className="font-medium">{subscription.since}</dd>
          </dl>
        </div>
      ) : null}
      <p data-tour="switch-account">
        <AppLink to="/customer" className="font-semibold underline underline-offset-4">
          {TEXT.switchOrUnlink}
        </AppLink>
      </p>
    </section>
  )
}
