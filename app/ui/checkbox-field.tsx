import type { InputHTMLAttributes } from 'react'
import { CHOICE_CLASS, describedBy, FieldErrors, FieldHint, isInvalid, type FieldMeta } from './field-parts'

type CheckboxFieldProps = {
  label: string
  field: FieldMeta
  hint?: string
  /** Conform's getInputProps(field, { type: 'checkbox' }), or any other attribute. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}

/** One checkbox with its label beside it; posts `on` when ticked, nothing when not (as the browser does). */
export function CheckboxField({ label, field, hint, inputProps }: CheckboxFieldProps) {
  const { className: extraClass, ...otherInputProps } = inputProps ?? {}
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={field.id}
          name={field.name}
          defaultChecked={field.initialValue === 'on'}
          aria-invalid={isInvalid(field) || undefined}
          aria-describedby={describedBy(field, hint)}
          {...otherInputProps}
          className={`mt-0.5 ${CHOICE_CLASS}${extraClass ? ` ${extraClass}` : ''}`}
        />
        <label htmlFor={field.id} className="text-sm">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldHint field={field} hint={hint} />
        <FieldErrors field={field} />
      </div>
    </div>
  )
}
