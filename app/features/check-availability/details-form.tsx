/**
 * Step 1 (spec 2, 5): first and last name, mobile number with +63 shown, email, and the
 * privacy-notice consent. The server checks everything on Continue and brings the form
 * back filled in with spec 5's messages beside the fields; once the page runs the same
 * schema checks each field as it is left, names are upper-cased as they are typed, the
 * mobile number takes the (9XX) XXX XXXX shape, and the consent stays disabled until
 * the details are valid (spec 5).
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '~/ui/button'
import { CheckboxField } from '~/ui/checkbox-field'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useHydrated } from '~/ui/use-hydrated'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useIsPending } from '~/utils/use-is-pending'
import { useUnsavedWarning } from '~/ui/unsaved-warning'
import { formatMobile } from '../../../lib/mobile'
import { INTENT } from './intents'
import { useCheckMode, type CheckModeKind } from './mode'
import { CHECK_TEXT as TEXT, REFERRAL_CHECK_TEXT } from './texts'

// import(): the schemas, and zod with them, stay out of the page's first JS (docs/decisions/0012).
// Typed as the referral's schema, whose fields are the visitor's plus the additional mobile.
const loadDetailsSchema = (kind: CheckModeKind) =>
  import('./schemas').then(
    (module) =>
      (kind === 'refer'
        ? module.ReferDetailsSchema
        : kind === 'winback'
          ? module.WinbackDetailsSchema
          : module.DetailsSchema) as typeof module.ReferDetailsSchema,
  )
const loadDetailsOnlySchema = (kind: CheckModeKind) =>
  import('./schemas').then((module) => (kind === 'check' ? module.DetailsOnlySchema : module.RefereeOnlySchema))

export type DetailsValues = {
  firstName: string
  lastName: string
  mobileNumber: string
  email: string
  /** A referee's additional mobile (issue 15), never asked in the visitor's own check. */
  alternateMobile?: string
}

/** What step 1 says in each mode (the visitor's own check, a referral, a Win Back). */
function textsFor(kind: CheckModeKind) {
  if (kind === 'check') return { intro: TEXT.detailsIntro, consentLabel: TEXT.consentLabel }
  const text = REFERRAL_CHECK_TEXT[kind]
  return { intro: text.detailsIntro, consentLabel: text.consentLabel }
}

