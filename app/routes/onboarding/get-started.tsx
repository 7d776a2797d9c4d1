/**
 * /get-started (spec 2, 6): the applicant's page, where customers also come to link
 * another account. The route guard keeps anonymous visitors and sales roles out. Shows
 * the registration-success popup to applicants until closed (spec 4), the steps to a
 * fibre application, the link form, the ownership proof's steps once an account number is
 * entered (docs/decisions/0034), and the linked accounts with MAKE DEFAULT, UNLINK and, for
 * links awaiting proof, VERIFY NOW.
 */
import type { SubmissionResult } from '@conform-to/react'
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { LinkAccountForm } from '~/features/own-account/link-account-form'
import { LinkedAccounts, RegistrationSuccess } from '~/features/own-account/own-account'
import { OwnershipProof } from '~/features/own-account/ownership-proof'
import {
  linkedAccountsView,
  mayLinkAccounts,
  ownAccountAction,
  ownershipProof,
  showsRegistrationSuccess,
} from '~/features/own-account/own-account.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

const HERE = '/get-started'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Get started', 'Get started with your fibre application.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const me = await visit.signedIn()
  const { user, claims } = me
  return {
    givenName: user.givenName,
    ...linkedAccountsView(new URL(request.url), claims),
    // The ownership proof under way, kept upstream for this user (docs/security.md, Ownership proof).
    proof: await ownershipProof(me),
    registrationSuccess: showsRegistrationSuccess(claims),
    // spec 9 accountMgmtEnabled: with it off, only applicants link (their first account).
    canLink: mayLinkAccounts(user, visit.config),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const visit = visitOf(request, context)
  const me = await visit.signedIn()
  return ownAccountAction(visit, me, await readForm(request), HERE)
}

export default function GetStarted() {
  const {
    givenName,
    accountNumbers,
    unverifiedAccountNumbers,
    defaultAccountNumber,
    confirmUnlink,
    registrationSuccess,
    canLink,
    proof,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<{
    result?: SubmissionResult<string[]>
    sendResult?: SubmissionResult<string[]>
    verifyResult?: SubmissionResult<string[]>
  }>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      {registrationSuccess ? <RegistrationSuccess /> : null}
      <h1 className="text-3xl font-extrabold tracking-tight">{`Hi ${givenName || 'User'}, let's get you connected`}</h1>
      <ol className="list-decimal space-y-2 pl-6">
        <li>Check that fibre is available at your address.</li>
        <li>Choose a plan.</li>
        <li>Apply online and upload your documents.</li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <AppLink to="/CheckAvailability" className={buttonClass('primary')}>
          CHECK AVAILABILITY
        </AppLink>
        <AppLink to="/plans" className={buttonClass('secondary')}>
          PLANS
        </AppLink>
      </div>
      {proof ? <OwnershipProof proof={proof} results={actionData ?? {}} /> : null}
      <LinkedAccounts
        accountNumbers={accountNumbers}
        unverifiedAccountNumbers={unverifiedAccountNumbers}
        defaultAccountNumber={defaultAccountNumber}
        confirmUnlink={confirmUnlink}
        here={HERE}
      />
      {canLink && !proof ? (
        <LinkAccountForm
          lastResult={actionData?.result}
          another={accountNumbers.length + unverifiedAccountNumbers.length > 0}
        />
      ) : null}
    </section>
  )
}
