/**
 * /onboard/:path/personalDetails (issue 10; spec 2, 3, 5): the applicant, the SME's
 * business, the installation address (the checked address, read-only, plus what only the
 * applicant knows) and the billing address. A plain POST form: without JavaScript every
 * field shows, billing included, and the server checks everything; with it, fields are
 * checked as they are left and the billing fields hide while "same as residential" is ticked.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { useState } from 'react'
import { CIVIL_STATUSES, GENDERS, INDUSTRY_TYPES, SUFFIXES } from '../../../lib/application-words'
import { Button } from '~/ui/button'
import { CheckboxField } from '~/ui/checkbox-field'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { RadioGroup } from '~/ui/radio-group'
import { SelectField } from '~/ui/select-field'
import { useHydrated } from '~/ui/use-hydrated'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'
import { useUnsavedWarning } from '~/ui/unsaved-warning'
import { useIsPending } from '~/utils/use-is-pending'
import type { Segment } from './schemas'
import type { ApplicantPath, WizardFlow } from './steps'
import { APPLY_TEXT } from './texts'
import { Summary, WizardFrame } from './wizard-frame'

const TEXT = APPLY_TEXT.personal

// import(): the schemas, and zod with them, stay out of the page's first JS (docs/decisions/0012).
const loadResidential = () => import('./schemas').then((module) => module.ResidentialDetailsSchema)
const loadSme = () => import('./schemas').then((module) => module.SmeDetailsSchema)

const UPPERCASE = { className: 'uppercase', autoCapitalize: 'characters' } as const
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

export type PersonalDetailsProps = {
  path: ApplicantPath
  flow: WizardFlow
  back: string
  segment: Segment
  govtWorker: boolean
  nationalities: string[] | null
  address: {
    region: string
    province: string
    municipality: string
    barangay: string
    locationType: string
    place: string
  }
  defaultValue: Record<string, string | undefined>
  constraint: FormConstraint
  lastResult: SubmissionResult<string[]> | undefined
}

export function PersonalDetailsPage(props: PersonalDetailsProps) {
  const { segment, lastResult, constraint, defaultValue, nationalities, address } = props
  const [form, fields] = useSchemaForm({
    id: 'personal-details',
    lastResult,
    constraint,
    defaultValue,
    loadSchema: segment === 'SME' ? loadSme : loadResidential,
  })
  // spec 4: leaving with details typed and not saved warns.
  useUnsavedWarning(form.id)
  const busy = useIsPending()
  const hydrated = useHydrated()
  const [sameBilling, setSameBilling] = useState(fields.billingSameAsResidential.initialValue === 'on')
  const text = (name: keyof typeof fields, extra: Record<string, unknown> = {}) => ({
    ...getInputProps(fields[name], { type: 'text' }),
    ...extra,
  })
  const mobile = (name: 'mobileNumber' | 'alternateContactNumber') => ({
    ...getInputProps(fields[name], { type: 'tel' }),
    pattern: undefined,
    inputMode: 'numeric' as const,
  })
  const nationalityOptions = nationalities ?? (defaultValue.nationality ? [defaultValue.nationality] : [])

  return (
    <WizardFrame
      path={props.path}
      flow={props.flow}
      page="personalDetails"
      heading={TEXT.heading}
      intro={TEXT.intro}
      back={props.back}
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-8">
        <FormAlert id={form.errorId} errors={form.errors} />
        {nationalities ? null : <FormAlert id="nationalities-alert" errors={[TEXT.nationalitiesUnavailable]} />}

        {segment === 'SME' ? (
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-xl font-bold">{TEXT.businessHeading}</legend>
            <Field
              label={TEXT.businessName}
              field={fields.businessName}
              inputProps={text('businessName', { autoComplete: 'organization' })}
            />
            <Field
              label={TEXT.businessTin}
              hint={TEXT.tinHint}
              field={fields.businessTin}
              inputProps={text('businessTin', { inputMode: 'numeric' })}
            />
            <SelectField
              label={TEXT.industryType}
              field={fields.industryType}
              options={options(INDUSTRY_TYPES)}
              placeholder={TEXT.choose}
              selectProps={getSelectProps(fields.industryType)}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={TEXT.representativeFirstName}
                field={fields.representativeFirstName}
                inputProps={text('representativeFirstName', UPPERCASE)}
              />
              <Field
                label={TEXT.representativeLastName}
                field={fields.representativeLastName}
                inputProps={text('representativeLastName', UPPERCASE)}
              />
            </div>
            <Field label={TEXT.department} field={fields.department} inputProps={text('department')} />
            {props.govtWorker ? <p className="text-sm">{TEXT.govtYes}</p> : null}
          </fieldset>
        ) : null}

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-bold">
            {segment === 'SME' ? TEXT.smeApplicantHeading : TEXT.applicantHeading}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={TEXT.firstName}
              field={fields.firstName}
              inputProps={text('firstName', { ...UPPERCASE, autoComplete: 'given-name' })}
            />
            <Field
              label={TEXT.lastName}
              field={fields.lastName}
              inputProps={text('lastName', { ...UPPERCASE, autoComplete: 'family-name' })}
            />
          </div>
          <SelectField
            label={TEXT.suffix}
            field={fields.suffix}
            options={options(SUFFIXES)}
            placeholder={TEXT.suffixNone}
            selectProps={getSelectProps(fields.suffix)}
          />
          <Field
            label={TEXT.mobileNumber}
            prefix="+63"
            hint={TEXT.mobileHint}
            field={fields.mobileNumber}
            inputProps={{ ...mobile('mobileNumber'), autoComplete: 'tel' }}
          />
          <Field
            label={TEXT.emailAddress}
            field={fields.emailAddress}
            inputProps={{ ...getInputProps(fields.emailAddress, { type: 'email' }), autoComplete: 'email' }}
          />
          <Field
            label={TEXT.alternateContactNumber}
            prefix="+63"
            hint={TEXT.optional}
            field={fields.alternateContactNumber}
            inputProps={{ ...mobile('alternateContactNumber'), autoComplete: 'off' }}
          />
          <Field
            label={TEXT.alternateEmailAddress}
            hint={TEXT.optional}
            field={fields.alternateEmailAddress}
            inputProps={{ ...getInputProps(fields.alternateEmailAddress, { type: 'email' }), autoComplete: 'off' }}
          />
          <Field
            label={TEXT.landlineNumber}
            hint={TEXT.landlineHint}
            field={fields.landlineNumber}
            inputProps={{
              ...getInputProps(fields.landlineNumber, { type: 'tel' }),
              pattern: undefined,
              autoComplete: 'off',
            }}
          />
          <Field
            label={TEXT.birthDate}
            field={fields.birthDate}
            inputProps={{ ...getInputProps(fields.birthDate, { type: 'date' }), autoComplete: 'bday' }}
          />
          <RadioGroup legend={TEXT.gender} field={fields.gender} options={options(GENDERS)} />
          <SelectField
            label={TEXT.civilStatus}
            field={fields.civilStatus}
            options={options(CIVIL_STATUSES)}
            placeholder={TEXT.choose}
            selectProps={getSelectProps(fields.civilStatus)}
          />
          <SelectField
            label={TEXT.nationality}
            field={fields.nationality}
            options={options(nationalityOptions)}
            placeholder={TEXT.nationalityPlaceholder}
            selectProps={getSelectProps(fields.nationality)}
          />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-bold">{TEXT.residentialHeading}</legend>
          <Summary
            heading={TEXT.residentialHeading}
            rows={[
              [TEXT.addressLabels.region, address.region],
              [TEXT.addressLabels.province, address.province],
              [TEXT.addressLabels.municipality, address.municipality],
              [TEXT.addressLabels.barangay, address.barangay],
              [TEXT.addressLabels.locationType, address.locationType],
              [TEXT.addressLabels.place, address.place],
            ]}
            edit="/CheckAvailability"
            editLabel={TEXT.changeAddress}
          />
          <p className="text-sm">{TEXT.residentialIntro}</p>
          <Field
            label={TEXT.buildingNo}
            hint={TEXT.optional}
            field={fields.buildingNo}
            inputProps={text('buildingNo')}
          />
          <Field
            label={TEXT.streetName}
            field={fields.streetName}
            inputProps={text('streetName', { autoComplete: 'address-line1' })}
          />
          <Field label={TEXT.landmark} hint={TEXT.optional} field={fields.landmark} inputProps={text('landmark')} />
          <Field
            label={TEXT.zipCode}
            hint={TEXT.zipHint}
            field={fields.zipCode}
            inputProps={text('zipCode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
          />
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-xl font-bold">{TEXT.billingHeading}</legend>
          <CheckboxField
            label={TEXT.sameAsResidential}
            field={fields.billingSameAsResidential}
            inputProps={{
              ...getInputProps(fields.billingSameAsResidential, { type: 'checkbox' }),
              onChange: (event) => setSameBilling(event.currentTarget.checked),
            }}
          />
          {/* Without JavaScript the billing fields always show; the server reads them only when the box is not ticked. */}
          <div className="flex flex-col gap-4" hidden={hydrated && sameBilling}>
            <p className="text-sm">{TEXT.billingNote}</p>
            <Field
              label={`${TEXT.billingHeading}: ${TEXT.buildingNo}`}
              hint={TEXT.optional}
              field={fields.billingBuildingNo}
              inputProps={text('billingBuildingNo')}
            />
            <Field
              label={`${TEXT.billingHeading}: ${TEXT.streetName}`}
              field={fields.billingStreetName}
              inputProps={text('billingStreetName')}
            />
            <Field
              label={`${TEXT.billingHeading}: ${TEXT.barangay}`}
              field={fields.billingBarangay}
              inputProps={text('billingBarangay')}
            />
            <Field
              label={`${TEXT.billingHeading}: ${TEXT.municipality}`}
              field={fields.billingMunicipality}
              inputProps={text('billingMunicipality')}
            />
            <Field
              label={`${TEXT.billingHeading}: ${TEXT.province}`}
              field={fields.billingProvince}
              inputProps={text('billingProvince')}
            />
            <Field
              label={`${TEXT.billingHeading}: ${TEXT.zipCode}`}
              field={fields.billingZipCode}
              inputProps={text('billingZipCode', { inputMode: 'numeric' })}
            />
          </div>
        </fieldset>

        <div>
          <Button type="submit" disabled={busy}>
            {TEXT.save}
          </Button>
        </div>
      </Form>
    </WizardFrame>
  )
}
