/** While something is under way upstream, re-read the page every 5 s (JavaScript only; without it, the page's own refresh link). */
import { useRevalidator } from 'react-router'
import { useEffect } from 'react'

export function useRefreshWhile(active: boolean, everyMs = 5000) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!active || state !== 'idle') return
    const timer = setTimeout(revalidate, everyMs)
    return () => clearTimeout(timer)
  }, [active, state, revalidate, everyMs])
}
