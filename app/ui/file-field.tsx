import type { InputHTMLAttributes } from 'react'
import { controlAttributes, FieldErrors, FieldHint, LABEL_CLASS, type FieldMeta } from './field-parts'
import { UI_TEXTS } from './texts'
import type { FileProgress } from './upload'

type FileFieldProps = {
  label: string
  field: FieldMeta
  /** What may be chosen, in words: types and size ("PDF, JPG or PNG, up to 5 MB each"). */
  hint: string
  /** The input's `accept`: what the browser's picker offers. */
  accept?: string
  multiple?: boolean
  inputProps?: InputHTMLAttributes<HTMLInputElement>
  /** Per-file progress while the form uploads (useUploadProgress; with JavaScript only). */
  progress?: FileProgress[]
  /** The upload did not finish (useUploadProgress). */
  failed?: boolean
}

/**
 * A plain file input: the form (method="post", encType="multipart/form-data") posts the
 * files without JavaScript. With it, useUploadProgress fills `progress`, one bar per file.
 */
export function FileField({ label, field, hint, accept, multiple, inputProps, progress, failed }: FileFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className={LABEL_CLASS}>
        {label}
      </label>
      <FieldHint field={field} hint={hint} />
      <input
        type="file"
        {...controlAttributes(field, hint)}
        accept={accept}
        multiple={multiple}
        {...inputProps}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-1.5 file:font-semibold file:text-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      {progress?.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {progress.map((file) => (
            <li key={file.name} className="flex items-center gap-2">
              <span className="truncate">{file.name}</span>
              <progress
                className="w-32 shrink-0 accent-brand-600"
                max={file.total || 1}
                value={file.loaded}
                aria-label={UI_TEXTS.uploadProgress(file.name)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {UI_TEXTS.uploadFailed}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </div>
  )
}
