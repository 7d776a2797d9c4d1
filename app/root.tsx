import {
  data,
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  type MetaFunction,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useMatches,
} from 'react-router'
import type { ComponentType, ReactNode } from 'react'
import { guard } from './auth/guard'
import { visitOf } from './visit/visit.server'
import { readPreferences } from './features/shell/preferences.server'
import { CookieBanner } from './features/shell/cookie-banner'
import { Analytics } from './features/analytics/analytics'
import { GeneralErrorBoundary } from './features/shell/error-boundary'
import { NOT_FOUND_TITLE } from './features/shell/error-views'
import { Footer } from './features/shell/footer'
import { Header } from './features/shell/header'
import { ROLE } from './auth/roles'
import { dashboardHref } from './features/shell/dashboard-link'
import { logoHref } from './utils/referral-flow'
import { helpLinkFor } from './features/shell/leave-application'
import { Toasts } from './features/shell/toasts'
import { draftStatus, type DraftStatus } from './features/drafts/draft-expiry.server'
import { useAppLinkNavigation } from './ui/app-link'
import { useNonce } from './ui/nonce'
import { useRootData, type RootData } from './root-data'
import { popToast, redirectWithToast } from './utils/toast.server'
import stylesheet from './styles.css?url'

export const APP_VERSION = '2.3.1'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  // A page that answered 404 into this boundary (a route switched off, an unknown id) is
  // titled as the not-found page is, not with the brand alone.
  isRouteErrorResponse(error) && error.status === 404
    ? { title: data?.productName ? `${NOT_FOUND_TITLE} | ${data.productName}` : NOT_FOUND_TITLE }
    : { title: data?.productName ?? 'Fibre internet' },
  // Written on the server (the loader): the words need not travel in every page's JS.
  ...(data ? [{ name: 'description', content: data.description }] : []),
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context
  const url = new URL(request.url)
  const visit = visitOf(request, context)
  // Anonymous without a session cookie: no upstream call (the landing page is benchmarked).
  const user = await visit.user()
  // An ended session's cookie is dropped, so later requests skip the upstream again.
  if (await visit.session.isStale()) await visit.session.clearCookie()
  // So is the cookie of a draft that expired or that this browser may no longer open (docs/decisions/0018),
  // and a flow's page says so; a live draft's end is shown there too (issue 38, item 6).
  const draft = await draftStatus(visit)
  // spec 4: the route guard, here so that no route can be left out (app/auth/guard.ts).
  // On a context built by hand (a test), what the visit set goes on the answer; the server sends it itself.
  const headers = visit.cookiesToAnswer()
  const decision = guard(user, url.pathname, url.search)
  if (decision.kind === 'redirect') {
    if (decision.toast)
      throw await redirectWithToast(config, decision.to, { kind: 'error', message: decision.toast }, { headers })
    throw redirect(decision.to, { headers })
  }
  // A browser asking for a missing image (its automatic /favicon.ico on a page without an
  // icon link, like a provider's logout page) lands on the not-found route: it must not
  // use up a toast meant for the next page.
  const subresource = ['image', 'script', 'style', 'font'].includes(request.headers.get('sec-fetch-dest') ?? '')
  const [preferences, { toast, clear }] = await Promise.all([
    readPreferences(request, config),
    subresource ? { toast: null, clear: null } : popToast(request, config),
  ])
  if (clear) headers.append('set-cookie', clear)
  return data(
    {
      productName: config.PRODUCT_NAME,
      description: `${config.PRODUCT_NAME} fibre internet: check availability at your address, compare plans, apply online and pay your bill.`,
      theme: preferences.theme,
      showCookieBanner: !preferences.cookieAccepted && !preferences.cookieBannerClosed,
      analytics: preferences.cookieAccepted,
      registerEnabled: config.REGISTER_FLAG === 'true',
      // spec 2 and 9 (accountMgmtEnabled): customers' "Link another Account".
      accountManagement: config.ACCOUNT_MGMT_ENABLED,
      dashboard: dashboardHref(user, config.SFA_DASHBOARD_NO_LIMITATION === 'true'),
      // spec 2, Shell: the logo goes to /customer for customers and /sales for sales roles;
      // spec 2, 4: during a referral it ends it first (app/utils/referral-flow.ts). The root
      // loader runs on every navigation, so this follows the page.
      // spec 2: HELP & SUPPORT during onboarding asks first (leave-application.ts).
      help: helpLinkFor(url.pathname, url.search),
      logo: logoHref(url.pathname, user && (user.kind === 'customer' || user.kind === 'sales') ? user.home : '/'),
      socialUrl: config.SOCIAL_URL,
      // issue 32: the payment pages' test-mode notice while payments are simulated.
      paymentsTestMode: config.paymentsSandbox,
      year: new Date().getFullYear(),
      version: APP_VERSION,
      currentPath: url.pathname + url.search,
      draft,
      toast,
      user: user
        ? {
            givenName: user.givenName,
            kind: user.kind,
            home: user.home,
            // The sales menus' Serviceable leads (issue 33, item 7).
            ...(user.roles.includes(ROLE.salesAdmin) ? { salesAdmin: true as const } : {}),
          }
        : null,
    } satisfies RootData,
    { headers },
  )
}

