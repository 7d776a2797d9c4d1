/** The compliance page (issue 10 part 4): code first, then the rejected categories with their reasons and upload links. */
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import { AppLink } from '~/ui/app-link'
import { Button, ButtonLink } from '~/ui/button'
import { CONTROL_CLASS, LABEL_CLASS } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { CATEGORY_LABELS } from '../../../lib/application-status-words'
import type { ComplianceState } from './compliance.server'
import { TEXT } from './texts'

const CHECK_STATUS = '/check-status'

export function CompliancePage({
  state,
  uploadPath,
}: {
  state: ComplianceState
  uploadPath: (category: string) => string
}) {
  if (state.state === 'invalid') {
    return (
      <Shell heading={TEXT.linkInvalidHeading}>
        <p role="alert">{state.message}</p>
        <AppLink to={CHECK_STATUS} className="font-semibold underline underline-offset-4">
          {TEXT.checkStatusLink}
        </AppLink>
      </Shell>
    )
  }
  if (state.state === 'open') {
    const { view } = state
    return (
      <Shell heading={TEXT.complianceOpenHeading(view.referenceNo)}>
        {view.openCategories.length === 0 ? (
          <p role="status">{TEXT.nothingOpen}</p>
        ) : (
          <>
            <p>{TEXT.complianceOpenIntro}</p>
            <ul className="flex flex-col gap-4">
              {view.openCategories.map((r) => (
                <li key={r.category} className="rounded-2xl border border-slate-300 p-4 dark:border-slate-700">
                  <h2 className="text-lg font-bold">{CATEGORY_LABELS[r.category]}</h2>
                  <p className="mt-1">
                    {TEXT.rejectedReason}: {r.reason}
                  </p>
                  <ButtonLink to={uploadPath(r.category)} className="mt-3">
                    {TEXT.uploadLink(CATEGORY_LABELS[r.category])}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </Shell>
    )
  }
  if (state.state === 'code') {
    return (
      <Shell heading={TEXT.complianceHeading}>
        {state.maskedEmail ? <p role="status">{TEXT.codeSent(state.maskedEmail)}</p> : null}
        {state.dead ? (
          <>
            <FormAlert id="code-dead" errors={[state.error ?? '']} />
            <SendCodeForm label={TEXT.resendCodeButton} />
          </>
        ) : (
          <>
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="verify" />
              <input type="hidden" name="maskedEmail" value={state.maskedEmail} />
              <div className="flex flex-col gap-1">
                <label htmlFor="compliance-code" className={LABEL_CLASS}>
                  {TEXT.codeLabel}
                </label>
                <input
                  id="compliance-code"
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  required
                  aria-invalid={state.error ? true : undefined}
                  aria-describedby={state.error ? 'compliance-code-error' : undefined}
                  className={CONTROL_CLASS}
                />
                {state.error ? (
                  <p id="compliance-code-error" className="text-sm text-red-700 dark:text-red-400">
                    {state.error}
                  </p>
                ) : null}
              </div>
              <div>
                <Button type="submit">{TEXT.verifyCodeButton}</Button>
              </div>
            </Form>
            <SendCodeForm label={TEXT.resendCodeButton} variant="secondary" />
          </>
        )}
      </Shell>
    )
  }
  return (
    <Shell heading={TEXT.complianceHeading}>
      <p>{TEXT.complianceStart}</p>
      <SendCodeForm label={TEXT.sendCodeButton} />
    </Shell>
  )
}

function SendCodeForm({ label, variant = 'primary' }: { label: string; variant?: 'primary' | 'secondary' }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="send" />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  )
}

function Shell({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{heading}</h1>
      {children}
    </div>
  )
}
