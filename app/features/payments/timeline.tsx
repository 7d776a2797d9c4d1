/**
 * A payment's steps (initiated, authorised, posted, receipt emailed…) and bill history's list
 * of payments made through the portal (issue 12): the answer to "paid but not reflected".
 * Apart from the pay screens, so bill history brings none of their code.
 */
import { formatPesos } from '../../../lib/pesos'
import type { PaymentView } from './pay.server'
import { PAY_TEXT as TEXT } from './texts'

export function Timeline({ payment, headingLevel = 2 }: { payment: PaymentView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div>
      <Heading className="font-bold">{TEXT.timelineHeading}</Heading>
      <ol className="mt-2 flex flex-col gap-1 border-l-2 border-brand-600 pl-4" data-testid="payment-timeline">
        {payment.timeline.map((entry, index) => (
          <li key={`${entry.kind}-${index}`}>
            <strong>{entry.label}</strong>{' '}
            <span className="text-sm text-slate-600 dark:text-slate-300">{entry.at}</span>
            {entry.detail ? <span className="block text-sm">{entry.detail}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  )
}

/** Bill history: the account's payments through the portal, each with its steps. */
export function PaymentsList({ payments }: { payments: { ok: true; payments: PaymentView[] } | { ok: false } }) {
  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-3">
      <h2 id="payments-heading" className="text-xl font-bold">
        {TEXT.paymentsHeading}
      </h2>
      {!payments.ok ? (
        <p role="alert">{TEXT.paymentsFailed}</p>
      ) : payments.payments.length === 0 ? (
        <p>{TEXT.paymentsEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="payments-list">
          {payments.payments.map((payment) => (
            <li key={payment.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <details>
                <summary className="cursor-pointer">
                  <strong>{formatPesos(payment.total)}</strong> · {payment.channelGroup} · {payment.createdAt} ·{' '}
                  <span data-testid="payment-status">{TEXT.status[payment.status]}</span>
                </summary>
                <div className="mt-3 flex flex-col gap-2">
                  <p className="text-sm">
                    {TEXT.referenceLabel}: <span className="font-mono">{payment.reference}</span>
                  </p>
                  <Timeline payment={payment} headingLevel={3} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
