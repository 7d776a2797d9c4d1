/**
 * spec 2's popups, each rendered open by the server (?dialog=, app/ui/dialog.tsx): the pin
 * demo, 'Do you confirm that this is your exact location?' with NO/YES, the serviceable
 * popup with its start-application button, the non-serviceable popup with the lead form,
 * and the thanks once a lead is filed. Their buttons are forms and links, so they work
 * without JavaScript.
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { useState } from 'react'
import { ButtonLink, Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useHydrated } from '~/ui/use-hydrated'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useIsPending } from '~/utils/use-is-pending'
import type { Dialog as DialogName } from './intents'
import { INTENT } from './intents'
import { useCheckMode } from './mode'
import { CHECK_TEXT as TEXT, REFERRAL_CHECK_TEXT } from './texts'

const loadLeadSchema = () => import('./schemas').then((module) => module.LeadSchema)

// spec 5: the lead form's mobile pattern (the schema says the same on the server).
const LEAD_MOBILE = /^(\+63)?[89]\d{9}$/

/** START APPLICATION leads to the plans, the draft kept; a sales agent's to their own plan step (issue 13). */
export const START_APPLICATION_PATH = '/plans'
export const SALES_START_APPLICATION_PATH = '/sales/application/onboard'

export type LeadPerson = { fullName: string; mobileNumber: string; email: string }

