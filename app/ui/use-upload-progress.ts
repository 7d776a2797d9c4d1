/**
 * Progress bars for an upload form (docs/architecture.md, 4: multipart forms, JS adds progress),
 * the one upload hook of the portal: the dev UI kit's form and the documents step use it.
 * Without JavaScript the browser posts the form itself. With it, a submit that carries
 * files goes out through XMLHttpRequest, the one browser API that reports upload progress
 * (./upload.ts, fetched only then), to the same action as the same multipart body; then:
 * - an answer below 400 (the action's redirect, followed, or its page) is the new state:
 *   the portal navigates to where it landed, so the loaders run as after any post;
 * - an answer of 400 or more, or 207 (some files taken, others refused), carries errors the
 *   page must show beside the fields: the form is submitted once more through React Router,
 *   which renders them (a second upload, on a path that the schema's checks in the browser
 *   make rare).
 * Two options: `prepare` may replace the chosen files before they go (the documents step
 * scales a photo over 5 MB down), and `markXhr` adds XHR_FIELD to the XMLHttpRequest's body
 * only, so that the action can answer 204 instead of a redirect the request would follow.
 */
import { useNavigate, useSubmit } from 'react-router'
import { useState, type FormEvent } from 'react'
import type { FileProgress } from './upload'

/** Marks the progress-bar post (`markXhr`): the action answers it 204 rather than a redirect. */
export const XHR_FIELD = '_progress'

export type UploadProgressOptions = {
  /** The files to send instead of those chosen, one for one, in order (fetch any code it needs with import()). */
  prepare?: (files: File[]) => Promise<File[]>
  /** Adds XHR_FIELD=1 first in the XMLHttpRequest's body (not in the resubmission that shows errors). */
  markXhr?: boolean
}

const isChosen = (value: FormDataEntryValue): value is File => value instanceof File && value.size > 0

export function useUploadProgress(options: UploadProgressOptions = {}) {
  const navigate = useNavigate()
  const submit = useSubmit()
  const [files, setFiles] = useState<FileProgress[]>()
  const [failed, setFailed] = useState(false)

  /** The form's onSubmit (after Conform's, whose preventDefault on invalid input it respects). */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (event.defaultPrevented) return
    const form = event.currentTarget
    const entries = [...new FormData(form, (event.nativeEvent as SubmitEvent).submitter)]
    const chosen = entries.map(([, value]) => value).filter(isChosen)
    if (chosen.length === 0) return // nothing to show progress for: the form posts as usual
    event.preventDefault()
    const action = form.getAttribute('action') ?? window.location.pathname + window.location.search
    setFailed(false)
    setFiles(chosen.map((file) => ({ name: file.name, loaded: 0, total: file.size })))
    const { prepare, markXhr } = options
    Promise.resolve(prepare ? prepare(chosen) : chosen)
      .then((sent) => {
        // The form's fields in their order, each chosen file replaced by the one sent.
        const formData = new FormData()
        let next = 0
        for (const [name, value] of entries) {
          if (!isChosen(value)) formData.append(name, value)
          else {
            const file = sent[next++]!
            formData.append(name, file, file.name)
          }
        }
        const body = new FormData()
        if (markXhr) body.append(XHR_FIELD, '1')
        for (const [name, value] of formData) body.append(name, value)
        return import('./upload').then(({ upload }) =>
          upload(action, body, sent, setFiles).then((answer) => ({ ...answer, formData })),
        )
      })
      .then(
        ({ status, url, formData }) => {
          if (status >= 400 || status === 207)
            submit(formData, { method: 'post', action, encType: 'multipart/form-data' })
          else navigate(url.pathname + url.search)
        },
        () => {
          setFiles(undefined)
          setFailed(true)
        },
      )
  }

  return { onSubmit, files, failed }
}
