/** Which of the customer's accounts a page shows: a GET form, so it works the same without JavaScript. */
import { buttonClass } from '~/ui/button'
import { CONTROL_CLASS, LABEL_CLASS } from '~/ui/field-parts'
import { BILL_HISTORY_PATH } from './paths'
import { BILLS_TEXT as TEXT } from './texts'

export function AccountChooser({
  accountNumbers,
  current,
  action = BILL_HISTORY_PATH,
}: {
  accountNumbers: string[]
  current: string | null
  /** The page the choice reloads (bill history by default; AutoPay's too). */
  action?: string
}) {
  if (accountNumbers.length < 2) return null
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor="bill-account" className={LABEL_CLASS}>
          {TEXT.accountLabel}
        </label>
        <select id="bill-account" name="account" defaultValue={current ?? undefined} className={CONTROL_CLASS}>
          {accountNumbers.map((accountNumber) => (
            <option key={accountNumber} value={accountNumber}>
              {accountNumber}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        {TEXT.showAccountButton}
      </button>
    </form>
  )
}
