/**
 * spec 4: "Page-unload warning while user data is entered and no referral is active" (issue
 * 33). A form with personal details calls this with its id: once something is typed in it and
 * not sent, leaving the page (closing it, reloading, or a link in the portal, which then loads
 * its page the plain way: app/ui/app-link.tsx) brings the browser's own warning. Its own
 * module, loaded only by the pages with such a form, not by every first visit.
 */
import { useEffect } from 'react'
import { leaving } from './app-link'

export function useUnsavedWarning(formId: string, enabled = true) {
  useEffect(() => {
    if (!enabled) return
    let entered = false
    const form = () => document.getElementById(formId)
    const unsaved = () => entered && Boolean(form())
    function onInput(event: Event) {
      if (event.target instanceof Element && event.target.closest('form')?.id === formId) entered = true
    }
    function onSubmit(event: SubmitEvent) {
      // Conform checks a field by a submit with its own '__intent__' button: nothing is sent then.
      if ((event.target as Element).id === formId && event.submitter?.getAttribute('name') !== '__intent__')
        entered = false
    }
    function onUnload(event: BeforeUnloadEvent) {
      if (unsaved()) event.preventDefault()
    }
    const listening = new AbortController()
    const { signal } = listening
    document.addEventListener('input', onInput, { signal })
    document.addEventListener('submit', onSubmit, { signal })
    window.addEventListener('beforeunload', onUnload, { signal })
    leaving.unsaved = unsaved
    return () => {
      listening.abort()
      if (leaving.unsaved === unsaved) leaving.unsaved = null
    }
  }, [formId, enabled])
}