// The guard and the session's idle timer must see every navigation, not only the first
// page load: the root loader runs again on each one (a session read when signed in only).
export const shouldRevalidate = () => true

type ShellHandle =
  | {
      bare?: boolean
      customerShell?: boolean
      draftExpiry?: ComponentType<{ status: DraftStatus; currentPath: string }>
    }
  | undefined

/** Routes whose `handle.bare` is true render without the shell (the bench floor). */
function useBare() {
  return useMatches().some((match) => (match.handle as ShellHandle)?.bare)
}

/**
 * A flow's page that keeps a draft (KEEPS_DRAFT, app/features/drafts/keeps-draft.ts) hands the shell
 * the component that shows the draft's 4 hours (issue 38, item 6): its code travels with the flow's
 * pages only, never in another page's first-visit JS.
 */
function useDraftExpiry() {
  for (const match of useMatches()) {
    const component = (match.handle as ShellHandle)?.draftExpiry
    if (component) return component
  }
  return null
}

/**
 * The customer layout (app/routes/customer/layout.tsx) renders its own top bar and <main>
 * (spec 2); only while its data is there; when its loader failed, the public shell frames the error.
 */
function useCustomerShell() {
  return useMatches().some((match) => (match.handle as ShellHandle)?.customerShell && match.data != null)
}

// Belt and braces for browsers that ignore frame-ancestors: a framed copy shows only
// 'Cannot open this page' and stops loading the app.
const FRAME_GUARD = `if(window.top!==window.self){window.stop();document.documentElement.innerHTML='<body><p>Cannot open this page</p></body>'}else{document.documentElement.classList.add('js')}`

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData()
  // None ('') on a kept public page, whose inline scripts the CSP allows by their hashes (server/page-cache.ts).
  const nonce = useNonce() || undefined
  const bare = useBare()
  const customerShell = useCustomerShell()
  const DraftExpiry = useDraftExpiry()
  const theme = root?.theme ?? 'light'
  return (
    <html lang="en" className={theme === 'dark' ? 'dark' : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FRAME_GUARD }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {bare ? (
          children
        ) : (
          <>
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
            >
              Skip to content
            </a>
            {customerShell ? (
              children
            ) : (
              <>
                <Header />
                <main id="main" className="flex-1">
                  {DraftExpiry && root?.draft ? (
                    <DraftExpiry status={root.draft} currentPath={root.currentPath} />
                  ) : null}
                  {children}
                </main>
              </>
            )}
            <Footer />
            {root?.showCookieBanner ? (
              <>
                {/* Room under the footer so the fixed banner never covers its links. */}
                <div aria-hidden="true" className="h-56 md:h-32" />
                <CookieBanner />
              </>
            ) : null}
            <Toasts />
            {/* Only after ACCEPT: the collector and web-vitals load later, with import(). */}
            {root?.analytics ? <Analytics /> : null}
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  useAppLinkNavigation()
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
