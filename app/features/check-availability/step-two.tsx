/** Step 2 with its popup (spec 2), a chunk of its own: check-availability.tsx loads it with import() once step 2 shows. */
import { AddressForm } from './address-form'
import type { CheckAvailabilityActionData, CheckAvailabilityProps } from './view'
import { ResultDialog } from './result-dialogs'

type StepTwoView = Extract<CheckAvailabilityProps, { step: 2 }>

export default function StepTwo({
  view,
  actionData,
}: {
  view: StepTwoView
  actionData: CheckAvailabilityActionData | undefined
}) {
  const dialog = actionData?.leadFiled ? 'lead-filed' : view.dialog
  return (
    <>
      <AddressForm
        saved={actionData?.choice ?? view.choice}
        lists={view.lists}
        zipCode={view.zipCode}
        map={view.map}
        agentCode={view.agentCode}
        lastResult={actionData?.address}
        checkError={actionData?.checkError ?? null}
      />
      {dialog && view.details ? (
        <ResultDialog
          agent={view.agentCode !== null}
          dialog={dialog}
          person={{
            fullName: `${view.details.firstName} ${view.details.lastName}`,
            mobileNumber: view.details.mobileNumber,
            email: view.details.email,
          }}
          leadId={actionData?.leadFiled ?? view.leadId}
          leadResult={actionData?.lead}
          leadConstraint={view.constraint.lead}
          pin={view.choice}
          error={actionData?.formError}
        />
      ) : null}
    </>
  )
}
