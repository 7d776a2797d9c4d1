import type { InputHTMLAttributes } from 'react'

type FieldProps = {
  label: string
  /** Conform's field metadata: id, name, initial value and errors. */
  field: { id: string; name: string; errorId: string; initialValue?: unknown; errors?: string[] }
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}

/** A labelled input with its error list, wired for assistive technology (STYLE.md, Forms). */
export function Field({ label, field, inputProps }: FieldProps) {
  const invalid = Boolean(field.errors?.length)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        defaultValue={typeof field.initialValue === 'string' ? field.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        {...inputProps}
      />
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
