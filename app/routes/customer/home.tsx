/**
 * /customer and /dashboard (spec 2; issue 11 item 2): the customer's dashboard, inside the
 * customer shell (layout.tsx). The default account (spec 3) with a switch among the proven
 * ones; the outage in its area; the amount due with Pay (the bills feature's); the subscription; the modem with its signal, chart and
 * RESTART MODEM (confirmed on ?restart=confirm); the linked accounts with switching,
 * unlinking and, for links awaiting proof, VERIFY NOW (docs/decisions/0034); the welcome
 * banner until closed (spec 4); with ?showTermsOfUse=true (spec 4: where /terms-of-use
 * sends customers) the terms of use open above the page, rendered by the server.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { ROLE } from '~/auth/roles'
import { visitOf } from '~/visit/visit.server'
import { AmountDueCard } from '~/features/bills/amount-due-card'
import {
  AccountSwitcher,
  CreditNotice,
  ModemCard,
  OutageNotice,
  SubscriptionCard,
} from '~/features/dashboard/dashboard'
import { loadDashboard, restartModem, RESTART_INTENT } from '~/features/dashboard/dashboard.server'
import { NoInternetCard } from '~/features/no-internet/no-internet-card'
import { LinkedAccounts, WelcomeBanner } from '~/features/own-account/own-account'
import { linkedAccountsView, ownAccountAction, showsWelcomeBanner } from '~/features/own-account/own-account.server'
import { OWN_ACCOUNT_TEXT } from '~/features/own-account/texts'
import { loadTermsOfUse } from '~/features/legal/legal.server'
import { useRootData } from '~/root-data'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { tourPromptShown } from '~/features/tour/tour.server'
import { lazy, Suspense } from 'react'
import { TourNeedsScript, TourPrompt } from '~/features/tour/tour-prompt'

/**
 * The Terms of Use over the dashboard (?showTermsOfUse=true, spec 2): rendered whole by the server,
 * its code fetched with import() and hydrated then (docs/decisions/0023), so the dashboard's
 * first-visit JS does not carry a page it seldom shows.
 */
const LegalPage = lazy(() => import('~/features/legal/legal-page').then((module) => ({ default: module.LegalPage })))

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My account', 'Your accounts, subscription and modem.'),
  { name: 'robots', content: 'noindex' },
]

// Personal data: never kept by a cache or shown again by the back button after logout.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await visitOf(request, context).signedIn({ roles: [ROLE.customer] })
  const { claims } = me
  const url = new URL(request.url)
  return {
    here: url.pathname,
    givenName: claims.given_name ?? '',
    ...linkedAccountsView(url, claims),
    welcomeBanner: showsWelcomeBanner(claims),
    tourPrompt: tourPromptShown(request, claims),
    tourStep: url.searchParams.has('tour'),
    accountManagement: context.config.ACCOUNT_MGMT_ENABLED,
    termsOfUse:
      url.searchParams.get('showTermsOfUse') === 'true' ? await loadTermsOfUse(visitOf(request, context).portal) : null,
    ...(await dashboardWithAmountDue(me, request)),
  }
}

/** The dashboard and, for its account, the bills feature's amount due (issue 11 items 2 and 3), from one call. */
async function dashboardWithAmountDue(me: Parameters<typeof loadDashboard>[0], request: Request) {
  const loaded = await loadDashboard(me, request)
  if (!loaded) return { dashboard: null, amountDue: null }
  const { amountDue, ...dashboard } = loaded
  return { dashboard, amountDue }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const visit = visitOf(request, context)
  const me = await visit.signedIn({ roles: [ROLE.customer] })
  const here = new URL(request.url).pathname
  // The restart is the dashboard's; every other intent is the own-account settings'.
  const form = await readForm(request)
  if (form.get('intent') === RESTART_INTENT) return restartModem(form, me, context.config, here)
  return ownAccountAction(visit, me, form, here)
}

export default function CustomerHome() {
  const {
    here,
    givenName,
    accountNumbers,
    unverifiedAccountNumbers,
    defaultAccountNumber,
    confirmUnlink,
    welcomeBanner,
    tourPrompt,
    tourStep,
    accountManagement,
    termsOfUse,
    dashboard,
    amountDue,
  } = useLoaderData<typeof loader>()
  const productName = useRootData()?.productName ?? ''
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      {termsOfUse ? (
        <div
          role="dialog"
          aria-label="Terms of Use"
          className="rounded-lg border border-slate-200 shadow-lg dark:border-slate-800"
        >
          <Suspense fallback={null}>
            <LegalPage document={termsOfUse} />
          </Suspense>
          <div className="px-4 pb-6 text-right">
            <AppLink to={here} className={buttonClass('primary')}>
              CLOSE
            </AppLink>
          </div>
        </div>
      ) : null}
      <h1 className="text-3xl font-extrabold tracking-tight">{`Welcome, ${givenName || 'User'}`}</h1>
      {welcomeBanner ? <WelcomeBanner productName={productName} /> : null}
      {tourPrompt ? <TourPrompt /> : null}
      {tourStep ? <TourNeedsScript /> : null}
      {dashboard ? (
        <>
          <AccountSwitcher accountNumber={dashboard.accountNumber} others={dashboard.switchable} here={here} />
          <OutageNotice outage={dashboard.outage} />
          <NoInternetCard card={dashboard.noInternet} />
          {amountDue ? <AmountDueCard view={amountDue} history /> : null}
          <CreditNotice credits={dashboard.credits} />
          <div className="grid gap-4 md:grid-cols-2">
            <SubscriptionCard subscription={dashboard.subscription} />
            <ModemCard
              accountNumber={dashboard.accountNumber}
              modem={dashboard.modem}
              confirmRestart={dashboard.confirmRestart}
              here={here}
            />
          </div>
        </>
      ) : null}
      <LinkedAccounts
        accountNumbers={accountNumbers}
        unverifiedAccountNumbers={unverifiedAccountNumbers}
        defaultAccountNumber={defaultAccountNumber}
        confirmUnlink={confirmUnlink}
        here={here}
      />
      {accountManagement ? (
        <p>
          <AppLink to="/get-started" className={buttonClass('secondary')}>
            {OWN_ACCOUNT_TEXT.linkAnotherHeading.toUpperCase()}
          </AppLink>
        </p>
      ) : null}
    </section>
  )
}
