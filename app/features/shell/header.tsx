import { useLocation } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { useRootData } from '~/root-data'
import { buttonClass } from '~/ui/button'
import { ThemeToggle } from './theme-toggle'
import { Icon } from '~/ui/icon'

/** A header link that marks the page the visitor is on. */
function NavItem({
  to,
  current,
  ...props
}: {
  to: string
  current: string
  children: string
  'data-confirm'?: string
  'data-then'?: string
}) {
  const active = current === to || current.startsWith(`${to}/`)
  return (
    <AppLink
      {...props}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={`text-sm font-semibold tracking-wide hover:text-brand-600 dark:hover:text-orange-300 ${active ? 'text-brand-600 dark:text-orange-300' : 'text-slate-700 dark:text-slate-200'}`}
    />
  )
}

export function Logo({ productName, to = '/' }: { productName: string; to?: string }) {
  return (
    <AppLink
      to={to}
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-600"
      aria-label={`${productName} home`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <path
          d="M8 20c4-8 12-8 16 0M11 16c3-4 7-4 10 0"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>{productName}</span>
    </AppLink>
  )
}

export function Header() {
  const root = useRootData()
  const location = useLocation()
  const productName = root?.productName ?? ''
  const user = root?.user ?? null
  const dashboard = root?.dashboard ?? null
  const help = root?.help ?? { to: '/help' }
  // Home for the user, or through /referral/leave during a referral (root.tsx).
  const logoTo = root?.logo ?? '/'
  return (
    // While the small-screen drawer is open the header (and so the drawer) sits above the
    // cookie banner, so everything in the drawer can be tapped; CSS only, JS or not.
    <header className="sticky top-0 z-30 border-b has-[details[open]]:z-50 border-slate-200 bg-white/95 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo productName={productName} to={logoTo} />
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {dashboard ? (
            <NavItem to={dashboard} current={location.pathname}>
              DASHBOARD
            </NavItem>
          ) : null}
          <NavItem to="/plans" current={location.pathname}>
            PLANS
          </NavItem>
          <NavItem to={help.to} data-confirm={help.confirm} data-then={help.then} current={location.pathname}>
            HELP &amp; SUPPORT
          </NavItem>
          {/* Registering is for visitors: a signed-in user has an account (guard.ts sends them home). */}
          {root?.registerEnabled && !user ? (
            <NavItem to="/register" current={location.pathname}>
              REGISTER
            </NavItem>
          ) : null}
          <ThemeToggle />
          {/* Plain links, no menu needed: logout works without JavaScript (docs/conventions.md). Sign-in leaves the portal, so a full page load. */}
          {user ? (
            <AppLink to="/logout" className={buttonClass('secondary')}>
              Logout
            </AppLink>
          ) : (
            <AppLink to="/login" reloadDocument className={buttonClass('primary')}>
              Login
            </AppLink>
          )}
        </nav>
        {/* Small screens: a native <details> drawer, so it opens without JavaScript. Re-keyed per page so navigation closes it. */}
        <details key={location.pathname} className="group md:hidden">
          {/* The summary stays above the open drawer so it also closes it. */}
          <summary
            className="relative z-50 cursor-pointer rounded-md p-2 text-slate-700 dark:text-slate-200"
            aria-label="Menu"
          >
            <Icon className="h-6 w-6 group-open:hidden">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </Icon>
            <Icon className="hidden h-6 w-6 group-open:block">
              <path d="M6 6l12 12M18 6L6 18" />
            </Icon>
          </summary>
          <div className="fixed inset-y-0 right-0 z-40 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl dark:border-slate-800 dark:bg-slate-900">
            <p className="mb-3 mt-10 text-lg font-semibold">{`Hi ${user?.givenName || 'User'}`}</p>
            {user ? null : (
              <AppLink to="/login" reloadDocument className={buttonClass('primary', 'mb-3')}>
                Login
              </AppLink>
            )}
            <nav aria-label="Menu" className="flex flex-col">
              {dashboard ? (
                <AppLink
                  to={dashboard}
                  className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Dashboard
                </AppLink>
              ) : null}
              {user?.kind === 'customer' && root?.accountManagement ? (
                <AppLink
                  to="/get-started"
                  className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Link another Account
                </AppLink>
              ) : null}
              <AppLink to="/" className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
                Home
              </AppLink>
              <AppLink
                to="/plans"
                className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Plans
              </AppLink>
              <AppLink
                to={help.to}
                data-confirm={help.confirm}
                data-then={help.then}
                className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Help &amp; Support
              </AppLink>
              {root?.registerEnabled && !user ? (
                <AppLink
                  to="/register"
                  className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Register
                </AppLink>
              ) : null}
              {user ? (
                <AppLink
                  to="/logout"
                  className="rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Logout
                </AppLink>
              ) : null}
            </nav>
            <div className="mt-auto flex items-center gap-2 pt-4 text-sm">
              Theme <ThemeToggle />
            </div>
          </div>
        </details>
      </div>
    </header>
  )
}
