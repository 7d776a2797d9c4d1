/**
 * /customer (spec 2): the customer's home. The greeting, the default account number
 * (spec 3) and the linked accounts come from the ID token's claims; the accounts can be
 * switched and unlinked here, and the welcome banner shows until closed (spec 4). Links
 * awaiting proof of ownership show as 'Needs verification' with VERIFY NOW, which starts
 * the proof at /get-started; they are never the default account (docs/decisions/0034). With
 * ?showTermsOfUse=true (spec 4: where /terms-of-use sends customers) the terms of use
 * open above the page, rendered by the server, with a close link.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ROLE } from '~/auth/roles'
import { asUser } from '~/auth/as-user.server'
import { LinkedAccounts, WelcomeBanner } from '~/features/own-account/own-account'
import { linkedAccountsView, ownAccountAction, showsWelcomeBanner } from '~/features/own-account/own-account.server'
import { OWN_ACCOUNT_TEXT } from '~/features/own-account/texts'
import { LegalPage } from '~/features/legal/legal-page'
import { loadTermsOfUse } from '~/features/legal/legal.server'
import { useRootData } from '~/root-data'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { tourPromptShown } from '~/features/tour/tour.server'
import { TourNeedsScript, TourPrompt } from '~/features/tour/tour-prompt'
import { TourHost } from '~/features/tour/tour-host'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My account', 'Your accounts.'),
  { name: 'robots', content: 'noindex' },
]

// Personal data: never kept by a cache or shown again by the back button after logout.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { claims } = await asUser(request, context, { roles: [ROLE.customer] })
  const query = new URL(request.url).searchParams
  return {
    givenName: claims.given_name ?? '',
    ...linkedAccountsView(request, claims),
    welcomeBanner: showsWelcomeBanner(claims),
    tourPrompt: tourPromptShown(request, claims),
    tourStep: query.has('tour'),
    accountManagement: context.config.ACCOUNT_MGMT_ENABLED,
    termsOfUse: query.get('showTermsOfUse') === 'true' ? await loadTermsOfUse(context) : null,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return ownAccountAction(request, context, await asUser(request, context, { roles: [ROLE.customer] }), '/customer')
}

export default function CustomerHome() {
  const {
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
          <LegalPage document={termsOfUse} />
          <div className="px-4 pb-6 text-right">
            <AppLink to="/customer" className={buttonClass('primary')}>
              CLOSE
            </AppLink>
          </div>
        </div>
      ) : null}
      <h1 className="text-3xl font-extrabold tracking-tight">{`Welcome, ${givenName || 'User'}`}</h1>
      {welcomeBanner ? <WelcomeBanner productName={productName} /> : null}
      {tourPrompt ? <TourPrompt /> : null}
      {/* The coachmarks (spec 4). At merge: in the customer shell layout, for every page of the tour. */}
      <TourHost />
      {tourStep ? <TourNeedsScript /> : null}
      {defaultAccountNumber ? (
        <>
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
              Account number
            </h2>
            <p className="text-2xl font-bold" data-testid="default-account">
              {defaultAccountNumber}
            </p>
          </div>
        </>
      ) : (
        // spec 2, Layout: the message when the user has no account number (links awaiting
        // proof do not count: docs/security.md, Ownership proof).
        <p role="status">No account number available</p>
      )}
      <LinkedAccounts
        accountNumbers={accountNumbers}
        unverifiedAccountNumbers={unverifiedAccountNumbers}
        defaultAccountNumber={defaultAccountNumber}
        confirmUnlink={confirmUnlink}
        here="/customer"
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
