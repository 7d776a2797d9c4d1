import { useFetcher } from 'react-router'
import { useRootData } from '~/root-data'
import { useHydrated } from '~/ui/use-hydrated'
import { Icon } from '~/ui/icon'

/** A plain form: without JS it posts and comes back to this page; with JS it is a fetcher. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const root = useRootData()
  const fetcher = useFetcher()
  const hydrated = useHydrated()
  const pending = fetcher.formData?.get('theme')
  const current = typeof pending === 'string' ? (pending === 'dark' ? 'light' : 'dark') : (root?.theme ?? 'light')
  const next = current === 'dark' ? 'light' : 'dark'
  return (
    <fetcher.Form method="post" action="/preferences" className={className}>
      {hydrated ? null : <input type="hidden" name="redirectTo" value={root?.currentPath ?? '/'} />}
      <input type="hidden" name="theme" value={next} />
      <button
        type="submit"
        name="intent"
        value="theme"
        className="rounded-full p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      >
        {next === 'dark' ? (
          <Icon>
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
          </Icon>
        ) : (
          <Icon>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </Icon>
        )}
      </button>
    </fetcher.Form>
  )
}
