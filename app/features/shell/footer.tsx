import { AppLink } from '~/ui/app-link'
import { useRootData } from '~/root-data'
import { buttonClass } from '~/ui/button'

// spec 2, Shell: the footer's buttons and legal links.
export const FOOTER_BUTTONS = [
  { label: 'Plans', to: '/plans' },
  { label: 'Check Availability', to: '/CheckAvailability' },
  { label: 'Pay Here', to: '/pay-bill' },
  { label: 'Help & Support', to: '/help' },
  { label: 'Apply Now', to: '/apply-now' },
] as const

export const LEGAL_LINKS = [
  { label: 'Privacy Notice', to: '/privacy-notice' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'Cookies Policy', to: '/cookie-policy' },
  { label: 'Terms of Use', to: '/terms-of-use' },
] as const

export function Footer() {
  const root = useRootData()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Footer" className="flex flex-wrap gap-3">
          {FOOTER_BUTTONS.map((item) => (
            <AppLink
              key={item.to}
              to={item.to}
              className={buttonClass(item.label === 'Apply Now' ? 'primary' : 'secondary')}
            >
              {item.label}
            </AppLink>
          ))}
        </nav>
        <div className="mt-8 flex flex-col gap-6 border-t border-slate-200 pt-6 text-sm md:flex-row md:items-center md:justify-between dark:border-slate-800">
          <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((item) => (
              <AppLink
                key={item.to}
                to={item.to}
                className="text-slate-600 underline-offset-4 hover:underline dark:text-slate-300"
              >
                {item.label}
              </AppLink>
            ))}
          </nav>
          <a
            href={root?.socialUrl}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex items-center gap-2 text-slate-600 hover:text-brand-600 dark:text-slate-300"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
              <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21h2.9z" />
            </svg>
            <span>Follow {root?.productName} on Facebook</span>
          </a>
        </div>
        <div className="mt-6 flex items-center justify-between text-xs text-slate-500 dark:text-slate-400">
          <p>
            © {root?.year} {root?.productName}. All rights reserved.
          </p>
          <p className="hidden md:block">Version {root?.version}</p>
        </div>
      </div>
    </footer>
  )
}
