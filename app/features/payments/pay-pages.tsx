/**
 * The payment screens (issue 12): a guest's account number, the pay form and its review,
 * the payment's state (paid, confirming, a reference slip, failed) with its timeline, and
 * bill history's list of payments. Plain forms checked on the server, so every step works
 * without JavaScript; with it, a payment still being confirmed is looked at again every few
 * seconds until the webhook has settled it.
 */
import { Form, useLocation, useRevalidator } from 'react-router'
import { useEffect } from 'react'
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { COUNTER_CHANNEL_STORES, PAY_STORES_PATH, storesOfType } from '~/features/stores/links'
import type { ChannelGroup } from '~/upstream/payments.server'
import { AppLink } from '~/ui/app-link'
import { Button, ButtonLink, buttonClass } from '~/ui/button'
import { CHOICE_CLASS } from '~/ui/checkbox-field'
import { FieldErrors, type FieldMeta } from '~/ui/field-parts'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { useHydrated } from '~/ui/use-hydrated'
import { useIsPending } from '~/utils/use-is-pending'
import { channelValue } from './pay-form'
import type { PayAnswer, PayPage, PaymentStatusPage, PaymentView, PayReview } from './pay.server'
import { PAY_BILL_PATH } from './paths'
import { PAY_TEXT as TEXT } from './texts'
import { TestModeNotice } from './test-mode-notice'
import { Timeline } from './timeline'

const meta = (name: string, value: string, errors?: string[]): FieldMeta => ({
  id: `pay-${name}`,
  name,
  errorId: `pay-${name}-error`,
  initialValue: value,
  errors,
})

export function PayLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <TestModeNotice />
      {children}
    </section>
  )
}

/** /payBill: a guest's account number, sent as a GET form (the URL can be shared and bookmarked). */
export function AccountNumberForm({ accountNumber, error }: { accountNumber: string; error: string | null }) {
  const hydrated = useHydrated()
  return (
    <Form method="get" action={PAY_BILL_PATH} className="flex flex-col gap-4" noValidate={hydrated || undefined}>
      <Field
        label={TEXT.accountNumberLabel}
        hint={TEXT.accountNumberHint}
        field={meta('accountNumber', accountNumber, error ? [error] : undefined)}
        inputProps={{ type: 'text', inputMode: 'numeric', autoComplete: 'off', required: true, maxLength: 40 }}
      />
      <div>
        <Button type="submit">{TEXT.continueButton}</Button>
      </div>
    </Form>
  )
}

function AccountSummary({ account }: { account: Extract<PayPage, { kind: 'ready' }>['account'] }) {
  return (
    <dl
      data-testid="pay-account"
      className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border border-slate-200 p-5 dark:border-slate-700"
    >
      <dt className="text-slate-600 dark:text-slate-300">{TEXT.accountNumberLabel}</dt>
      <dd className="font-semibold">{account.accountNumber}</dd>
      <dt className="text-slate-600 dark:text-slate-300">{TEXT.accountName}</dt>
      <dd className="font-semibold">{account.holderName}</dd>
      <dt className="text-slate-600 dark:text-slate-300">{TEXT.amountDueLabel}</dt>
      <dd className="text-xl font-extrabold" data-testid="pay-amount-due">
        {formatPesos(account.amountDue)}
      </dd>
      {account.dueDate ? (
        <>
          <dt className="text-slate-600 dark:text-slate-300">{TEXT.dueDateLabel}</dt>
          <dd>{formatDate(account.dueDate, 'date')}</dd>
        </>
      ) : null}
      {account.amountDue === 0 ? <dd className="col-span-2 text-sm">{TEXT.nothingDue}</dd> : null}
    </dl>
  )
}

