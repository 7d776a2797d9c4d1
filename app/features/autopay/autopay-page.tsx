/**
 * /customer/auto-pay's body (issue 12, item 4): the account chooser, then AutoPay in its
 * state (spec 4): not set up, a card being added, the card to confirm with the amount
 * charged, on (with its next payment and recent ones), or cancelled but still paying up to
 * the month's due date. Plain forms; removing the card or cancelling asks first.
 */
import { Form } from 'react-router'
import { AccountChooser } from '~/features/bills/account-chooser'
import { Button, buttonClass } from '~/ui/button'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useIsPending } from '~/utils/use-is-pending'
import type { AutopayAnswer, AutopayPage, AutopayView } from './autopay.server'
import { AUTOPAY_PATH } from './paths'
import { AUTOPAY_TEXT as TEXT } from './texts'

type Own = Extract<AutopayPage, { kind: 'own' }>

function IntentButton({
  account,
  intent,
  label,
  variant = 'primary',
}: {
  account: string
  intent: string
  label: string
  variant?: 'primary' | 'secondary' | 'ghost'
}) {
  const busy = useIsPending()
  return (
    <Form method="post" action={AUTOPAY_PATH}>
      <input type="hidden" name="account" value={account} />
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  )
}

function Confirm({ page, confirm }: { page: Own; confirm: 'change-card' | 'cancel' }) {
  const { autopay } = page
  const heading = confirm === 'cancel' ? TEXT.confirmCancelHeading : TEXT.confirmChangeHeading
  const detail =
    confirm === 'cancel'
      ? autopay.cancelEffectiveAfter
        ? TEXT.confirmCancelAfter(autopay.cancelEffectiveAfter)
        : TEXT.confirmCancelNow
      : TEXT.confirmChange(autopay.card ?? '')
  return (
    <ConfirmPanel id="autopay-confirm" heading={heading} detail={detail}>
      <div className="flex flex-wrap gap-3">
        <IntentButton account={page.accountNumber} intent={confirm} label={TEXT.yes} />
        <IntentButton account={page.accountNumber} intent="stay" label={TEXT.no} variant="ghost" />
      </div>
    </ConfirmPanel>
  )
}

function Verify({ page, answer }: { page: Own; answer: AutopayAnswer | undefined }) {
  const busy = useIsPending()
  const { autopay } = page
  const amount = answer?.amount
  return (
    <Form method="post" action={AUTOPAY_PATH} className="flex flex-col gap-4">
      <input type="hidden" name="account" value={page.accountNumber} />
      <p>{TEXT.verifyDetail(autopay.card ?? '')}</p>
      <Field
        label={TEXT.verifyLabel}
        hint={`${TEXT.verifyHint}${autopay.triesLeft === null ? '' : ` ${TEXT.triesLeft(autopay.triesLeft)}`}`}
        prefix="₱"
        field={{
          id: 'autopay-amount',
          name: 'amount',
          errorId: 'autopay-amount-error',
          initialValue: amount?.value ?? '',
          errors: amount?.errors,
        }}
        inputProps={{ type: 'text', inputMode: 'decimal', autoComplete: 'off', required: true, maxLength: 20 }}
      />
      <div>
        <Button type="submit" name="intent" value="verify" disabled={busy}>
          {TEXT.verifyButton}
        </Button>
      </div>
    </Form>
  )
}

