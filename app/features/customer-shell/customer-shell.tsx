/**
 * The customer shell around every customer page (spec 2): the top bar, the page in <main>,
 * and the PrintScreen guard (spec 5). When the layout rule hides the page, 'No account
 * number available' instead, with the links awaiting proof and VERIFY NOW (their forms
 * post to /customer, whose action handles them).
 */
import type { ReactNode } from 'react'
import { LinkedAccounts } from '~/features/own-account/own-account'
import { CustomerHeader } from './customer-header'
import type { NotificationBellData } from '~/features/notifications/notifications.server'
import { PrintScreenGuard } from './print-screen'
import { CUSTOMER_SHELL_TEXT as TEXT } from './texts'

export type CustomerShellData = {
  givenName: string
  accountManagement: boolean
  updateAccountUrl: string
  planUpgradeUrl: string
  payAccount: string | null
  content: boolean
  accounts: {
    accountNumbers: string[]
    unverifiedAccountNumbers: string[]
    defaultAccountNumber: string | null
    confirmUnlink: string | null
  } | null
  /** The notification bell's data (the notifications feature's); null when the page shows no content. */
  bell: NotificationBellData | null
}

export function CustomerShell({
  data,
  productName,
  bell,
  children,
}: {
  data: CustomerShellData
  productName: string
  /** The notification bell (CustomerHeader's `bell`); default a plain link. */
  bell?: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <CustomerHeader
        productName={productName}
        givenName={data.givenName}
        accountManagement={data.accountManagement}
        updateAccountUrl={data.updateAccountUrl}
        planUpgradeUrl={data.planUpgradeUrl}
        payAccount={data.payAccount}
        bell={bell}
      />
      <main id="main" className="flex-1">
        {data.content ? (
          children
        ) : (
          <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
            <p role="status" className="text-xl font-bold">
              {TEXT.noAccountNumber}
            </p>
            <p>{TEXT.noAccountHint}</p>
            {data.accounts ? <LinkedAccounts {...data.accounts} here="/customer" /> : null}
          </section>
        )}
      </main>
      <PrintScreenGuard />
    </>
  )
}
