/**
 * An upload form's submit with JavaScript (docs/architecture.md, 4): as useUploadProgress
 * (app/ui/use-upload-progress.ts) — the same multipart body to the same action through
 * XMLHttpRequest, one progress bar per file — plus one step first: a photo over 5 MB is
 * scaled down in the browser (./shrink-photo.ts, fetched only then) so a phone's photo
 * just works. Without JavaScript the browser posts the form and the server answers an
 * oversize file with spec 5's message.
 */
import { useNavigate, useSubmit } from 'react-router'
import { useState, type FormEvent } from 'react'
import type { FileProgress } from '~/ui/upload'
import { MAX_FILE_BYTES } from '../../../lib/document-rules'

/** Marks the progress-bar post, which the action answers 204 instead of a redirect (documents.server.ts). */
export const XHR_FIELD = '_progress'

export function useDocumentUpload() {
  const navigate = useNavigate()
  const submit = useSubmit()
  const [files, setFiles] = useState<FileProgress[]>()
  const [failed, setFailed] = useState(false)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (event.defaultPrevented) return
    const form = event.currentTarget
    const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter)
    const chosen = formData.getAll('file').filter((value): value is File => value instanceof File && value.size > 0)
    if (chosen.length === 0) return // the server answers "choose a file"
    event.preventDefault()
    const action = form.getAttribute('action') ?? window.location.pathname + window.location.search
    setFailed(false)
    setFiles(chosen.map((file) => ({ name: file.name, loaded: 0, total: file.size })))
    const oversize = chosen.some((file) => file.size > MAX_FILE_BYTES && /^image\/(jpeg|png)$/.test(file.type))
    const ready = oversize
      ? import('./shrink-photo').then(async ({ shrinkPhoto }) => {
          const sent = await Promise.all(
            chosen.map((file) => (file.size > MAX_FILE_BYTES ? shrinkPhoto(file, MAX_FILE_BYTES) : file)),
          )
          formData.delete('file')
          for (const file of sent) formData.append('file', file, file.name)
          return sent
        })
      : Promise.resolve(chosen)
    ready
      .then((sent) => {
        const body = new FormData()
        body.append(XHR_FIELD, '1')
        for (const [name, value] of formData) body.append(name, value)
        return import('~/ui/upload').then(({ upload }) => upload(action, body, sent, setFiles))
      })
      .then(
        ({ status, url }) => {
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
