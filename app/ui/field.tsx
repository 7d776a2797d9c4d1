import type { InputHTMLAttributes } from 'react'

type FieldProps = {
  label: string
  /** Conform's field metadata: id, name, initial value and errors. */
  field: { id: string; name: string; errorId: string; initialValue?: unknown; errors?: string[] }
  inputProps?: InputHTMLAttributes<HTMLInputElement>
  /** Fixed text shown before the input, e.g. the country code '+63' (spec 2); not submitted. */
  prefix?: string
  /** A short hint under the label, tied to the input with aria-describedby. */
  hint?: string
}

/** A labelled input with its error list, wired for assistive technology (docs/conventions.md, Forms). */
export function Field({ label, field, inputProps, prefix, hint }: FieldProps) {
  const invalid = Boolean(field.errors?.length)
  const hintId = `${field.id}-hint`
  const describedBy = [hint ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(' ') || undefined
  const { className: extraClass, ...otherInputProps } = inputProps ?? {}
  const input = (
    <input
      id={field.id}
      name={field.name}
      defaultValue={typeof field.initialValue === 'string' ? field.initialValue : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      {...otherInputProps}
      className={`w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100${extraClass ? ` ${extraClass}` : ''}`}
    />
  )
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      {prefix ? (
        <div className="flex items-center gap-2">
          <span className="rounded-lg bg-slate-100 px-3 py-2 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      {invalid ? (
        <ul id={field.errorId} className="text-sm text-red-700 dark:text-red-400">
          {field.errors!.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