function Charges({ autopay }: { autopay: AutopayView }) {
  if (autopay.charges.length === 0) return null
  return (
    <section aria-labelledby="autopay-charges-heading" className="flex flex-col gap-2">
      <h2 id="autopay-charges-heading" className="text-lg font-bold">
        {TEXT.chargesHeading}
      </h2>
      <ul className="flex flex-col gap-2" data-testid="autopay-charges">
        {autopay.charges.map((charge) => (
          <li key={charge.dueOn} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <strong>{charge.dueOn}</strong> {charge.amount ? `· ${charge.amount} ` : ''}· {charge.status}
            {charge.note ? <span className="block text-sm">{charge.note}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function State({ page, answer }: { page: Own; answer: AutopayAnswer | undefined }) {
  const { autopay, accountNumber } = page
  switch (autopay.state) {
    case 'not_set_up':
      return (
        <div className="flex flex-col items-start gap-3">
          <h2 className="text-xl font-bold">{TEXT.notSetUpHeading}</h2>
          {autopay.lastEnded ? (
            <p data-testid="autopay-last-ended">
              {TEXT.lastEnded}: {autopay.lastEnded}
            </p>
          ) : null}
          <IntentButton account={accountNumber} intent="enrol" label={TEXT.setUpButton} />
        </div>
      )
    case 'card_pending':
      return (
        <div className="flex flex-col items-start gap-3">
          <h2 className="text-xl font-bold">{TEXT.pendingHeading}</h2>
          <p>{TEXT.pendingDetail}</p>
          <div className="flex flex-wrap gap-3">
            {autopay.cardFormUrl ? (
              <a href={autopay.cardFormUrl} className={buttonClass('primary')}>
                {TEXT.continueButton}
              </a>
            ) : null}
            <IntentButton account={accountNumber} intent="enrol" label={TEXT.startAgainButton} variant="secondary" />
          </div>
        </div>
      )
    case 'verifying':
      return (
        <div className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">{TEXT.verifyHeading}</h2>
          <Verify page={page} answer={answer} />
        </div>
      )
    case 'active':
    case 'cancelling':
      return (
        <div className="flex flex-col gap-4">
          <h2 className="text-xl font-bold" data-testid="autopay-state">
            {autopay.state === 'active' ? TEXT.activeHeading : TEXT.cancellingHeading}
          </h2>
          {autopay.state === 'cancelling' && autopay.cancelEffectiveAfter ? (
            <p>{TEXT.cancellingDetail(autopay.cancelEffectiveAfter)}</p>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt>{TEXT.cardLabel}</dt>
            <dd className="font-semibold" data-testid="autopay-card">
              {autopay.card}
            </dd>
            {autopay.activeSince ? (
              <>
                <dt>{TEXT.activeSince}</dt>
                <dd>{autopay.activeSince}</dd>
              </>
            ) : null}
            <dt>{TEXT.nextChargeLabel}</dt>
            <dd>{autopay.nextCharge ?? TEXT.noNextCharge}</dd>
          </dl>
          {answer?.confirm ? (
            <Confirm page={page} confirm={answer.confirm} />
          ) : autopay.state === 'active' ? (
            <div className="flex flex-wrap gap-3">
              <IntentButton
                account={accountNumber}
                intent="confirm-change-card"
                label={TEXT.changeCardButton}
                variant="secondary"
              />
              <IntentButton account={accountNumber} intent="confirm-cancel" label={TEXT.cancelButton} variant="ghost" />
            </div>
          ) : null}
          <Charges autopay={autopay} />
        </div>
      )
  }
}

export function AutopayBody({ page, answer }: { page: AutopayPage; answer: AutopayAnswer | undefined }) {
  if (page.kind === 'none') return <p role="status">{TEXT.noAccount}</p>
  if (page.kind === 'refused') {
    return (
      <>
        <p role="alert">{page.message}</p>
        <AccountChooser accountNumbers={page.accountNumbers} current={null} action={AUTOPAY_PATH} />
      </>
    )
  }
  return (
    <>
      <AccountChooser accountNumbers={page.accountNumbers} current={page.accountNumber} action={AUTOPAY_PATH} />
      <p>
        {TEXT.accountLabel}: <strong data-testid="autopay-account">{page.accountNumber}</strong>
      </p>
      <FormAlert id="autopay-error" errors={answer?.formError ? [answer.formError] : undefined} />
      {page.kind === 'failed' ? <p role="alert">{page.message}</p> : <State page={page} answer={answer} />}
    </>
  )
}
