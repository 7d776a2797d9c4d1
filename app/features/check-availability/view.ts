/** What the screen renders: the loader's view and the action's answer (check-availability.server.ts). */
import type { SubmissionResult } from '@conform-to/react'
import type { FormConstraint } from '~/ui/use-schema-form'
import type { AddressChoice } from './address-choice'
import type { MapSettings } from '~/utils/map-settings.server'
import type { AddressLists } from './address-form'
import type { DetailsValues } from './details-form'
import type { Dialog } from './intents'
import type { CheckModeKind } from './mode'

export type CheckAvailabilityProps = {
  /** The visitor's own check, a referral or a Win Back (mode.ts). */
  mode: CheckModeKind
  /** A line above the steps from the page around the screen (an invite's "Invited by …"). */
  notice?: string | null
  /** spec 8: the drafts service did not answer when the page was read. */
  draftFailure: string | null
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
  /** The choice as posted, after spec 4's rules: shown again when it could not be saved or checked. */
  choice?: AddressChoice
  /** A lead filed whose note in the draft could not be saved: thanked all the same. */
  leadFiled?: string
}
