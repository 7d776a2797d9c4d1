/**
 * The user's own account settings on screen: the link form, the linked accounts (those
 * awaiting proof marked 'Needs verification' with VERIFY NOW; the proof's steps are in
 * ownership-proof.tsx) with
 * MAKE DEFAULT and UNLINK (a confirmation with NO and YES, reached by a plain link), the
 * welcome banner and the registration-success popup. Every control is a POST form or a
 * link: all of it works without JavaScript (docs/architecture.md, 4).
 * The link form is in link-account-form.tsx (it needs Conform, which pages without the form,
 * like /customer, should not load).
 */
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { useIsPending } from '~/utils/use-is-pending'
import { INTENT } from './intents'
import { OWN_ACCOUNT_TEXT as TEXT } from './texts'

export function IntentButton({
  intent,
  children,
  variant = 'primary',
  label,
  accountNumber,
  action,
}: {
  intent: string
  children: ReactNode
  variant?: 'primary' | 'secondary' | 'ghost'
  label?: string
  accountNumber?: string
  /** The route whose action answers (default: the page's own). */
  action?: string
}) {
  const busy = useIsPending()
  return (
    <Form method="post" action={action} className="inline">
      {accountNumber ? <input type="hidden" name="accountNumber" value={accountNumber} /> : null}
      <Button type="submit" name="intent" value={intent} variant={variant} aria-label={label} disabled={busy}>
        {children}
      </Button>
    </Form>
  )
}

export function LinkedAccounts({
  accountNumbers,
  unverifiedAccountNumbers = [],
  defaultAccountNumber,
  confirmUnlink,
  here,
}: {
  accountNumbers: string[]
  /** Linked, ownership not yet proven: listed after the others as 'Needs verification', with VERIFY NOW. */
  unverifiedAccountNumbers?: string[]
  defaultAccountNumber: string | null
  /** The account whose unlinking awaits YES or NO (?unlink= its place in the list), if any. */
  confirmUnlink: string | null
  here: string
}) {
  if (accountNumbers.length + unverifiedAccountNumbers.length === 0) return null
  const all = [...accountNumbers, ...unverifiedAccountNumbers]
  return (
    <section aria-labelledby="linked-accounts-heading" className="flex flex-col gap-3">
      <h2 id="linked-accounts-heading" className="text-lg font-bold">
        {TEXT.linkedHeading}
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Linked accounts">
        {all.map((accountNumber, index) => {
          const unverified = index >= accountNumbers.length
          return (
            <li key={accountNumber} className="flex flex-col gap-2 py-3">
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-semibold" data-testid="linked-account">
                  {accountNumber}
                </span>
                {accountNumber === defaultAccountNumber ? (
                  <span className="text-sm text-slate-600 dark:text-slate-300">{TEXT.defaultMark}</span>
                ) : null}
                {unverified ? (
                  <span
                    className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                    data-testid="needs-verification"
                  >
                    {TEXT.needsVerification}
                  </span>
                ) : null}
                <div className="ml-auto flex gap-2">
                  {unverified ? (
                    <IntentButton
                      action={here}
                      intent={INTENT.prove}
                      accountNumber={accountNumber}
                      label={TEXT.proveLabel(accountNumber)}
                    >
                      {TEXT.proveButton}
                    </IntentButton>
                  ) : accountNumber === defaultAccountNumber ? null : (
                    <IntentButton
                      action={here}
                      intent={INTENT.makeDefault}
                      accountNumber={accountNumber}
                      variant="secondary"
                      label={TEXT.makeDefaultLabel(accountNumber)}
                    >
                      {TEXT.makeDefaultButton}
                    </IntentButton>
                  )}
                  {/* The account's place in the list, not its number: account numbers stay out of URLs (docs/security.md, Logs and privacy). */}
                  <AppLink
                    to={`${here}?unlink=${index + 1}`}
                    className={buttonClass('ghost')}
                    aria-label={`Unlink account ${accountNumber}`}
                  >
                    {TEXT.unlinkButton}
                  </AppLink>
                </div>
              </div>
              {confirmUnlink === accountNumber ? (
                <div
                  role="alertdialog"
                  aria-labelledby="unlink-question"
                  aria-describedby="unlink-body"
                  className="flex flex-col gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
                >
                  <p id="unlink-question" className="font-bold">
                    {TEXT.unlinkQuestion(accountNumber)}
                  </p>
                  <p id="unlink-body">{TEXT.unlinkBody}</p>
                  <div className="flex gap-3">
                    <AppLink to={here} className={buttonClass('secondary')}>
                      {TEXT.no}
                    </AppLink>
                    <IntentButton action={here} intent={INTENT.unlink} accountNumber={accountNumber}>
                      {TEXT.yes}
                    </IntentButton>
                  </div>
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
      {unverifiedAccountNumbers.length > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.needsVerificationNote}</p>
      ) : null}
    </section>
  )
}

/** spec 4: shown to customers until they close it; closing sets displayWelcomeBanner false. */
export function WelcomeBanner({ productName }: { productName: string }) {
  return (
    <aside
      aria-labelledby="welcome-heading"
      className="flex flex-col gap-2 rounded-lg bg-brand-50 p-4 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
      data-testid="welcome-banner"
    >
      <h2 id="welcome-heading" className="text-lg font-bold">
        {TEXT.welcomeHeading(productName)}
      </h2>
      <p>{TEXT.welcomeBody}</p>
      <div>
        <IntentButton intent={INTENT.dismissWelcome}>{TEXT.welcomeClose}</IntentButton>
      </div>
    </aside>
  )
}

/** spec 4: shown to first-role users (applicants) until they close it; closing sets displaySuccessRegistration false. */
export function RegistrationSuccess() {
  return (
    <div
      role="dialog"
      aria-labelledby="registration-success-heading"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 shadow-lg dark:border-slate-800"
    >
      <h2 id="registration-success-heading" className="text-lg font-bold">
        {TEXT.registrationSuccessHeading}
      </h2>
      <p>{TEXT.registrationSuccessBody}</p>
      <div>
        <IntentButton intent={INTENT.dismissRegistrationSuccess}>{TEXT.close}</IntentButton>
      </div>
    </div>
  )
}
