/**
 * Progress bars for an upload form (docs/architecture.md, 4: multipart forms, JS adds progress).
 * Without JavaScript the browser posts the form itself. With it, a submit that carries
 * files goes out through XMLHttpRequest, the one browser API that reports upload progress
 * (./upload.ts, fetched only then), to the same action as the same multipart body; then:
 * - an answer below 400 (the action's redirect, followed, or its page) is the new state:
 *   the portal navigates to where it landed, so the loaders run as after any post;
 * - an answer of 400 or more carries errors the page must show beside the fields: the
 *   form is submitted once more through React Router, which renders them (a second upload, on a
 *   path that the schema's checks in the browser make rare).
 */
import { useNavigate, useSubmit } from 'react-router'
import { useState, type FormEvent } from 'react'
import type { FileProgress } from './upload'

export function useUploadProgress() {
  const navigate = useNavigate()
  const submit = useSubmit()
  const [files, setFiles] = useState<FileProgress[]>()
  const [failed, setFailed] = useState(false)

  /** The form's onSubmit (after Conform's, whose preventDefault on invalid input it respects). */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (event.defaultPrevented) return
    const form = event.currentTarget
    const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter)
    const chosen = [...formData.values()].filter((value): value is File => value instanceof File && value.size > 0)
    if (chosen.length === 0) return // nothing to show progress for: the form posts as usual
    event.preventDefault()
    const action = form.getAttribute('action') ?? window.location.pathname + window.location.search
    setFailed(false)
    setFiles(chosen.map((file) => ({ name: file.name, loaded: 0, total: file.size })))
    import('./upload')
      .then(({ upload }) => upload(action, formData, chosen, setFiles))
      .then(
        ({ status, url }) => {
          if (status >= 400) submit(formData, { method: 'post', action, encType: 'multipart/form-data' })
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