export function ResultDialog({
  dialog,
  person,
  leadId,
  leadResult,
  leadConstraint,
  pin,
  agent,
  error,
}: {
  /** A referral's filing that failed: its words, shown in the popup. */
  error?: string
  /** A sales agent checks for a customer: the application goes on in the sales area. */
  agent: boolean
  dialog: DialogName
  person: LeadPerson
  leadId: string | null
  leadResult: SubmissionResult<string[]> | undefined
  leadConstraint: FormConstraint
  pin: { latitude: string; longitude: string }
}) {
  const busy = useIsPending()
  const { kind, path } = useCheckMode()
  if (kind !== 'check' && (dialog === 'serviceable' || dialog === 'not-serviceable'))
    return <ReferralResultDialog kind={kind} serviceable={dialog === 'serviceable'} error={error} />
  switch (dialog) {
    case 'pin-demo':
      return (
        <Dialog title={TEXT.pinDemoTitle} closeHref={path}>
          <ol className="list-decimal space-y-1 pl-5">
            {TEXT.pinDemoSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-2 text-sm">{TEXT.pinDemoNoScript}</p>
        </Dialog>
      )
    case 'confirm':
      return (
        <Dialog
          title={TEXT.confirmTitle}
          closeHref={path}
          actions={
            <>
              <ButtonLink to={path} variant="secondary">
                {TEXT.no}
              </ButtonLink>
              <Form method="post" action={path}>
                <Button type="submit" name="intent" value={INTENT.confirm} disabled={busy}>
                  {TEXT.yes}
                </Button>
              </Form>
            </>
          }
        >
          <p className="font-semibold">{TEXT.confirmQuestion}</p>
          <p className="mt-2 text-sm">{TEXT.mapFallback(pin.latitude, pin.longitude)}</p>
        </Dialog>
      )
    case 'serviceable':
      return (
        <Dialog
          title={TEXT.serviceableTitle}
          closeHref={path}
          actions={
            <ButtonLink to={agent ? SALES_START_APPLICATION_PATH : START_APPLICATION_PATH}>
              {TEXT.startApplication}
            </ButtonLink>
          }
        >
          <p>{TEXT.serviceableBody}</p>
        </Dialog>
      )
    case 'not-serviceable':
      return (
        <Dialog title={TEXT.notServiceableTitle} closeHref={path}>
          <p>{TEXT.notServiceableBody}</p>
          <LeadForm person={person} lastResult={leadResult} constraint={leadConstraint} />
        </Dialog>
      )
    case 'lead-filed':
      return (
        <Dialog title={TEXT.leadFiledTitle} closeHref={path}>
          <p>{TEXT.leadFiledBody}</p>
          {leadId ? <p className="mt-2 text-sm font-semibold">{TEXT.leadReference(leadId)}</p> : null}
        </Dialog>
      )
  }
}

/**
 * The result in a referral (spec 2: the serviceable popup's submit-referral button; issue 15:
 * a non-serviceable referee is filed as such). One button, posted: it works without JavaScript.
 */
function ReferralResultDialog({
  kind,
  serviceable,
  error,
}: {
  kind: 'refer' | 'winback'
  serviceable: boolean
  error: string | undefined
}) {
  const busy = useIsPending()
  const { path } = useCheckMode()
  const text = REFERRAL_CHECK_TEXT[kind]
  return (
    <Dialog
      title={serviceable ? text.serviceableTitle : text.notServiceableTitle}
      closeHref={path}
      actions={
        // Posted with the popup named: a failure comes back with the popup open and its words in it.
        <Form method="post" action={`${path}?dialog=${serviceable ? 'serviceable' : 'not-serviceable'}`}>
          <Button type="submit" name="intent" value={INTENT.refer} disabled={busy}>
            {kind === 'refer' ? REFERRAL_CHECK_TEXT.submitReferral : REFERRAL_CHECK_TEXT.submitWinback}
          </Button>
        </Form>
      }
    >
      <p>{serviceable ? text.serviceableBody : text.notServiceableBody}</p>
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </Dialog>
  )
}

/** spec 5's lead form: name, mobile and email read-only from step 1, an optional additional mobile. */
function LeadForm({
  person,
  lastResult,
  constraint,
}: {
  person: LeadPerson
  lastResult: SubmissionResult<string[]> | undefined
  constraint: FormConstraint
}) {
  const hydrated = useHydrated()
  const busy = useIsPending()
  const { path } = useCheckMode()
  const [form, fields] = useSchemaForm({
    id: 'lead',
    lastResult,
    constraint,
    defaultValue: { ...person, additionalMobile: '' },
    loadSchema: loadLeadSchema,
  })
  const [additional, setAdditional] = useState('')
  const [left, setLeft] = useState(false)
  const valid = additional.trim() === '' || LEAD_MOBILE.test(additional.replace(/[\s()-]/g, ''))
  // The message shows once the field is left, whether or not the schema has loaded yet.
  const meta = fields.additionalMobile
  // Conform's field metadata is read through getters: copied field by field, not spread.
  const additionalField = {
    id: meta.id,
    name: meta.name,
    errorId: meta.errorId,
    initialValue: meta.initialValue,
    errors: meta.errors ?? (hydrated && left && !valid ? [TEXT.leadMobileInvalid] : undefined),
  }
  const readOnly = (name: 'fullName' | 'mobileNumber' | 'email', label: string, type: 'text' | 'tel' | 'email') => (
    <Field
      label={label}
      field={fields[name]}
      inputProps={{ ...getInputProps(fields[name], { type }), readOnly: true, required: undefined, pattern: undefined }}
    />
  )
  return (
    <Form
      method="post"
      action={`${path}?dialog=not-serviceable`}
      {...getFormProps(form)}
      className="mt-4 flex flex-col gap-3"
    >
      <FormAlert id={form.errorId} errors={form.errors} />
      {readOnly('fullName', TEXT.fullName, 'text')}
      {readOnly('mobileNumber', TEXT.leadMobile, 'tel')}
      {readOnly('email', TEXT.leadEmail, 'email')}
      <Field
        label={TEXT.additionalMobile}
        field={additionalField}
        prefix="+63"
        hint={TEXT.optional}
        inputProps={{
          ...getInputProps(fields.additionalMobile, { type: 'tel' }),
          pattern: undefined,
          maxLength: 20,
          inputMode: 'numeric',
          autoComplete: 'off',
          onChange: (event) => setAdditional(event.target.value),
          onBlur: () => setLeft(true),
        }}
      />
      <div>
        {/* spec 5: submit disabled until the form is valid. */}
        <Button type="submit" name="intent" value={INTENT.lead} disabled={busy || (hydrated && !valid)}>
          {TEXT.submitLead}
        </Button>
      </div>
    </Form>
  )
}
