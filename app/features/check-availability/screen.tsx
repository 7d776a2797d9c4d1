/**
 * /CheckAvailability on screen (spec 2): the step indicator, step 1 or step 2, and the
 * popup the server says is open. All state is the draft's (check-availability.server.ts).
 */
import { Stepper } from '~/ui/stepper'
import { DetailsForm } from './details-form'
import { CheckModeContext, MODE_PATHS } from './mode'
import StepTwo from './step-two'
import { CHECK_TEXT as TEXT, REFERRAL_CHECK_TEXT } from './texts'
import type { CheckAvailabilityActionData, CheckAvailabilityProps } from './view'

export default function CheckAvailabilityScreen({
  actionData,
  ...view
}: CheckAvailabilityProps & { actionData?: CheckAvailabilityActionData }) {
  const { mode } = view
  const words = mode === 'check' ? TEXT : REFERRAL_CHECK_TEXT[mode]
  const steps = [{ label: words.stepDetails, href: `${MODE_PATHS[mode]}?step=1` }, { label: TEXT.stepAddress }]
  return (
    <CheckModeContext.Provider value={mode}>
      <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">{words.heading}</h1>
        {view.notice ? (
          <p
            className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold dark:bg-slate-800"
            data-testid="check-notice"
          >
            {view.notice}
          </p>
        ) : null}
        <Stepper label={TEXT.stepsLabel} steps={steps} current={view.step - 1} />
        {view.draftFailure ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {view.draftFailure}
          </p>
        ) : null}
        {actionData?.formError ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {actionData.formError}
          </p>
        ) : null}
        {view.step === 1 ? (
          <DetailsForm lastResult={actionData?.details} constraint={view.constraint.details} saved={view.details} />
        ) : (
          <StepTwo view={view} actionData={actionData} />
        )}
      </section>
    </CheckModeContext.Provider>
  )
}
