/**
 * The payment pages' test-mode notice (issue 32, item 3; docs/decisions/0061): while payments
 * go to the sandbox gateway, where no money moves, every payment page says so above its
 * content, server-rendered (no JavaScript needed). The root loader tells whether they do.
 */
import { TEST_MODE_NOTICE } from '../../../lib/test-mode'
import { useRootData } from '~/root-data'

export function TestModeNotice() {
  if (!useRootData()?.paymentsTestMode) return null
  return (
    <p
      role="note"
      data-testid="test-mode-notice"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {TEST_MODE_NOTICE}
    </p>
  )
}