/** One radio per method, grouped by channel group with what the payer should know before choosing. */
function ChannelChoice({ groups, value, errors }: { groups: ChannelGroup[]; value: string; errors?: string[] }) {
  const field = meta('channel', value, errors)
  return (
    <fieldset
      id={field.id}
      role="radiogroup"
      aria-invalid={errors?.length ? true : undefined}
      aria-describedby={errors?.length ? field.errorId : undefined}
      className="flex flex-col gap-4"
      // The guided tour's seventh step (app/features/tour/steps.ts).
      data-tour="payment-channels"
    >
      {/* A heading in the legend, so the channel groups' headings below it follow one (h1, h2, h3). */}
      <legend className="mb-1">
        <h2 className="text-sm font-semibold">{TEXT.channelLegend}</h2>
      </legend>
      {groups.map((group, groupIndex) => {
        const notesId = `pay-channel-${groupIndex}-notes`
        return (
          <div key={group.name} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-bold">{group.name}</h3>
            <ul id={notesId} className="mb-2 text-sm text-slate-600 dark:text-slate-300">
              {group.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
              <li>{group.postingTime}</li>
            </ul>
            {COUNTER_CHANNEL_STORES[group.name] ? (
              <p className="mb-2 text-sm">
                <AppLink
                  to={storesOfType(PAY_STORES_PATH, COUNTER_CHANNEL_STORES[group.name]!)}
                  className="font-semibold underline"
                >
                  {TEXT.findPaymentCentre}
                </AppLink>
              </p>
            ) : null}
            <div className="flex flex-col gap-2">
              {group.paymentMethods.map((method, index) => {
                const id = `pay-channel-${groupIndex}-${index}`
                const optionValue = channelValue(group.name, method.code)
                return (
                  <div key={method.code} className="flex items-center gap-3">
                    <input
                      type="radio"
                      id={id}
                      name="channel"
                      value={optionValue}
                      defaultChecked={value === optionValue}
                      aria-describedby={notesId}
                      required
                      className={CHOICE_CLASS}
                    />
                    <label htmlFor={id} className="text-sm">
                      {method.name}
                    </label>
                  </div>
                )
              })}
            </div>
          </div>
        )
      })}
      <FieldErrors field={field} />
    </fieldset>
  )
}

function Review({ review }: { review: PayReview }) {
  const busy = useIsPending()
  return (
    <Form method="post" className="flex flex-col gap-4" aria-labelledby="pay-review-heading">
      <h2 id="pay-review-heading" className="text-xl font-bold">
        {TEXT.reviewHeading}
      </h2>
      <input type="hidden" name="amount" value={review.values.amount} />
      <input type="hidden" name="channel" value={review.values.channel} />
      <input type="hidden" name="submissionKey" value={review.submissionKey} />
      <dl
        data-testid="pay-review"
        className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border border-slate-200 p-5 dark:border-slate-700"
      >
        <dt>{TEXT.reviewChannel}</dt>
        <dd className="font-semibold">
          {review.channelGroup}: {review.methodName}
        </dd>
        <dt>{TEXT.reviewAmount}</dt>
        <dd>{formatPesos(review.amount)}</dd>
        <dt>{TEXT.reviewCharge}</dt>
        <dd>{formatPesos(review.serviceCharge)}</dd>
        <dt className="font-bold">{TEXT.reviewTotal}</dt>
        <dd className="font-bold" data-testid="pay-total">
          {formatPesos(review.total)}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="pay" disabled={busy}>
          {review.online ? TEXT.payButton(formatPesos(review.total)) : TEXT.getReferenceButton}
        </Button>
        <Button type="submit" name="intent" value="change" variant="ghost" formNoValidate>
          {TEXT.changeButton}
        </Button>
      </div>
    </Form>
  )
}

function PayForm({ page, answer }: { page: Extract<PayPage, { kind: 'ready' }>; answer: PayAnswer | undefined }) {
  const hydrated = useHydrated()
  const busy = useIsPending()
  const state = answer?.form ?? page.form
  const { account } = page
  return (
    <Form method="post" className="flex flex-col gap-6" noValidate={hydrated || undefined}>
      <FormAlert id="pay-error" errors={state.formError ? [state.formError] : undefined} />
      <input type="hidden" name="submissionKey" value={state.submissionKey} />
      <Field
        label={TEXT.amountLabel}
        hint={TEXT.amountHint(formatPesos(account.minimum), formatPesos(account.maximum))}
        field={meta('amount', state.values.amount, state.errors.amount)}
        prefix="₱"
        inputProps={{ type: 'text', inputMode: 'decimal', autoComplete: 'off', required: true, maxLength: 20 }}
      />
      <ChannelChoice groups={page.groups} value={state.values.channel} errors={state.errors.channel} />
      <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.installerNote}</p>
      <div>
        <Button type="submit" name="intent" value="review" disabled={busy}>
          {TEXT.reviewButton}
        </Button>
      </div>
    </Form>
  )
}

