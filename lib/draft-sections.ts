/**
 * What a draft may hold (docs/decisions/0018): one Zod schema per section, shared by the
 * drafts service, which validates every section it stores, and the portal, whose forms
 * reuse the same rules and messages. The old app kept these in local storage (spec 3:
 * basicInfo; later the plan, cart, application, files and referee).
 *
 * Adding a section is one entry in DRAFT_SECTIONS: its name and its schema. The schema's
 * output is what is stored, as JSON, and is parsed again when read (here and upstream), so
 * it must be plain JSON and parse to itself (no Date objects, no one-way transforms).
 */
import { z } from 'zod'
import { CustomerCategorySchema, ProductCodeSchema } from './catalog.ts'
import { AppointmentSectionSchema, PersonalDetailsSectionSchema, SubmissionSectionSchema } from './application.ts'
import { BusinessTypeSchema } from './documents.ts'
import { LeadSectionSchema, ServiceabilitySectionSchema } from './check-availability-sections.ts'
import { EmailSchema, FirstNameSchema, LastNameSchema, MobileNumberSchema } from './identity-schemas.ts'
import { ReferralSectionSchema } from './referrals.ts'

/** Not in the spec, which only disables Continue until the box is ticked; the server needs words for a post without JS. */
export const CONSENT_REQUIRED = 'Please agree to the Privacy Notice to continue'

/**
 * spec 2 and 5, step 1 of /CheckAvailability (spec 3's basicInfo, spelled as the portal
 * spells it): the names upper-cased, the mobile number as its 10 digits.
 */
export const BasicInfoSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  mobileNo: MobileNumberSchema,
  email: EmailSchema,
  // A boolean that must be true (not a literal), so a form's checkbox coerces into it.
  checkTerms: z
    .boolean({ error: CONSENT_REQUIRED })
    .refine((value) => value, { error: CONSENT_REQUIRED })
    .transform((): true => true),
})
export type BasicInfo = z.output<typeof BasicInfoSchema>

/** The plan the visitor chose (issue 9): its catalogue code, the application's planName later. */
export const PlanSectionSchema = z.strictObject({ planCode: ProductCodeSchema })
export type PlanSection = z.output<typeof PlanSectionSchema>

/** The visitor's cart (docs/decisions/0024): only its id; the cart itself is in the orders service. */
export const CartSectionSchema = z.strictObject({ cartId: z.uuid() })
export type CartSection = z.output<typeof CartSectionSchema>

/**
 * spec 3 and 4's customer category: RES (the default) or SME, and the
 * government-or-embassy-worker flag, which only an SME category may carry
 * (app/features/cart/customer-category.ts has the transitions).
 */
export const CustomerCategorySectionSchema = z
  .strictObject({ category: CustomerCategorySchema, isWorkingGovtEmbassyWorker: z.boolean() })
  .refine((value) => value.category === 'SME' || !value.isWorkingGovtEmbassyWorker, {
    error: 'Only an SME customer may be a government or embassy worker',
    path: ['isWorkingGovtEmbassyWorker'],
  })
export type CustomerCategorySection = z.output<typeof CustomerCategorySectionSchema>

/** The documents step (issue 10): an SME applicant's business type, which sets how many business documents it needs. */
export const DocumentsSectionSchema = z.strictObject({ businessType: BusinessTypeSchema })
export type DocumentsSection = z.output<typeof DocumentsSectionSchema>

/** Every section a draft can hold, by name. */
export const DRAFT_SECTIONS = {
  basicInfo: BasicInfoSchema,
  plan: PlanSectionSchema,
  cart: CartSectionSchema,
  customerCategory: CustomerCategorySectionSchema,
  // /CheckAvailability step 2 and its result (spec 3, 4), and the lead a visitor filed.
  serviceability: ServiceabilitySectionSchema,
  lead: LeadSectionSchema,
  // The application wizard's pages (issue 10; lib/application.ts): one section each.
  personalDetails: PersonalDetailsSectionSchema,
  appointment: AppointmentSectionSchema,
  submission: SubmissionSectionSchema,
  documents: DocumentsSectionSchema,
  // The sales agent's promo code is on the draft's cart (issue 33, docs/decisions/0063): a
  // 'promo' section of an older draft is left out on reading, as any unknown name is.
  // A referral under way (issue 15; lib/referrals.ts): the referee, or the invite that brought the visitor.
  referral: ReferralSectionSchema,
} satisfies Record<string, z.ZodType>

export type DraftSectionName = keyof typeof DRAFT_SECTIONS

/** What each section holds once validated. */
export type DraftSections = { [K in DraftSectionName]: z.output<(typeof DRAFT_SECTIONS)[K]> }

export const DRAFT_SECTION_NAMES = Object.keys(DRAFT_SECTIONS) as DraftSectionName[]

export function isDraftSectionName(name: string): name is DraftSectionName {
  return Object.hasOwn(DRAFT_SECTIONS, name)
}

/** Any subset of the sections, each valid; a name not in the registry is refused. */
export const PartialDraftSectionsSchema = z.strictObject(
  Object.fromEntries(DRAFT_SECTION_NAMES.map((name) => [name, DRAFT_SECTIONS[name].optional()])) as {
    [K in DraftSectionName]: z.ZodOptional<(typeof DRAFT_SECTIONS)[K]>
  },
)

/**
 * The sections of a stored draft as the reader can use them: a section that no longer
 * passes its schema (stored before a rule changed) is left out rather than failing the
 * whole draft, and so is a name the reader does not know.
 */
export function usableSections(stored: unknown): Partial<DraftSections> {
  const sections: Partial<Record<DraftSectionName, unknown>> = {}
  if (stored === null || typeof stored !== 'object') return sections as Partial<DraftSections>
  for (const name of DRAFT_SECTION_NAMES) {
    if (!Object.hasOwn(stored, name)) continue
    const parsed = DRAFT_SECTIONS[name].safeParse((stored as Record<string, unknown>)[name])
    if (parsed.success) sections[name] = parsed.data
  }
  return sections as Partial<DraftSections>
}

/** The draft id: base64url of 32 random bytes (256 bits); anything else cannot be one. */
export const DraftIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

/** How long a draft lives after it was last saved (spec 9: "now plus 4 hours"). */
export const DRAFT_LIFETIME_MS = 4 * 60 * 60 * 1000
