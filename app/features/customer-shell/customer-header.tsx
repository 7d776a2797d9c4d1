/**
 * The customer top bar (spec 2, Shell; issue 33): the notification bell, Dashboard, Bills
 * (bills and statements, Pay, AutoPay), Wi-Fi, Help, My Account (Account Info, Profile, Refer
 * and Earn; Link another Account when account management is on), About App (the four legal
 * pages), Consent Management and Logout (which asks first, on /logout); the logo goes to
 * /customer. Below 1280 px: a drawer with 'Hi {given name}', Home and Plans, every one of
 * those pages by name, and Update Account and Plan Upgrade (external sites). Menus are
 * native <details>, Logout a link to its question: all of it works without JavaScript.
 * Re-keyed per page, so navigating closes an open menu.
 *
 * It imports nothing of the public header (app/features/shell/header.tsx): what both the
 * root and this layout import leaves the root's chunk for a chunk of its own, which costs
 * every page's first visit about 0.8 KB (docs/architecture.md, JavaScript budget). Hence
 * its own logo and a plain theme form.
 */
import { useLocation } from 'react-router'
import type { ReactNode } from 'react'
import { useRootData } from '~/root-data'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { Icon } from '~/ui/icon'
import { CUSTOMER_SHELL_TEXT as TEXT } from './texts'

export type CustomerHeaderProps = {
  productName: string
  givenName: string
  accountManagement: boolean
  updateAccountUrl: string
  planUpgradeUrl: string
  /** The account the top bar's Pay pays (the dashboard's); null hides Pay. */
  payAccount: string | null
  /**
   * The bell. Default: a plain link to /customer/notifications; the notifications feature
   * passes its dropdown with the unseen count here (issue 11, item 4).
   */
  bell?: ReactNode
}

const LEGAL = [
  { to: '/privacy-notice', label: TEXT.privacyNotice },
  { to: '/cookie-policy', label: TEXT.cookiePolicy },
  { to: '/terms-and-conditions', label: TEXT.termsAndConditions },
  { to: '/terms-of-use', label: TEXT.termsOfUse },
]

type Destination = { to: string; label: string }

/** The customer's pages, as the top bar groups them (issue 33); the drawer lists them all. */
function destinations(props: CustomerHeaderProps) {
  return {
    bills: [
      { to: '/customer/bill-history', label: TEXT.bills },
      ...(props.payAccount ? [{ to: `/customer/bill-history/pay/${props.payAccount}`, label: TEXT.pay }] : []),
      { to: '/customer/auto-pay', label: TEXT.autopay },
    ],
    wifi: { to: '/account/wifi', label: TEXT.wifi },
    help: { to: '/customer/help', label: TEXT.help },
    account: [
      { to: '/account/subscription', label: TEXT.accountInfo },
      { to: '/profile', label: TEXT.profile },
      // issue 15: Refer and Earn (spec 2: /customer/referrals).
      { to: '/customer/referrals', label: TEXT.referrals },
      ...(props.accountManagement ? [{ to: '/get-started', label: TEXT.linkAnother }] : []),
    ],
  } satisfies Record<string, Destination | Destination[]>
}

function Links({ items, className }: { items: Destination[]; className: string }) {
  return items.map((item) => (
    <AppLink key={item.to} to={item.to} className={className}>
      {item.label}
    </AppLink>
  ))
}

const MENU_ITEM = 'block rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800'
const DRAWER_ITEM = 'rounded-md px-2 py-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800'
const TOP_ITEM =
  'cursor-pointer text-sm font-semibold tracking-wide text-slate-700 hover:text-brand-600 dark:text-slate-200'

/** spec 2: the bell as a plain link (works everywhere, and is what small screens use). */
export function BellLink() {
  return (
    <AppLink
      to="/customer/notifications"
      aria-label={TEXT.notifications}
      className="rounded-md p-2 text-slate-700 dark:text-slate-200"
    >
      <Icon className="h-6 w-6">
        <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 0 1-6 0" />
      </Icon>
    </AppLink>
  )
}

function Menu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="relative">
      <summary className={TOP_ITEM}>{label}</summary>
      <div className="absolute right-0 z-40 mt-3 flex w-56 flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900">
        {children}
      </div>
    </details>
  )
}

