/**
 * What every field wrapper shares (docs/conventions.md, Forms): Conform's field metadata, the
 * aria-describedby list (hint, then errors) and the error list itself, so a screen never
 * hand-rolls that markup and every part announces its errors the same way.
 */

/** Conform's field metadata: id, name, initial value and errors. */
export type FieldMeta = { id: string; name: string; errorId: string; initialValue?: unknown; errors?: string[] }

/** A field of a plain form (no Conform): its id, name, value and the server's messages. */
export const plainField = (id: string, name: string, value: string, errors?: string[]): FieldMeta => ({
  id,
  name,
  errorId: `${id}-error`,
  initialValue: value,
  errors,
})

export const hintIdOf = (field: FieldMeta) => `${field.id}-hint`

export function isInvalid(field: FieldMeta) {
  return Boolean(field.errors?.length)
}

/** The ids that describe a control: its hint, then its error list; undefined when neither shows. */
export function describedBy(field: FieldMeta, hint?: string) {
  return [hint ? hintIdOf(field) : null, isInvalid(field) ? field.errorId : null].filter(Boolean).join(' ') || undefined
}

/** What every control of a field carries: its id and name, and the aria wiring to its hint and errors. */
export function controlAttributes(field: FieldMeta, hint?: string) {
  return {
    id: field.id,
    name: field.name,
    'aria-invalid': isInvalid(field) || undefined,
    'aria-describedby': describedBy(field, hint),
  }
}

/** The initial value as a string, or undefined when the form had none (or a list). */
export function initialString(field: FieldMeta) {
  return typeof field.initialValue === 'string' ? field.initialValue : undefined
}

export const LABEL_CLASS = 'text-sm font-semibold'

// The shared look of text inputs and selects, both themes; red once the server or Conform flags it.
export const CONTROL_CLASS =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'

export function FieldHint({ field, hint }: { field: FieldMeta; hint?: string }) {
  if (!hint) return null
  return (
    <p id={hintIdOf(field)} className="text-sm text-slate-600 dark:text-slate-300">
      {hint}
    </p>
  )
}

export function FieldErrors({ field }: { field: FieldMeta }) {
  if (!isInvalid(field)) return null
  return (
    <ul id={field.errorId} className="text-sm text-red-700 dark:text-red-400">
      {field.errors!.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}
