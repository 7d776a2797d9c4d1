/**
 * "No internet" with proof (issue 37, item 6): the report page's steps and the ticket's report
 * and visit (the dashboard's card is ./no-internet-card.tsx). Every action is a plain form (docs/architecture.md, 4).
 */
import { Form } from 'react-router'
import { buttonClass } from '~/ui/button'
import { plainField } from '~/ui/field-parts'
import { RadioGroup } from '~/ui/radio-group'
import { NO_INTERNET_INTENT, VISIT_INTENT } from './intents'
import type { ReportView } from './no-internet.server'
import { CARD, HEADING } from './no-internet-card'
import { NO_INTERNET_TEXT as TEXT } from './texts'

export type FormReply = { errors: Record<string, string[]>; values: Record<string, string> } | undefined

function Steps({ steps }: { steps: ReportView['steps'] }) {
  return (
    <section aria-labelledby="steps-heading" className="flex flex-col gap-2">
      <h2 id="steps-heading" className={HEADING}>
        {TEXT.stepsHeading}
      </h2>
      <ol className="flex flex-col gap-1 text-sm">
        {steps.map((step) => (
          <li key={step.key}>
            <span className="text-slate-600 dark:text-slate-300">{step.when}</span>: {step.text}
          </li>
        ))}
      </ol>
    </section>
  )
}

function Proof({ report }: { report: ReportView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">{TEXT.lastReport}</dt>
      <dd>{report.lastSeen}</dd>
      <dt className="font-semibold">{TEXT.signal}</dt>
      <dd>{report.signal.length ? report.signal.join(', ') : TEXT.noSignal}</dd>
    </dl>
  )
}

/** /customer/no-internet: the restart offered first, then "did it help?". */
export function ReportSteps({ report, reply }: { report: ReportView; reply: FormReply }) {
  return (
    <div className="flex flex-col gap-6">
      <Proof report={report} />
      {report.restartRequested ? (
        <section aria-labelledby="answer-heading" className={CARD}>
          <h2 id="answer-heading" className={HEADING}>
            {TEXT.answerHeading}
          </h2>
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <RadioGroup
              legend={TEXT.answerLegend}
              field={plainField('answer', 'answer', reply?.values.answer ?? '', reply?.errors.answer)}
              options={[
                { value: 'yes', label: TEXT.answerYes },
                { value: 'no', label: TEXT.answerNo },
              ]}
            />
            <p>
              <button type="submit" name="intent" value={NO_INTERNET_INTENT.answer} className={buttonClass('primary')}>
                {TEXT.sendButton}
              </button>
            </p>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="restart-heading" className={CARD}>
          <h2 id="restart-heading" className={HEADING}>
            {TEXT.restartHeading}
          </h2>
          <p className="text-sm">{TEXT.restartBody}</p>
          {reply?.errors.answer ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {reply.errors.answer.join(' ')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <button type="submit" name="intent" value={NO_INTERNET_INTENT.restart} className={buttonClass('primary')}>
                {TEXT.restartButton}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="answer" value="skip" />
              <button
                type="submit"
                name="intent"
                value={NO_INTERNET_INTENT.answer}
                className={buttonClass('secondary')}
              >
                {TEXT.skipButton}
              </button>
            </Form>
          </div>
        </section>
      )}
      <Steps steps={report.steps} />
    </div>
  )
}

/** The ticket's page: the report's proof and steps, the visit with the technician's window, and the booking forms. */
export function TicketRepair({ report, reply }: { report: ReportView; reply: FormReply }) {
  const visit = report.visit
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="proof-heading" className="flex flex-col gap-2">
        <h2 id="proof-heading" className={HEADING}>
          {TEXT.proofHeading}
        </h2>
        <Proof report={report} />
      </section>
      <section aria-labelledby="visit-heading" className={CARD}>
        <h2 id="visit-heading" className={HEADING}>
          {TEXT.visitHeading}
        </h2>
        {visit ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="repair-visit">
            <dt className="font-semibold">{TEXT.visitWhen}</dt>
            <dd>{visit.label}</dd>
            <dt className="font-semibold">{TEXT.technician}</dt>
            <dd>{visit.technician ?? TEXT.notAssigned}</dd>
            {visit.arrival ? (
              <>
                <dt className="font-semibold">{TEXT.arrival}</dt>
                <dd>{visit.arrival}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm">{report.open ? TEXT.noVisit : TEXT.closed}</p>
        )}
        {report.bookable ? (
          report.slots.length ? (
            <Form method="post" className="flex flex-col gap-3" noValidate>
              <RadioGroup
                legend={visit ? TEXT.moveLegend : TEXT.slotLegend}
                field={plainField('slotId', 'slotId', reply?.values.slotId ?? '', reply?.errors.slotId)}
                options={report.slots}
              />
              <p>
                <button type="submit" name="intent" value={VISIT_INTENT.book} className={buttonClass('primary')}>
                  {visit ? TEXT.moveButton : TEXT.bookButton}
                </button>
              </p>
            </Form>
          ) : (
            <p className="text-sm">{TEXT.noSlots}</p>
          )
        ) : null}
        {visit && report.bookable ? (
          <Form method="post">
            <button type="submit" name="intent" value={VISIT_INTENT.cancel} className={buttonClass('secondary')}>
              {TEXT.cancelButton}
            </button>
          </Form>
        ) : null}
      </section>
      <Steps steps={report.steps} />
    </div>
  )
}
