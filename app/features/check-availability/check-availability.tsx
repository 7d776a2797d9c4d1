/**
 * /CheckAvailability on screen (spec 2): the step indicator, step 1 or step 2, and the
 * popup the server says is open. All state is the draft's (check-availability.server.ts).
 */
import type { SubmissionResult } from '@conform-to/react'
import { Stepper } from '~/ui/stepper'
import type { FormConstraint } from '~/ui/use-schema-form'
import type { AddressChoice } from './address-choice'
import { AddressForm, type AddressLists, type MapSettings } from './address-form'
import { DetailsForm, type DetailsValues } from './details-form'
import { CHECK_PATH, type Dialog } from './intents'
import { ResultDialog } from './result-dialogs'
import { CHECK_TEXT as TEXT } from './texts'

export type CheckAvailabilityProps = {
  agentCode: string | null
  details: DetailsValues | null
  constraint: { details: FormConstraint; lead: FormConstraint }
} & (
  | { step: 1 }
  | {
      step: 2
      choice: AddressChoice
      lists: AddressLists
      zipCode: string | null
      dialog: Dialog | null
      leadId: string | null
      map: MapSettings
    }
)

export type CheckAvailabilityActionData = {
  details?: SubmissionResult<string[]>
  address?: SubmissionResult<string[]>
  lead?: SubmissionResult<string[]>
  checkError?: string
  formError?: string
}

export function CheckAvailability({
  actionData,
  ...view
}: CheckAvailabilityProps & { actionData?: CheckAvailabilityActionData }) {
  const steps = [{ label: TEXT.stepDetails, href: `${CHECK_PATH}?step=1` }, { label: TEXT.stepAddress }]
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.heading}</h1>
      <Stepper label={TEXT.stepsLabel} steps={steps} current={view.step - 1} />
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
        <>
          <AddressForm
            saved={view.choice}
            lists={view.lists}
            zipCode={view.zipCode}
            map={view.map}
            agentCode={view.agentCode}
            lastResult={actionData?.address}
            checkError={actionData?.checkError ?? null}
          />
          {view.dialog && view.details ? (
            <ResultDialog
              dialog={view.dialog}
              person={{
                fullName: `${view.details.firstName} ${view.details.lastName}`,
                mobileNumber: view.details.mobileNumber,
                email: view.details.email,
              }}
              leadId={view.leadId}
              leadResult={actionData?.lead}
              leadConstraint={view.constraint.lead}
              pin={view.choice}
            />
          ) : null}
        </>
      )}
    </section>
  )
}
