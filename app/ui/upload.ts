/** The upload itself (app/ui/use-upload-progress.ts), fetched with import() when a form with files is submitted. */
export type FileProgress = { name: string; loaded: number; total: number }

/**
 * Posts `formData` to `action` as the browser would post the form, reporting each file's
 * progress; resolves with the answer's status and the URL it landed on (redirects followed).
 */
export function upload(action: string, formData: FormData, files: File[], onProgress: (files: FileProgress[]) => void) {
  return new Promise<{ status: number; url: URL }>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', action)
    request.upload.onprogress = (progress) => {
      if (!progress.lengthComputable) return
      // One body carries the files one after another: share out what has been sent in
      // that order (the multipart headers make this a close estimate).
      let sent = (progress.loaded / progress.total) * files.reduce((sum, file) => sum + file.size, 0)
      onProgress(
        files.map((file) => {
          const loaded = Math.min(file.size, Math.max(0, sent))
          sent -= file.size
          return { name: file.name, loaded, total: file.size }
        }),
      )
    }
    request.onload = () =>
      resolve({ status: request.status, url: new URL(request.responseURL || action, window.location.href) })
    request.onerror = () => reject(new Error('upload failed'))
    request.send(formData)
  })
}
