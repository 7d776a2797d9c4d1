/**
 * The wizard's forms (issue 10), one schema each, used by the server (parseWithZod) and,
 * loaded after the page, by the browser (app/ui/use-schema-form.ts). The personal details
 * form is flat (one input, one name) and yields the draft's `personalDetails` section
 * (lib/application.ts). Its 18+ check reads `today` (Manila's date), passed in, so the
 * boundary can be tested on any day.
 */
import { z } from 'zod'
import {
  AGE_MESSAGE,
  BirthDateSchema,
  CIVIL_STATUSES,
  EmailSchemaOptional,
  GENDERS,
  INDUSTRY_TYPES,
  isAtLeast18,
  LandlineSchema,
  SlotIdSchema,
  SUFFIXES,
  TinSchema,
  ZipCodeSchema,
  optionalText,
  text,
  type PersonalDetailsSection,
} from '../../../lib/application'
import { EmailSchema, FirstNameSchema, LastNameSchema, MobileNumberSchema } from '../../../lib/identity-schemas'
import { manilaDate } from '../../../lib/manila-time'
import { formatMobile } from '../../../lib/mobile'
import { APPLY_TEXT } from './texts'

const required = text
const optional = optionalText
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: APPLY_TEXT.personal.choose })

export type Segment = 'RES' | 'SME'

/** The billing fields, checked only when the billing address is not the residential one. */
const BillingFields = z.object({
  billingBuildingNo: optional(40),
  billingStreetName: required(120),
  billingBarangay: required(120),
  billingMunicipality: required(120),
  billingProvince: required(120),
  billingZipCode: ZipCodeSchema,
})

const BusinessFields = z.object({
  businessName: required(120),
  businessTin: TinSchema,
  industryType: choice(INDUSTRY_TYPES),
  representativeFirstName: FirstNameSchema,
  representativeLastName: LastNameSchema,
  department: required(80),
})

/** The form's fields, each with its own checks (the HTML constraints come from these). */
export function personalDetailsFields(today: () => string = () => manilaDate(new Date())) {
  return z.object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    suffix: z.enum(SUFFIXES).optional(),
    mobileNumber: MobileNumberSchema,
    emailAddress: EmailSchema,
    alternateContactNumber: MobileNumberSchema.optional(),
    alternateEmailAddress: EmailSchemaOptional,
    landlineNumber: LandlineSchema.optional(),
    birthDate: BirthDateSchema.refine((value) => isAtLeast18(value, today()), { error: AGE_MESSAGE }),
    civilStatus: choice(CIVIL_STATUSES),
    nationality: required(80),
    gender: choice(GENDERS),
    // SME only (checked below); a residential form has none of these inputs.
    businessName: z.string().optional(),
    businessTin: z.string().optional(),
    industryType: z.string().optional(),
    representativeFirstName: z.string().optional(),
    representativeLastName: z.string().optional(),
    department: z.string().optional(),
    buildingNo: optional(40),
    streetName: required(120),
    landmark: optional(120),
    zipCode: ZipCodeSchema,
    billingSameAsResidential: z.boolean().optional(),
    billingBuildingNo: z.string().optional(),
    billingStreetName: z.string().optional(),
    billingBarangay: z.string().optional(),
    billingMunicipality: z.string().optional(),
    billingProvince: z.string().optional(),
    billingZipCode: z.string().optional(),
  })
}

/** The personal details form for a segment; `today` is Manila's date ('YYYY-MM-DD') when the form is checked. */
export function personalDetailsFormSchema(segment: Segment, today: () => string = () => manilaDate(new Date())) {
  return personalDetailsFields(today)
    .superRefine((form, ctx) => {
      const checks = [
        ...(segment === 'SME' ? [BusinessFields] : []),
        ...(form.billingSameAsResidential ? [] : [BillingFields]),
      ]
      for (const fields of checks) {
        const parsed = fields.safeParse(form)
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' })
      }
    })
    .transform((form): PersonalDetailsSection => {
      const business = segment === 'SME' ? BusinessFields.parse(form) : null
      const billing = form.billingSameAsResidential ? null : BillingFields.parse(form)
      return {
        firstName: form.firstName,
        lastName: form.lastName,
        suffix: form.suffix,
        mobileNumber: form.mobileNumber,
        emailAddress: form.emailAddress,
        alternateContactNumber: form.alternateContactNumber,
        alternateEmailAddress: form.alternateEmailAddress,
        landlineNumber: form.landlineNumber,
        birthDate: form.birthDate,
        civilStatus: form.civilStatus,
        nationality: form.nationality,
        gender: form.gender,
        business,
        residential: {
          buildingNo: form.buildingNo,
          streetName: form.streetName,
          landmark: form.landmark,
          zipCode: form.zipCode,
        },
        billing: billing
          ? {
              sameAsResidential: false,
              buildingNo: billing.billingBuildingNo,
              streetName: billing.billingStreetName,
              barangay: billing.billingBarangay,
              municipality: billing.billingMunicipality,
              province: billing.billingProvince,
              zipCode: billing.billingZipCode,
            }
          : { sameAsResidential: true },
      }
    })
}

// What the browser loads (today by its own clock; the server checks again with Manila's).
export const ResidentialDetailsSchema = personalDetailsFormSchema('RES')
export const SmeDetailsSchema = personalDetailsFormSchema('SME')

export type PersonalDetailsForm = Record<string, string | undefined>

/** A saved section as the form's initial values (a checkbox's 'on'), so Back never loses anything. */
export function personalDetailsFormValues(section: PersonalDetailsSection): PersonalDetailsForm {
  const billing = section.billing.sameAsResidential
    ? { billingSameAsResidential: 'on' }
    : {
        billingBuildingNo: section.billing.buildingNo,
        billingStreetName: section.billing.streetName,
        billingBarangay: section.billing.barangay,
        billingMunicipality: section.billing.municipality,
        billingProvince: section.billing.province,
        billingZipCode: section.billing.zipCode,
      }
  return {
    firstName: section.firstName,
    lastName: section.lastName,
    suffix: section.suffix,
    mobileNumber: formatMobile(section.mobileNumber),
    emailAddress: section.emailAddress,
    alternateContactNumber: section.alternateContactNumber && formatMobile(section.alternateContactNumber),
    alternateEmailAddress: section.alternateEmailAddress,
    landlineNumber: section.landlineNumber,
    birthDate: section.birthDate,
    civilStatus: section.civilStatus,
    nationality: section.nationality,
    gender: section.gender,
    ...(section.business ?? {}),
    buildingNo: section.residential.buildingNo,
    streetName: section.residential.streetName,
    landmark: section.residential.landmark,
    zipCode: section.residential.zipCode,
    ...billing,
  }
}

export const AppointmentFormSchema = z.object({
  slotId: z.string({ error: APPLY_TEXT.appointment.chooseSlot }).pipe(SlotIdSchema),
})

const consent = z
  .boolean({ error: APPLY_TEXT.review.consentRequired })
  .refine((value) => value, { error: APPLY_TEXT.review.consentRequired })

/** The review page's form: the submission token, the four consents that must be given and the two that may. */
export const ReviewFormSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  termsAndConditions: consent,
  privacyNotice: consent,
  informationAccuracy: consent,
  notifications: consent,
  newsletters: z.boolean().optional(),
  eBills: z.boolean().optional(),
})
export type ReviewForm = z.output<typeof ReviewFormSchema>

/** An agent files for a customer (issue 13): the customer gave the consents above in the agent's presence. */
export const SalesReviewFormSchema = ReviewFormSchema.extend({ witnessed: consent })
