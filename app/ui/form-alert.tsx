/** A form's own error (not one field's), announced when it appears; nothing when there is none. */
export function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {errors.join(' ')}
    </p>
  )
}
