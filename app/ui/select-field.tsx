import type { SelectHTMLAttributes } from 'react'
import {
  CONTROL_CLASS,
  controlAttributes,
  FieldErrors,
  FieldHint,
  initialString,
  LABEL_CLASS,
  type FieldMeta,
} from './field-parts'

export type SelectOption = { value: string; label: string }

type SelectFieldProps = {
  label: string
  field: FieldMeta
  options: SelectOption[]
  /** The first, empty choice ("Select a province"): with `required`, the browser refuses it. */
  placeholder?: string
  hint?: string
  /** Conform's getSelectProps, or any other attribute of the native select. */
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>
}

/** A native select (works without JavaScript, and phones show their own picker) with its label and errors. */
export function SelectField({ label, field, options, placeholder, hint, selectProps }: SelectFieldProps) {
  const { className: extraClass, ...otherSelectProps } = selectProps ?? {}
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
      </label>
      <FieldHint field={field} hint={hint} />
      <select
        {...controlAttributes(field, hint)}
        defaultValue={initialString(field) ?? ''}
        {...otherSelectProps}
        className={`${CONTROL_CLASS}${extraClass ? ` ${extraClass}` : ''}`}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors field={field} />
    </div>
  )
}
