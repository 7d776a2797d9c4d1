import type { InputHTMLAttributes } from 'react'
import { controlAttributes, FieldErrors, FieldHint, type FieldMeta } from './field-parts'

// Checkboxes and radios: the brand colour when checked, a visible focus ring.
export const CHOICE_CLASS =
  'h-5 w-5 shrink-0 accent-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

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
          {...controlAttributes(field, hint)}
          defaultChecked={field.initialValue === 'on'}
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
