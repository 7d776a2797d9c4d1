/** /success (spec 2; issue 10): the reference number of this browser's submission and what happens next. */
import { AppLink } from '~/ui/app-link'
import { ButtonLink } from '~/ui/button'
import { APPLY_TEXT } from './texts'

const TEXT = APPLY_TEXT.success

export function SuccessPage({
  referenceNo,
  slot,
  plan,
  installerCash,
}: {
  referenceNo: string
  slot: string
  plan: string
  /** Pay via installer (issue 33): the cash to prepare, in words. */
  installerCash?: string | null
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.heading}</h1>
      <section
        aria-labelledby="reference-heading"
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      >
        <h2 id="reference-heading" className="text-sm font-semibold">
          {TEXT.reference}
        </h2>
        <p className="text-3xl font-bold tracking-wider" data-testid="reference-number">
          {referenceNo}
        </p>
        <p className="text-sm">{TEXT.keep}</p>
      </section>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{APPLY_TEXT.review.planHeading}</dt>
        <dd>{plan}</dd>
        <dt className="font-semibold">{TEXT.appointment}</dt>
        <dd>{slot}</dd>
      </dl>
      {installerCash ? (
        <p role="note" className="rounded-lg border border-brand-600 p-4" data-testid="installer-cash">
          {TEXT.installerCash(installerCash, slot)}
        </p>
      ) : null}
      <section aria-labelledby="next-heading" className="flex flex-col gap-2">
        <h2 id="next-heading" className="text-xl font-bold">
          {TEXT.nextHeading}
        </h2>
        <ol className="list-decimal pl-6">
          {TEXT.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="text-sm">{TEXT.emailed}</p>
      </section>
      <p className="flex flex-wrap gap-4">
        <ButtonLink to="/check-status">{TEXT.checkStatus}</ButtonLink>
        <AppLink to="/" className="self-center underline">
          {TEXT.home}
        </AppLink>
      </p>
    </div>
  )
}