/**
 * The pay form sent while the payments service failed (issue 32): spec 8's message and what
 * was typed, the amount to see and the channel kept hidden (the channels could not be read),
 * so REVIEW PAYMENT sends it again once the service is back.
 */
function KeptPayForm({ message, answer }: { message: string; answer: PayAnswer }) {
  const { values, submissionKey } = answer.form
  return (
    <Form method="post" className="flex flex-col gap-6">
      <FormAlert id="pay-error" errors={[message]} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <input type="hidden" name="channel" value={values.channel} />
      <Field
        label={TEXT.amountLabel}
        field={meta('amount', values.amount)}
        prefix="₱"
        inputProps={{ type: 'text', inputMode: 'decimal', autoComplete: 'off', maxLength: 20 }}
      />
      <div>
        <Button type="submit" name="intent" value="review">
          {TEXT.reviewButton}
        </Button>
      </div>
    </Form>
  )
}

/** The pay page: the account, then the form or the review of the total; or why it cannot be paid. */
export function PayScreen({ page, answer }: { page: PayPage; answer: PayAnswer | undefined }) {
  if (page.kind === 'not-found') return <AccountNumberForm accountNumber={page.accountNumber} error={page.message} />
  if (page.kind === 'unavailable' && answer) return <KeptPayForm message={page.message} answer={answer} />
  if (page.kind === 'refused' || page.kind === 'unavailable') {
    return (
      <p role="alert" className="font-semibold">
        {page.message}
      </p>
    )
  }
  const review = answer?.review ?? null
  return (
    <>
      <AccountSummary account={page.account} />
      {review ? <Review review={review} /> : <PayForm page={page} answer={answer} />}
    </>
  )
}

// ---------------------------------------------------------------------------------------------
// The payment's state

const SETTLING = ['pending', 'authorised']

/** With JavaScript, a payment still being confirmed is read again every 4 s until it settles. */
function useLookAgainWhileSettling(status: string) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!SETTLING.includes(status)) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, 4000)
    return () => clearInterval(timer)
  }, [status, revalidator])
}

function Amounts({ payment }: { payment: PaymentView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
      <dt>{TEXT.accountNumberLabel}</dt>
      <dd className="font-semibold">{payment.accountNumber}</dd>
      <dt>{TEXT.reviewChannel}</dt>
      <dd>{payment.channelGroup}</dd>
      <dt>{TEXT.amountLabelShort}</dt>
      <dd>{formatPesos(payment.amount)}</dd>
      {payment.serviceCharge > 0 ? (
        <>
          <dt>{TEXT.chargeLabelShort}</dt>
          <dd>{formatPesos(payment.serviceCharge)}</dd>
        </>
      ) : null}
      <dt className="font-bold">{TEXT.totalLabelShort}</dt>
      <dd className="font-bold">{formatPesos(payment.total)}</dd>
      <dt>{TEXT.postingLabel}</dt>
      <dd>{payment.postingTime}</dd>
    </dl>
  )
}

/** The browser's print dialog, with JavaScript; without it the hint above says how. */
function PrintButton() {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <div className="print:hidden">
      <Button type="button" variant="secondary" onClick={() => window.print()}>
        {TEXT.printSlip}
      </Button>
    </div>
  )
}

