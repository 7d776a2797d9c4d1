/**
 * The ownership proof's steps on screen (docs/security.md, Ownership proof; decision 0034),
 * shown at /get-started only, so the customer home does not carry them. Plain POST forms:
 * choose where the code goes (the account's contacts, masked), then enter the code.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { RadioGroup } from '~/ui/radio-group'
import type { ProofView } from './own-account.server'
import { useIsPending } from '~/utils/use-is-pending'
import { INTENT } from './intents'
import { IntentButton } from './own-account'
import { OWN_ACCOUNT_TEXT as TEXT } from './texts'

type ProofResults = {
  sendResult?: SubmissionResult<string[]>
  verifyResult?: SubmissionResult<string[]>
}

/**
 * The ownership proof's steps (docs/security.md, Ownership proof), drawn from the upstream's
 * state for this user: choose where the code goes (the account's contacts, masked), then
 * enter the code. The account number stays on screen throughout. Plain POST forms.
 */
export function OwnershipProof({ proof, results }: { proof: ProofView; results: ProofResults }) {
  const code = proof.code
  const live = code?.state === 'live'
  return (
    <section
      aria-labelledby="proof-heading"
      className="flex flex-col gap-4 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
    >
      <h2 id="proof-heading" className="text-lg font-bold">
        {TEXT.proofHeading}
      </h2>
      <p>{TEXT.proofIntro}</p>
      <dl>
        <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{TEXT.proofAccountLabel}</dt>
        <dd className="text-xl font-bold" data-testid="proof-account">
          {proof.accountNumber}
        </dd>
      </dl>
      {live && code ? <CodeForm code={code} lastResult={results.verifyResult} /> : null}
      {code && code.state !== 'live' ? (
        <p role="status" className="font-semibold">
          {code.state === 'locked' ? TEXT.codeLocked : TEXT.codeExpired}
        </p>
      ) : null}
      <SendCodeForm proof={proof} lastResult={results.sendResult} again={live} />
      <div>
        <IntentButton intent={INTENT.cancelProof} variant="ghost">
          {TEXT.cancelProofButton}
        </IntentButton>
      </div>
    </section>
  )
}

function CodeForm({
  code,
  lastResult,
}: {
  code: NonNullable<ProofView['code']>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm<{ otp: string; emailHashValue: string }>({
    id: 'verify-code',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const busy = useIsPending()
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="emailHashValue" value={code.emailHashValue} />
      <Field
        label={TEXT.codeLabel}
        hint={TEXT.codeSentTo(code.maskedDestination, code.expiresAtLabel)}
        field={fields.otp}
        inputProps={{
          ...getInputProps(fields.otp, { type: 'text' }),
          required: undefined,
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 7,
        }}
      />
      <div>
        <Button type="submit" name="intent" value={INTENT.verifyCode} disabled={busy}>
          {TEXT.verifyButton}
        </Button>
      </div>
    </Form>
  )
}

function SendCodeForm({
  proof,
  lastResult,
  again,
}: {
  proof: ProofView
  lastResult: SubmissionResult<string[]> | undefined
  again: boolean
}) {
  const [form, fields] = useForm<{ channel: string }>({
    id: 'send-code',
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: { channel: proof.code?.channel ?? proof.contacts[0]?.channel },
  })
  const busy = useIsPending()
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
      <FormAlert id={form.errorId} errors={form.errors} />
      <RadioGroup
        legend={TEXT.channelLegend}
        field={fields.channel}
        options={proof.contacts.map((contact) => ({
          value: contact.channel,
          label: contact.channel === 'email' ? TEXT.channelEmail(contact.masked) : TEXT.channelMobile(contact.masked),
        }))}
      />
      <div>
        <Button
          type="submit"
          name="intent"
          value={INTENT.sendCode}
          variant={again ? 'secondary' : 'primary'}
          disabled={busy}
        >
          {again ? TEXT.sendNewCodeButton : TEXT.sendCodeButton}
        </Button>
      </div>
    </Form>
  )
}
