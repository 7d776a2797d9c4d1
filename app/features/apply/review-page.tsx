/**
 * /onboard/:path/review, "Verify and submit" (issue 10; spec 3, 5): everything the
 * application will say, each part with a link to the page that edits it, then spec 5's
 * consents and the submit button. The form carries the draft's submission token, so
 * sending it twice makes one application (docs/decisions/0028).
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { ApplicationAddress, PersonalDetailsSection } from '../../../lib/application'
import { displayMobile } from '../../../lib/mobile'
import { formatPesos } from '../../../lib/pesos'
import type { Cart } from '~/upstream/orders.server'
import { Button } from '~/ui/button'
import { CheckboxField } from '~/ui/checkbox-field'
import { FormAlert } from '~/ui/form-alert'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useIsPending } from '~/utils/use-is-pending'
import type { Segment } from './schemas'
import type { ApplicantPath, WizardFlow } from './steps'
import { APPLY_TEXT } from './texts'
import { Summary, WizardFrame } from './wizard-frame'

const TEXT = APPLY_TEXT.review
const P = APPLY_TEXT.personal
const loadSchema = () => import('./schemas').then((module) => module.ReviewFormSchema)
const loadSalesSchema = () => import('./schemas').then((module) => module.SalesReviewFormSchema)

export type ReviewProps = {
  path: ApplicantPath
  flow: WizardFlow
  back: string
  segment: Segment
  token: string
  cart: Cart
  details: PersonalDetailsSection
  govtWorker: boolean
  residential: ApplicationAddress
  billing: ApplicationAddress | null
  appointment: string
  edit: { plan: string; personalDetails: string; appointment: string }
  /** Filed by a sales agent for a customer (issue 13): the promo code row (the cart's), and the witness box. */
  sales: boolean
  constraint: FormConstraint
  lastResult: SubmissionResult<string[]> | undefined
}

function addressLine(address: ApplicationAddress): string {
  return [
    address.buildingNo,
    address.buildingName ?? address.subdivisionVillage,
    address.streetName,
    address.barangay,
    address.cityMunicipality,
    address.province,
    address.zipCode,
  ]
    .filter(Boolean)
    .join(', ')
}

const CONSENTS = [
  'termsAndConditions',
  'privacyNotice',
  'informationAccuracy',
  'notifications',
  'newsletters',
  'eBills',
] as const

export function ReviewPage(props: ReviewProps) {
  const { cart, details, edit, lastResult, constraint } = props
  const [form, fields] = useSchemaForm({
    id: 'review',
    lastResult,
    constraint,
    // The public form is the agent's without the witness box, which only an agent's page shows.
    loadSchema: (props.sales ? loadSalesSchema : loadSchema) as typeof loadSalesSchema,
  })
  const busy = useIsPending()
  const plan = cart.cartItems.find((item) => item.productType === 'MAINLINE')
  const addOns = cart.cartItems.filter((item) => item.productType !== 'MAINLINE')
  const mobile = (digits: string | undefined) => (digits ? displayMobile(digits) : null)
  return (
    <WizardFrame
      path={props.path}
      flow={props.flow}
      page="review"
      heading={TEXT.heading}
      intro={TEXT.intro}
      back={props.back}
    >
      <Summary
        heading={TEXT.planHeading}
        edit={edit.plan}
        rows={[
          [TEXT.planHeading, plan?.name],
          [TEXT.monthly, formatPesos(cart.totals.monthlyRecurringFee)],
          [TEXT.addOns, addOns.length ? addOns.map((item) => `${item.name} × ${item.quantity}`).join(', ') : TEXT.none],
          [TEXT.paymentMode, TEXT.paymentModes[cart.upfrontFeePaymentOption ?? 'none']],
          ...(cart.totals.dueUpfront > 0
            ? [
                [
                  TEXT.upfrontPayment,
                  TEXT.upfrontPayments[cart.upfrontPayment](formatPesos(cart.totals.dueUpfront)),
                ] as [string, string],
              ]
            : []),
          ...(props.sales
            ? [
                [
                  TEXT.promoCode,
                  cart.promo
                    ? TEXT.promoApplied(cart.promo.code, cart.promo.description, formatPesos(cart.promo.discount))
                    : TEXT.none,
                ] as [string, string],
              ]
            : []),
          // Issue 33: the first bill as the orders service priced it, a promo code's discount taken off.
          [TEXT.firstBill, formatPesos(cart.totals.firstBill)],
        ]}
      />
      {details.business ? (
        <Summary
          heading={TEXT.businessHeading}
          edit={edit.personalDetails}
          rows={[
            [P.businessName, details.business.businessName],
            [P.businessTin, details.business.businessTin],
            [P.industryType, details.business.industryType],
            [P.representativeFirstName, details.business.representativeFirstName],
            [P.representativeLastName, details.business.representativeLastName],
            [P.department, details.business.department],
            [P.govtFlag, props.govtWorker ? 'Yes' : 'No'],
          ]}
        />
      ) : null}
      <Summary
        heading={TEXT.detailsHeading}
        edit={edit.personalDetails}
        rows={[
          [P.firstName, details.firstName],
          [P.lastName, details.lastName],
          [P.suffix, details.suffix],
          [P.mobileNumber, mobile(details.mobileNumber)],
          [P.emailAddress, details.emailAddress],
          [P.alternateContactNumber, mobile(details.alternateContactNumber)],
          [P.alternateEmailAddress, details.alternateEmailAddress],
          [P.landlineNumber, details.landlineNumber],
          [P.birthDate, details.birthDate],
          [P.gender, details.gender],
          [P.civilStatus, details.civilStatus],
          [P.nationality, details.nationality],
        ]}
      />
      <Summary
        heading={TEXT.residentialHeading}
        edit={edit.personalDetails}
        rows={[
          [TEXT.residentialHeading, addressLine(props.residential)],
          [P.landmark, props.residential.landmark],
        ]}
      />
      <Summary
        heading={TEXT.billingHeading}
        edit={edit.personalDetails}
        rows={[[TEXT.billingHeading, props.billing ? addressLine(props.billing) : TEXT.sameAsResidential]]}
      />
      <Summary
        heading={TEXT.appointmentHeading}
        edit={edit.appointment}
        rows={[[TEXT.appointmentHeading, props.appointment]]}
      />

      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={props.token} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-xl font-bold">{TEXT.consentsHeading}</legend>
          {CONSENTS.map((name) => (
            <CheckboxField
              key={name}
              label={APPLY_TEXT.consents[name]}
              field={fields[name]}
              inputProps={getInputProps(fields[name], { type: 'checkbox' })}
            />
          ))}
          {props.sales ? (
            <CheckboxField
              label={TEXT.witnessed}
              field={fields.witnessed}
              inputProps={getInputProps(fields.witnessed, { type: 'checkbox' })}
            />
          ) : null}
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {TEXT.submit}
          </Button>
        </div>
      </Form>
    </WizardFrame>
  )
}
