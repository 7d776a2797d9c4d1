/**
 * /profile (issue 11 item 7): names, the email masked as spec 9 says and the mobile number,
 * and plain forms to change the email or the number through a code sent to the new one.
 */
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { ContactChange, Profile } from '~/upstream/profile.server'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import type { FieldMeta } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import { useIsPending } from '~/utils/use-is-pending'
import { formatDate } from '../../../lib/dates'
import { PROFILE_INTENT } from './intents'
import { PROFILE_TEXT as TEXT } from './texts'

type Results = {
  emailResult?: SubmissionResult<string[]>
  mobileResult?: SubmissionResult<string[]>
  verifyResult?: SubmissionResult<string[]>
}

const SECTION = 'flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800'

export function ProfilePage({
  profile,
  change,
  results,
}: {
  profile: Profile | null
  change: ContactChange | null
  results: Results
}) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" aria-labelledby="profile-heading">
      <h1 id="profile-heading" className="text-3xl font-extrabold tracking-tight">
        {TEXT.heading}
      </h1>
      {profile === null ? (
        <p role="alert" className="font-semibold">
          {TEXT.loadFailed}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold">{TEXT.firstName}</dt>
            <dd>{profile.firstName}</dd>
            <dt className="font-semibold">{TEXT.lastName}</dt>
            <dd>{profile.lastName}</dd>
            <dt className="font-semibold">{TEXT.email}</dt>
            <dd data-testid="profile-email">{profile.maskedEmail}</dd>
            <dt className="font-semibold">{TEXT.mobile}</dt>
            <dd data-testid="profile-mobile">{`+63 ${profile.maskedMobileNumber}`}</dd>
          </dl>
          {profile.mobileUnreachable ? (
            <p role="status" className="font-semibold" data-testid="profile-mobile-unreachable">
              {TEXT.mobileUnreachable}
            </p>
          ) : null}
          {change ? <VerifyForm change={change} lastResult={results.verifyResult} /> : null}
          <EmailForm lastResult={results.emailResult} />
          <MobileForm lastResult={results.mobileResult} />
        </>
      )}
    </section>
  )
}

/**
 * The server's answer (Conform's SubmissionResult) as the page's fields: the forms validate
 * on the server only, so the page needs no form library in the browser (the JS budget).
 */
function fromResult(formId: string, lastResult: SubmissionResult<string[]> | undefined) {
  const errors = lastResult?.error ?? {}
  const values = (lastResult?.initialValue ?? {}) as Record<string, unknown>
  return {
    formErrors: errors[''] ?? undefined,
    errorId: `${formId}-error`,
    field: (name: string): FieldMeta => ({
      id: `${formId}-${name}`,
      name,
      errorId: `${formId}-${name}-error`,
      initialValue: values[name],
      errors: errors[name] ?? undefined,
    }),
  }
}

function EmailForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const form = fromResult('change-email', lastResult)
  const busy = useIsPending()
  return (
    <section aria-labelledby="change-email-heading" className={SECTION}>
      <h2 id="change-email-heading" className="text-lg font-bold">
        {TEXT.changeEmailHeading}
      </h2>
      <p>{TEXT.changeEmailIntro}</p>
      <p className="text-sm font-semibold">{TEXT.emailNote}</p>
      <Form method="post" noValidate className="flex flex-col gap-3">
        <FormAlert id={form.errorId} errors={form.formErrors} />
        <Field
          label={TEXT.newEmail}
          field={form.field('email')}
          inputProps={{ type: 'email', autoComplete: 'email' }}
        />
        <div>
          <Button type="submit" name="intent" value={PROFILE_INTENT.sendEmail} disabled={busy}>
            {TEXT.sendCode}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function MobileForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const form = fromResult('change-mobile', lastResult)
  const busy = useIsPending()
  return (
    <section aria-labelledby="change-mobile-heading" className={SECTION}>
      <h2 id="change-mobile-heading" className="text-lg font-bold">
        {TEXT.changeMobileHeading}
      </h2>
      <p>{TEXT.changeMobileIntro}</p>
      <Form method="post" noValidate className="flex flex-col gap-3">
        <FormAlert id={form.errorId} errors={form.formErrors} />
        <Field
          label={TEXT.newMobile}
          prefix="+63"
          hint={TEXT.mobileHint}
          field={form.field('mobileNumber')}
          inputProps={{
            type: 'tel',
            autoComplete: 'tel',
            inputMode: 'numeric',
          }}
        />
        <div>
          <Button type="submit" name="intent" value={PROFILE_INTENT.sendMobile} disabled={busy}>
            {TEXT.sendCode}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function VerifyForm({
  change,
  lastResult,
}: {
  change: ContactChange
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const form = fromResult('verify-contact', lastResult)
  const busy = useIsPending()
  return (
    <section aria-labelledby="verify-heading" className={SECTION}>
      <h2 id="verify-heading" className="text-lg font-bold">
        {TEXT.verifyHeading}
      </h2>
      {change.state === 'live' ? (
        <Form method="post" noValidate className="flex flex-col gap-3">
          <FormAlert id={form.errorId} errors={form.formErrors} />
          <input type="hidden" name="kind" value={change.kind} />
          <input type="hidden" name="emailHashValue" value={change.emailHashValue} />
          <Field
            label={TEXT.codeLabel}
            hint={TEXT.codeSentTo(change.maskedDestination, formatDate(change.expiresAt, 'dateTime'))}
            field={form.field('otp')}
            inputProps={{
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 7,
            }}
          />
          <div>
            <Button type="submit" name="intent" value={PROFILE_INTENT.verify} disabled={busy}>
              {TEXT.verifyButton}
            </Button>
          </div>
        </Form>
      ) : (
        <p role="status" className="font-semibold">
          {change.state === 'locked' ? TEXT.codeLocked : TEXT.codeExpired}
        </p>
      )}
      <Form method="post">
        <input type="hidden" name="emailHashValue" value={change.emailHashValue} />
        <Button type="submit" name="intent" value={PROFILE_INTENT.cancel} variant="ghost" disabled={busy}>
          {TEXT.cancelButton}
        </Button>
      </Form>
    </section>
  )
}
