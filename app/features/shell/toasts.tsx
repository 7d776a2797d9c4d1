import { useEffect, useState } from 'react'
import { useRootData } from '~/root-data'

const TOAST_MS = 6000 // spec 9

/** Rendered by the server, so readable without JS; with JS it leaves after 6 s. */
export function Toasts() {
  const root = useRootData()
  const toast = root?.toast ?? null
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    setVisible(true)
    if (!toast) return
    const timer = setTimeout(() => setVisible(false), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-20 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toast && visible ? (
        <div
          className={`pointer-events-auto rounded-lg border px-4 py-3 text-sm shadow-lg ${
            toast.kind === 'error'
              ? 'border-red-200 bg-red-50 text-red-900'
              : toast.kind === 'success'
                ? 'border-green-200 bg-green-50 text-green-900'
                : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          {toast.message}
        </div>
      ) : null}
    </div>
  )
}
