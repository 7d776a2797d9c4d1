import type { InputHTMLAttributes } from 'react'
import {
  CONTROL_CLASS,
  controlAttributes,
  FieldErrors,
  FieldHint,
  initialString,
  LABEL_CLASS,
  type FieldMeta,
} from './field-parts'

type FieldProps = {
  label: string
  field: FieldMeta
  inputProps?: InputHTMLAttributes<HTMLInputElement>
  /** Fixed text shown before the input, e.g. the country code '+63' (spec 2); not submitted. */
  prefix?: string
  /** A short hint under the label, tied to the input with aria-describedby. */
  hint?: string
}

/** A labelled input with its error list, wired for assistive technology (docs/conventions.md, Forms). */
export function Field({ label, field, inputProps, prefix, hint }: FieldProps) {
  const { className: extraClass, ...otherInputProps } = inputProps ?? {}
  const input = (
    <input
      {...controlAttributes(field, hint)}
      defaultValue={initialString(field)}
      {...otherInputProps}
      className={`${CONTROL_CLASS}${extraClass ? ` ${extraClass}` : ''}`}
    />
  )
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
      </label>
      <FieldHint field={field} hint={hint} />
      {prefix ? (
        <div className="flex items-center gap-2">
          <span className="rounded-lg bg-slate-100 px-3 py-2 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      <FieldErrors field={field} />
    </div>
  )
}
