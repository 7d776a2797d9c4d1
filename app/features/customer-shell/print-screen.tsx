import { useEffect, useState } from 'react'
import { CUSTOMER_SHELL_TEXT as TEXT } from './texts'

const TOAST_MS = 6000 // spec 9

/**
 * spec 5: on pages that show account data, the PrintScreen key clears the clipboard and
 * says 'Could not capture screenshot.'. Needs JavaScript by nature; without it nothing
 * happens (and nothing could). Browsers deliver PrintScreen on keyup only.
 */
export function PrintScreenGuard() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'PrintScreen') return
      navigator.clipboard?.writeText('').catch(() => {})
      setShown(true)
      clearTimeout(timer)
      timer = setTimeout(() => setShown(false), TOAST_MS)
    }
    window.addEventListener('keyup', onKey)
    return () => {
      window.removeEventListener('keyup', onKey)
      clearTimeout(timer)
    }
  }, [])
  return shown ? (
    <div
      role="alert"
      className="fixed bottom-4 right-4 z-50 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg"
    >
      {TEXT.noScreenshot}
    </div>
  ) : null
}