function CustomerLogo({ productName }: { productName: string }) {
  const logo = useRootData()?.logo
  return (
    <AppLink
      // spec 2, 4: during a referral the logo ends it first (root.tsx, app/utils/referral-flow.ts).
      to={logo ?? '/customer'}
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

/** The theme switch as a document post to /preferences (app/routes/public/preferences.tsx), back to this page. */
function ThemeForm({ className }: { className: string }) {
  const root = useRootData()
  const next = root?.theme === 'dark' ? 'light' : 'dark'
  return (
    <form method="post" action="/preferences">
      <input type="hidden" name="redirectTo" value={root?.currentPath ?? '/customer'} />
      <input type="hidden" name="theme" value={next} />
      <button type="submit" name="intent" value="theme" className={className}>
        {next === 'dark' ? TEXT.darkTheme : TEXT.lightTheme}
      </button>
    </form>
  )
}

/** spec 4: Logout asks first, on /logout (NO back home, YES the form that logs out; app/routes/auth/logout.tsx). */
function LogoutLink({ className }: { className: string }) {
  return (
    <AppLink to="/logout" className={className}>
      {TEXT.logout}
    </AppLink>
  )
}

export function CustomerHeader(props: CustomerHeaderProps) {
  const { pathname } = useLocation()
  const bell = props.bell ?? <BellLink />
  const to = destinations(props)
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 has-[details[open]]:z-50 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <CustomerLogo productName={props.productName} />
        <nav key={pathname} aria-label="Account" className="hidden items-center gap-5 xl:flex">
          {bell}
          <AppLink to="/customer" className={TOP_ITEM}>
            {TEXT.dashboard}
          </AppLink>
          <Menu label={TEXT.billsAndPayments}>
            <Links items={to.bills} className={MENU_ITEM} />
          </Menu>
          <Links items={[to.wifi]} className={TOP_ITEM} />
          <AppLink to={to.help.to} className={TOP_ITEM}>
            {TEXT.helpShort}
          </AppLink>
          <Menu label={TEXT.myAccount}>
            <Links items={to.account} className={MENU_ITEM} />
          </Menu>
          <Menu label={TEXT.aboutApp}>
            <Links items={LEGAL} className={MENU_ITEM} />
          </Menu>
          <AppLink to="/consent" className={TOP_ITEM}>
            {TEXT.consent}
          </AppLink>
          <ThemeForm className={TOP_ITEM} />
          <LogoutLink className={buttonClass('secondary')} />
        </nav>
        <details key={`drawer-${pathname}`} className="group xl:hidden">
          <summary
            className="relative z-50 cursor-pointer rounded-md p-2 text-slate-700 dark:text-slate-200"
            aria-label={TEXT.menu}
          >
            <Icon className="h-6 w-6 group-open:hidden">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </Icon>
            <Icon className="hidden h-6 w-6 group-open:block">
              <path d="M6 6l12 12M18 6L6 18" />
            </Icon>
          </summary>
          <div className="fixed inset-y-0 right-0 z-40 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto border-l border-slate-200 bg-white p-5 shadow-xl dark:border-slate-800 dark:bg-slate-900">
            <p className="mb-3 mt-10 text-lg font-semibold">{TEXT.greeting(props.givenName)}</p>
            <nav aria-label={TEXT.menu} className="flex flex-col">
              <Links
                items={[
                  { to: '/', label: TEXT.home },
                  { to: '/plans', label: TEXT.plans },
                  { to: '/customer', label: TEXT.dashboard },
                  ...to.bills,
                  to.wifi,
                  { to: '/customer/notifications', label: TEXT.notifications },
                  to.help,
                  ...to.account,
                ]}
                className={DRAWER_ITEM}
              />
              <a href={props.updateAccountUrl} className={DRAWER_ITEM} rel="noopener noreferrer">
                {TEXT.updateAccount}
              </a>
              <a href={props.planUpgradeUrl} className={DRAWER_ITEM} rel="noopener noreferrer">
                {TEXT.planUpgrade}
              </a>
              <AppLink to="/consent" className={DRAWER_ITEM}>
                {TEXT.consent}
              </AppLink>
              <details>
                <summary className={`${DRAWER_ITEM} cursor-pointer`}>{TEXT.aboutApp}</summary>
                <div className="flex flex-col pl-3">
                  <Links items={LEGAL} className={DRAWER_ITEM} />
                </div>
              </details>
              <LogoutLink className={DRAWER_ITEM} />
            </nav>
            <div className="mt-auto pt-4">
              <ThemeForm className={DRAWER_ITEM} />
            </div>
          </div>
        </details>
      </div>
    </header>
  )
}
