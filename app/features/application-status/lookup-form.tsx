/** The status lookup form (issue 10 part 3): a plain POST form to /check-status/lookup, working without JavaScript. */
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { CONTROL_CLASS, LABEL_CLASS } from '~/ui/field-parts'
import { FormAlert } from '~/ui/form-alert'
import type { LookupReply } from './status.server'
import { TEXT } from './texts'

export const LOOKUP_ACTION = '/check-status/lookup'

function TextInput(props: {
  id: string
  name: 'referenceNo' | 'identifier'
  label: string
  hint?: string
  defaultValue: string
  error?: string
  autoComplete?: string
}) {
  const hintId = `${props.id}-hint`
  const errorId = `${props.id}-error`
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className={LABEL_CLASS}>
        {props.label}
      </label>
      {props.hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {props.hint}
        </p>
      ) : null}
      <input
        id={props.id}
        name={props.name}
        type="text"
        required
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={CONTROL_CLASS}
      />
      {props.error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/** `idPrefix` keeps ids unique when the landing page shows the form next to others. */
export function StatusLookupForm({ reply, idPrefix = 'status' }: { reply?: LookupReply; idPrefix?: string }) {
  const errors = reply?.errors ?? {}
  return (
    <Form method="post" action={LOOKUP_ACTION} className="mt-4 flex flex-col gap-4" noValidate>
      <FormAlert id={`${idPrefix}-form-error`} errors={errors.form ? [errors.form] : undefined} />
      <TextInput
        id={`${idPrefix}-reference`}
        name="referenceNo"
        label={TEXT.referenceLabel}
        hint={TEXT.referenceHint}
        defaultValue={reply?.values.referenceNo ?? ''}
        error={errors.referenceNo}
        autoComplete="off"
      />
      <TextInput
        id={`${idPrefix}-identifier`}
        name="identifier"
        label={TEXT.identifierLabel}
        defaultValue={reply?.values.identifier ?? ''}
        error={errors.identifier}
        autoComplete="email"
      />
      <div>
        <Button type="submit">{TEXT.lookupButton}</Button>
      </div>
    </Form>
  )
}