function Slip({ payment }: { payment: PaymentView }) {
  return (
    <div
      data-testid="payment-slip"
      className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-slate-400 p-5"
    >
      <p>
        {TEXT.referenceLabel}:{' '}
        <strong className="font-mono text-2xl tracking-wider" data-testid="payment-reference">
          {payment.reference}
        </strong>
      </p>
      {payment.expiresAt ? (
        <p>
          {TEXT.expiresLabel}: <strong>{payment.expiresAt}</strong>
        </p>
      ) : null}
      <ol className="list-decimal pl-5">
        {payment.instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <p className="text-sm text-slate-600 dark:text-slate-300 print:hidden">{TEXT.printHint}</p>
      <PrintButton />
    </div>
  )
}

/** The payment as it truly stands, from the payments service (never from the browser's return alone). */
export function PaymentStatusScreen({ page, doneAction }: { page: PaymentStatusPage; doneAction?: string }) {
  if (page.kind === 'forgotten') {
    return (
      <>
        <p role="status">{TEXT.guestForgotten}</p>
        <ButtonLink to={page.payAgainPath}>{TEXT.payAgain}</ButtonLink>
      </>
    )
  }
  if (page.kind === 'failed-return') return <FailedNotice payAgainPath={page.payAgainPath} />
  return (
    <PaymentState
      payment={page.payment}
      failedReturn={page.failedReturn}
      payAgainPath={page.payAgainPath}
      doneAction={doneAction}
    />
  )
}

function FailedNotice({ payAgainPath }: { payAgainPath: string | null }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-xl font-bold">{TEXT.unableToProcess}</p>
      <p>{TEXT.tryOtherChannels}</p>
      {payAgainPath ? <ButtonLink to={payAgainPath}>{TEXT.tryAgain}</ButtonLink> : null}
    </div>
  )
}

function PaymentState({
  payment,
  failedReturn,
  payAgainPath,
  doneAction,
}: {
  payment: PaymentView
  failedReturn: boolean
  payAgainPath: string
  doneAction?: string
}) {
  useLookAgainWhileSettling(payment.status)
  // This very page again (an anchor's "." would drop the payment's id from the path).
  const location = useLocation()
  const unpaid = ['failed', 'cancelled', 'expired'].includes(payment.status)
  const settling = SETTLING.includes(payment.status)
  return (
    <div className="flex flex-col gap-6" data-testid="payment-state" data-status={payment.status}>
      {unpaid && (failedReturn || payment.status === 'failed') ? (
        <FailedNotice payAgainPath={payAgainPath} />
      ) : (
        <div role="status" className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold">{TEXT.statusHeading[payment.status]}</h2>
          <p>{TEXT.statusDetail[payment.status]}</p>
        </div>
      )}
      {payment.status === 'awaiting_payment' ? <Slip payment={payment} /> : null}
      <Amounts payment={payment} />
      <Timeline payment={payment} />
      <div className="flex flex-wrap gap-3 print:hidden">
        {settling ? (
          // Without JavaScript the page does not look again by itself: this link does.
          <AppLink to={`${location.pathname}${location.search}`} reloadDocument className={buttonClass('secondary')}>
            {TEXT.checkAgain}
          </AppLink>
        ) : null}
        {unpaid && !failedReturn && payment.status !== 'failed' ? (
          <ButtonLink to={payAgainPath}>{TEXT.payAgain}</ButtonLink>
        ) : null}
        {doneAction ? (
          <Form method="post" action={doneAction}>
            <Button type="submit" name="intent" value="done" variant="ghost">
              {TEXT.done}
            </Button>
          </Form>
        ) : (
          <ButtonLink to="/customer/bill-history" variant="ghost">
            {TEXT.backToBills}
          </ButtonLink>
        )}
      </div>
    </div>
  )
}
