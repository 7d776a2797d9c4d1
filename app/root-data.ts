/**
 * The root loader's data, for the shell and the pages that show the product name. Its own
 * module, so that the shell's components and root.tsx never import each other: root.tsx
 * returns this type (`satisfies RootData`), and this module imports nothing of root.tsx,
 * not even its type, so no import graph shows a circle.
 */
import { useRouteLoaderData } from 'react-router'
import type { UserKind } from '~/auth/roles'
import type { Theme } from '~/features/shell/preferences.server'
import type { Toast } from '~/utils/toast.server'
import type { DraftStatus } from '~/features/drafts/draft-expiry.server'

export type RootData = {
  productName: string
  /** Every page's default meta description. */
  description: string
  theme: Theme
  showCookieBanner: boolean
  /** ACCEPT was pressed: the analytics collector may load (issue 17 item 5). */
  analytics: boolean
  registerEnabled: boolean
  /** spec 2 and 9 (accountMgmtEnabled): customers' "Link another Account". */
  accountManagement: boolean
  /** The public drawer's Dashboard, or null (spec 6; app/features/shell/dashboard-link.ts, on the server). */
  dashboard: string | null
  /** The header's HELP & SUPPORT from this page, with its question during onboarding (leave-application.ts). */
  help: { to: string; confirm?: string; then?: string }
  /** Where the header's logo leads from this page (root.tsx). */
  logo: string
  socialUrl: string
  /** Payments go to the sandbox gateway (Config.paymentsSandbox): the payment pages say "Test mode" (docs/decisions/0061). */
  paymentsTestMode: boolean
  year: number
  version: string
  /** The page's path and query, where a no-JS preference form comes back to. */
  currentPath: string
  /** This browser's draft: until when it is kept, or that it has ended (issue 38, item 6). */
  draft: DraftStatus
  toast: Toast | null
  user: { givenName: string; kind: UserKind; home: string; salesAdmin?: true } | null
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}

/** The same data in a `meta` function, which gets the route matches instead of hooks. */
export function rootDataIn(matches: ReadonlyArray<{ id: string; data: unknown }>): RootData | undefined {
  return matches.find((match) => match.id === 'root')?.data as RootData | undefined
}