/** True once the details alone pass (spec 5: then the consent is enabled); null until the schema loads. */
function useDetailsValid(formId: string, kind: CheckModeKind) {
  const [valid, setValid] = useState<boolean | null>(null)
  // A ref, not state: an input event between the schema's arrival and the next render must be
  // checked too (with state, its handler still held "no check yet", and a last keystroke in
  // that moment left the consent disabled for good on a slow phone).
  const check = useRef<((form: HTMLFormElement) => boolean) | null>(null)
  useEffect(() => {
    let live = true
    Promise.all([import('zod'), loadDetailsOnlySchema(kind)]).then(
      ([{ config }, schema]) => {
        config({ jitless: true })
        if (!live) return
        const test = (form: HTMLFormElement) => {
          const data = new FormData(form)
          return schema.safeParse({
            firstName: data.get('firstName') ?? '',
            lastName: data.get('lastName') ?? '',
            mobileNo: data.get('mobileNo') ?? '',
            email: data.get('email') ?? '',
            ...(kind === 'check' ? {} : { alternateMobileNo: data.get('alternateMobileNo') ?? '' }),
          }).success
        }
        check.current = test
        const form = document.getElementById(formId)
        if (form instanceof HTMLFormElement) setValid(test(form))
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [formId, kind])
  return {
    valid,
    recheck: (form: HTMLFormElement) => {
      if (check.current) setValid(check.current(form))
    },
  }
}

export function DetailsForm({
  lastResult,
  constraint,
  saved,
  action,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  constraint: FormConstraint
  /** What the draft holds (Back from step 2, or a reload). */
  saved: DetailsValues | null
  /** Where the form posts, when it shows on another page than the screen's (the Win Back page). */
  action?: string
}) {
  const hydrated = useHydrated()
  const busy = useIsPending()
  const { kind, path } = useCheckMode()
  const texts = textsFor(kind)
  const [form, fields] = useSchemaForm({
    id: 'check-details',
    lastResult,
    constraint,
    defaultValue: saved
      ? {
          firstName: saved.firstName,
          lastName: saved.lastName,
          mobileNo: formatMobile(saved.mobileNumber),
          email: saved.email,
          ...(saved.alternateMobile ? { alternateMobileNo: formatMobile(saved.alternateMobile) } : {}),
          checkTerms: true,
        }
      : undefined,
    loadSchema: () => loadDetailsSchema(kind),
  })
  const { valid, recheck } = useDetailsValid(form.id, kind)
  // spec 4: leaving with details typed warns, unless a referral is on.
  useUnsavedWarning(form.id, kind === 'check')
  const [consented, setConsented] = useState(saved !== null)
  // A box ticked before the page's code ran (a slow phone, a lazily loaded screen) is ticked
  // in the page, not yet in this state: read it once the form is live.
  useEffect(() => {
    const box = document.getElementById(form.id)
    const consent = box instanceof HTMLFormElement ? box.elements.namedItem('checkTerms') : null
    if (consent instanceof HTMLInputElement) setConsented(consent.checked)
  }, [form.id])
  // Without JavaScript, or until the schema loads, the server checks the consent on Continue.
  const consentDisabled = hydrated && valid === false
  const continueDisabled = busy || (hydrated && (valid === false || !consented))

  function onInput(event: FormEvent<HTMLFormElement>) {
    const target = event.target
    if (target instanceof HTMLInputElement) {
      if (target.name === 'firstName' || target.name === 'lastName') upperCase(target)
      if (target.name === 'mobileNo' || target.name === 'alternateMobileNo') target.value = formatMobile(target.value)
      if (target.name === 'checkTerms') setConsented(target.checked)
    }
    recheck(event.currentTarget)
  }

  return (
    <Form
      method="post"
      action={action ?? path}
      {...getFormProps(form)}
      onInput={onInput}
      className="flex flex-col gap-4"
    >
      <p className="text-slate-600 dark:text-slate-300">{texts.intro}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={TEXT.firstName}
          field={fields.firstName}
          inputProps={{
            ...getInputProps(fields.firstName, { type: 'text' }),
            autoComplete: 'given-name',
            className: 'uppercase',
            // spec 5 says 'Input limit exceeded' past 50: the browser must not cut the text short.
            maxLength: undefined,
          }}
        />
        <Field
          label={TEXT.lastName}
          field={fields.lastName}
          inputProps={{
            ...getInputProps(fields.lastName, { type: 'text' }),
            autoComplete: 'family-name',
            className: 'uppercase',
            maxLength: undefined,
          }}
        />
      </div>
      <Field
        label={TEXT.mobileNumber}
        field={fields.mobileNo}
        prefix="+63"
        hint={TEXT.mobileHint}
        inputProps={{
          ...getInputProps(fields.mobileNo, { type: 'tel' }),
          // The shown format is longer than the ten digits; the schema checks the digits.
          pattern: undefined,
          // Room for the number as people write it: '+63 (917) 123-4567'.
          maxLength: 20,
          inputMode: 'numeric',
          autoComplete: 'tel',
        }}
      />
      <Field
        label={TEXT.email}
        field={fields.email}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', maxLength: undefined }}
      />
      {kind === 'check' ? null : (
        <Field
          label={REFERRAL_CHECK_TEXT.additionalMobile}
          field={fields.alternateMobileNo}
          prefix="+63"
          hint={`${TEXT.optional}. ${TEXT.mobileHint}`}
          inputProps={{
            ...getInputProps(fields.alternateMobileNo, { type: 'tel' }),
            pattern: undefined,
            maxLength: 20,
            inputMode: 'numeric',
            autoComplete: 'off',
          }}
        />
      )}
      <ConsentField
        label={texts.consentLabel}
        field={fields.checkTerms}
        disabled={consentDisabled}
        inputProps={getInputProps(fields.checkTerms, { type: 'checkbox' })}
      />
      <div>
        <Button type="submit" name="intent" value={INTENT.details} disabled={continueDisabled}>
          {TEXT.continue}
        </Button>
      </div>
    </Form>
  )
}

function upperCase(input: HTMLInputElement) {
  const { selectionStart, selectionEnd } = input
  input.value = input.value.toUpperCase()
  input.setSelectionRange(selectionStart, selectionEnd)
}

/** The consent, with its link to the privacy notice (spec 2); disabled until the details are valid (spec 5). */
function ConsentField({
  label,
  field,
  disabled,
  inputProps,
}: {
  label: string
  field: Parameters<typeof CheckboxField>[0]['field']
  disabled: boolean
  inputProps: ReturnType<typeof getInputProps>
}) {
  return (
    <div className="flex flex-col gap-1">
      <CheckboxField
        label={label}
        field={field}
        hint={disabled ? TEXT.consentHint : undefined}
        inputProps={{ ...inputProps, required: undefined, disabled }}
      />
      <p className="pl-8 text-sm">
        <a href="/privacy-notice" target="_blank" rel="noreferrer" className="font-semibold underline">
          {`${TEXT.consentLink} (opens in a new tab)`}
        </a>
      </p>
    </div>
  )
}
