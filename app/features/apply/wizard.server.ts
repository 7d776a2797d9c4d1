/**
 * The application wizard on the server (issue 10; spec 1-5, 7, 9): every page's loader
 * and action. Each page's data is its own draft section (lib/application.ts), saved when
 * its form is posted and read back into the form whenever the page shows, so Back never
 * loses anything; nothing is kept in the browser but the draft cookie. Every form is a
 * POST that redirects (Post/Redirect/Get); an invalid one comes back filled in with the
 * messages beside the fields.
 *
 * A page reached before its prerequisites sends the visitor to the step that is missing,
 * with a toast saying what to do: a serviceable address (/CheckAvailability), a plan in
 * the cart (/plans), then the wizard's own pages in order. The route prefix follows the
 * draft's customer category (spec 2): the other prefix redirects to this one.
 */
import { sendBackReason } from '~/features/drafts/draft-expiry.server'
import { DRAFT_TEXT } from '~/features/drafts/texts'
import crypto from 'node:crypto'
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { SALES_ROLES } from '~/auth/roles'
import { cartOfDraft } from '~/features/cart/cart.server'
import { DEFAULT_CUSTOMER_CATEGORY } from '~/features/plans/customer-category'
import type { Cart } from '~/upstream/orders.server'
import { signedCookie } from '~/utils/cookies.server'
import { failureReply, formConstraint, parseWithZod } from '~/utils/form.server'
import { failedPage } from '~/visit/call.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Draft } from '~/visit/draft.server'
import type { Visit } from '~/visit/visit.server'
import { manilaDate, ReferenceNumberSchema, slotLabel } from '../../../lib/application'
import type { Config } from '../../../lib/env'
import { formatPesos } from '../../../lib/pesos'
import { formatMobile } from '../../../lib/mobile'
import { buildApplicationPayload, billingAddress, residentialAddress } from './payload'
import {
  personalDetailsFields,
  personalDetailsFormSchema,
  personalDetailsFormValues,
  ReviewFormSchema,
  SalesReviewFormSchema,
  AppointmentFormSchema,
} from './schemas'
import type { Segment } from './schemas'
import {
  applicantPathFor,
  FLOW_PATHS,
  isApplicantPath,
  WIZARD_PAGES,
  wizardHref,
  type ApplicantPath,
  type WizardFlow,
  type WizardPage,
} from './steps'
import { APPLY_TEXT as TEXT } from './texts'

type Sections = Draft['sections']

export type Wizard = {
  draft: Draft
  flow: WizardFlow
  path: ApplicantPath
  segment: Segment
  sections: Sections & Required<Pick<Sections, 'serviceability' | 'basicInfo'>>
  cart: Cart
}

async function sendBack(visit: Visit, to: string, message: string): Promise<never> {
  throw await redirectWithToast(visit.config, to, { kind: 'info', message })
}

/** The documents' checklist is complete; a files service that fails says no (the documents page says what failed). */
async function documentsDone(visit: Visit, draft: Draft): Promise<boolean> {
  const checklist = await visit.portal.call((upstream) => upstream.files.checklist(draft.id))
  return checklist.ok && checklist.value.complete
}

/** The page after this one in the wizard (the appointment's next is the review). */
function nextPage(page: WizardPage): WizardPage {
  return WIZARD_PAGES[Math.min(WIZARD_PAGES.indexOf(page) + 1, WIZARD_PAGES.length - 1)]!
}

/**
 * /ApplyNow and everything under it (spec 2, a prefix route; issue 33): the application from
 * where this visitor left it. Without a serviceable address, the check; without a plan, the
 * plans; then the first of the wizard's pages not yet done. No toast: nothing was refused.
 */
export async function resumeApplication(visit: Visit): Promise<never> {
  const paths = FLOW_PATHS.public
  const draft = await visit.draft.current()
  if (!draft?.sections.basicInfo || draft.sections.serviceability?.result?.outcome !== 'serviceable') {
    // No toast: nothing was refused; but a draft that ended is said to have ended.
    if (await visit.draft.isStale()) return sendBack(visit, paths.check, DRAFT_TEXT.ended)
    throw redirect(paths.check)
  }
  const cart = await cartOfDraft(visit, draft)
  if (!cart?.planCode) throw redirect(paths.plans)
  const path = applicantPathFor((draft.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY).category)
  if (!draft.sections.personalDetails) throw redirect(wizardHref(path, 'personalDetails'))
  if (!(await documentsDone(visit, draft))) throw redirect(wizardHref(path, 'documents'))
  throw redirect(wizardHref(path, draft.sections.appointment ? 'review' : 'appointment'))
}

/**
 * The draft, its cart and the segment for a wizard page, or the redirect to the step
 * that is missing. `page` is the page asked for: its own prerequisites are the pages before it.
 */
export async function openWizard(
  visit: Visit,
  pathParam: string | undefined,
  page: WizardPage,
  flow: WizardFlow = 'public',
): Promise<Wizard> {
  if (!isApplicantPath(pathParam)) throw data(null, { status: 404 })
  if (flow === 'sales') await visit.session.requireRole(SALES_ROLES)
  const paths = FLOW_PATHS[flow]
  const draft = await visit.draft.current()
  const serviceability = draft?.sections.serviceability
  const basicInfo = draft?.sections.basicInfo
  if (!draft || !basicInfo || serviceability?.result?.outcome !== 'serviceable') {
    return sendBack(visit, paths.check, await sendBackReason(visit, TEXT.needAddress))
  }
  const cart = await cartOfDraft(visit, draft)
  if (!cart?.planCode) return sendBack(visit, paths.plans, TEXT.needPlan)
  const category = draft.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const path = applicantPathFor(category.category)
  if (pathParam !== path) throw redirect(wizardHref(path, page, flow))
  if (page !== 'personalDetails' && !draft.sections.personalDetails) {
    return sendBack(visit, wizardHref(path, 'personalDetails', flow), TEXT.needDetails)
  }
  // The documents step sits between: the appointment and the review need its checklist
  // complete (computed upstream from the plan and customer type, docs/decisions/0030).
  if ((page === 'appointment' || page === 'review') && !(await documentsDone(visit, draft))) {
    return sendBack(visit, wizardHref(path, 'documents', flow), TEXT.needDocuments)
  }
  if (page === 'review' && !draft.sections.appointment) {
    return sendBack(visit, wizardHref(path, 'appointment', flow), TEXT.needAppointment)
  }
  return {
    draft,
    flow,
    path,
    segment: category.category,
    sections: { ...draft.sections, serviceability, basicInfo },
    cart,
  }
}

/** What every wizard page shows around its form: the Stepper's path and page, and Back. */
function frame(wizard: Wizard, page: WizardPage) {
  const index = WIZARD_PAGES.indexOf(page)
  const { flow, path } = wizard
  const back = index === 0 ? FLOW_PATHS[flow].cart : wizardHref(path, WIZARD_PAGES[index - 1]!, flow)
  return { path, flow, page, back }
}

// ---------------------------------------------------------------------------------------
// Personal details

/** The nationalities from the upstream list (spec 7, 9: 3 attempts 2000 ms apart, in the client), or null when it is down. */
async function nationalities(visit: Visit): Promise<string[] | null> {
  const list = await visit.portal.call((upstream) => upstream.reference.nationalities())
  if (list.ok) return list.value.map((item) => item.name)
  visit.logger.warn({ requestId: visit.requestId, err: String(list.error) }, 'nationalities unavailable')
  return null
}

/** The zip code of the checked address, from the upstream's zip code call (by barangay); null when none is known. */
async function zipCodeOf(visit: Visit, wizard: Wizard): Promise<string | null> {
  const { choice, zipCode } = wizard.sections.serviceability
  const found = await visit.portal.call((upstream) =>
    upstream.address.zipCode({
      provinceCode: choice.provinceId || undefined,
      municipalityCode: choice.municipalityId,
      barangayCode: choice.barangayId || undefined,
    }),
  )
  return (found.ok ? found.value : null) ?? zipCode
}

function addressSummary(wizard: Wizard) {
  const { names, choice } = wizard.sections.serviceability
  return {
    region: names.region ?? '',
    province: names.province ?? '',
    municipality: names.municipality ?? '',
    barangay: names.barangay ?? '',
    locationType: choice.locationType,
    place: names.place ?? '',
  }
}

export async function personalDetailsView(visit: Visit, pathParam: string | undefined, flow: WizardFlow = 'public') {
  const wizard = await openWizard(visit, pathParam, 'personalDetails', flow)
  const saved = wizard.sections.personalDetails
  const { basicInfo } = wizard.sections
  const [list, zipCode] = await Promise.all([nationalities(visit), saved ? null : zipCodeOf(visit, wizard)])
  // Prefilled from the draft: what this page saved, or step 1's details and the looked-up zip code.
  const defaultValue = saved
    ? personalDetailsFormValues(saved)
    : {
        firstName: basicInfo.firstName,
        lastName: basicInfo.lastName,
        mobileNumber: formatMobile(basicInfo.mobileNo),
        emailAddress: basicInfo.email,
        zipCode: zipCode ?? undefined,
        billingSameAsResidential: 'on',
      }
  return {
    ...frame(wizard, 'personalDetails'),
    segment: wizard.segment,
    govtWorker: wizard.segment === 'SME' && Boolean(wizard.sections.customerCategory?.isWorkingGovtEmbassyWorker),
    nationalities: list,
    address: addressSummary(wizard),
    defaultValue,
    constraint: formConstraint(personalDetailsFields()),
  }
}

export async function personalDetailsAction(
  visit: Visit,
  form: FormData,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(visit, pathParam, 'personalDetails', flow)
  const today = () => manilaDate(new Date())
  const submission = parseWithZod(form, { schema: personalDetailsFormSchema(wizard.segment, today) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const list = await nationalities(visit)
  if (!list)
    return data({ result: submission.reply({ formErrors: [TEXT.personal.nationalitiesUnavailable] }) }, { status: 503 })
  if (!list.includes(submission.value.nationality)) {
    return data(
      { result: submission.reply({ fieldErrors: { nationality: [TEXT.personal.nationalityUnknown] } }) },
      { status: 400 },
    )
  }
  const saved = await visit.draft.save('personalDetails', submission.value)
  if (!saved.ok) {
    const failure = failureReply(saved.error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
  return redirect(wizardHref(wizard.path, nextPage('personalDetails'), flow))
}

// ---------------------------------------------------------------------------------------
// Appointment

export async function appointmentView(visit: Visit, pathParam: string | undefined, flow: WizardFlow = 'public') {
  const wizard = await openWizard(visit, pathParam, 'appointment', flow)
  const slots = await visit.portal.call((upstream) => upstream.applications.slots())
  if (!slots.ok) {
    visit.logger.warn({ requestId: visit.requestId, err: String(slots.error) }, 'appointment slots unavailable')
  }
  return {
    ...frame(wizard, 'appointment'),
    slots: slots.ok ? slots.value : null,
    chosen: wizard.sections.appointment?.slotId ?? null,
    constraint: formConstraint(AppointmentFormSchema),
  }
}

export async function appointmentAction(
  visit: Visit,
  form: FormData,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(visit, pathParam, 'appointment', flow)
  const submission = parseWithZod(form, { schema: AppointmentFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  // POST slots: a full or closed slot is refused with the service's message, beside the choice.
  const chosen = await visit.portal.call((upstream) => upstream.applications.chooseSlot(submission.value.slotId))
  if (!chosen.ok) {
    const { error } = chosen
    if (error.kind === 'rejected' && (error.status === 409 || error.status === 404)) {
      const message = error.serverMessage ?? chosen.message
      return data({ result: submission.reply({ fieldErrors: { slotId: [message] } }) }, { status: 409 })
    }
    const failure = failureReply(error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
  const slot = chosen.value
  const saved = await visit.draft.save('appointment', { slotId: slot.slotId, date: slot.date, window: slot.window })
  if (!saved.ok) {
    const failure = failureReply(saved.error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
  return redirect(wizardHref(wizard.path, nextPage('appointment'), flow))
}

// ---------------------------------------------------------------------------------------
// Review, submission and success

/** The submission's reference, for /success: a signed cookie for 30 minutes, never a URL parameter. */
const submittedCookie = (config: Config) => signedCookie(config, 'application', 30 * 60)

/** Logout: the reference of this browser's last submission goes with the session (a kiosk's next user). */
export function clearSubmittedCookie(config: Config): Promise<string> {
  return submittedCookie(config).serialize('', { maxAge: 0, expires: new Date(0) })
}
const SubmittedSchema = z.object({
  referenceNo: ReferenceNumberSchema,
  slot: z.string().max(120),
  plan: z.string().max(200),
  /** Pay via installer (issue 33): the cash to prepare for the installer, in words; null otherwise. */
  installerCash: z.string().max(40).nullable().default(null),
})
export type Submitted = z.infer<typeof SubmittedSchema>

async function readSubmitted(visit: Visit): Promise<Submitted | null> {
  const parsed = SubmittedSchema.safeParse(await submittedCookie(visit.config).parse(visit.cookieHeader()))
  return parsed.success ? parsed.data : null
}

/** The idempotency key (docs/decisions/0028): the draft's id and its submission token, hashed. */
export function idempotencyKey(draftId: string, token: string): string {
  return crypto.createHash('sha256').update(`${draftId}.${token}`).digest('base64url')
}

export async function reviewView(visit: Visit, pathParam: string | undefined, flow: WizardFlow = 'public') {
  const wizard = await openWizard(visit, pathParam, 'review', flow)
  const details = wizard.sections.personalDetails!
  const appointment = wizard.sections.appointment!
  // The submission token is made once per draft: every copy of this page posts the same one.
  let token = wizard.sections.submission?.token
  if (!token) {
    token = crypto.randomBytes(32).toString('base64url')
    const saved = await visit.draft.save('submission', { token })
    if (!saved.ok) return failedPage(saved)
  }
  const residential = residentialAddress(wizard.sections.serviceability, details)
  return {
    ...frame(wizard, 'review'),
    segment: wizard.segment,
    token,
    cart: wizard.cart,
    details,
    govtWorker: wizard.segment === 'SME' && Boolean(wizard.sections.customerCategory?.isWorkingGovtEmbassyWorker),
    residential,
    billing: details.billing.sameAsResidential ? null : billingAddress(residential, details),
    appointment: slotLabel(appointment.date, appointment.window),
    edit: {
      plan: FLOW_PATHS[flow].cart,
      personalDetails: wizardHref(wizard.path, 'personalDetails', flow),
      appointment: wizardHref(wizard.path, 'appointment', flow),
    },
    // Filed by an agent (issue 13): the customer's consents are witnessed, and the cart's promo code shown.
    sales: flow === 'sales',
    constraint: formConstraint(reviewFormSchema(flow)),
  }
}

/**
 * The review's form: spec 5's consents, and when an agent files for a customer (issue 13)
 * the agent's word that the customer gave them in their presence.
 */
function reviewFormSchema(flow: WizardFlow) {
  return flow === 'sales' ? SalesReviewFormSchema : ReviewFormSchema
}

export type AgentFiling = {
  /** The agent's code from their token (spec 6), witness of the consents. */
  agentCode: string
  /** The cart's promo code as priced now; null when there is none. Throws a redirect when it no longer applies. */
  promoCode: (cart: Cart) => Promise<string | null>
}

export async function reviewAction(
  visit: Visit,
  form: FormData,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
  agent?: AgentFiling,
) {
  const { config } = visit
  const successPath = FLOW_PATHS[flow].success
  // The form sent again after it succeeded (Back, then submit): the draft is gone, the answer is the same page.
  if (!(await visit.draft.current()) && (await readSubmitted(visit))) throw redirect(successPath)
  const wizard = await openWizard(visit, pathParam, 'review', flow)
  const submission = parseWithZod(form, { schema: reviewFormSchema(flow) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const token = wizard.sections.submission?.token
  if (!token || submission.value.token !== token) {
    return sendBack(visit, wizardHref(wizard.path, 'review', flow), TEXT.review.staleForm)
  }
  // openWizard checked the documents' checklist just now: a file deleted since the page
  // was shown sends the visitor back to the documents step instead of submitting.
  const payload = buildApplicationPayload({
    category: wizard.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY,
    serviceability: wizard.sections.serviceability,
    details: wizard.sections.personalDetails!,
    appointment: wizard.sections.appointment!,
    cart: wizard.cart,
    consents: { newsletters: Boolean(submission.value.newsletters), eBills: Boolean(submission.value.eBills) },
    source: config.sourceId,
    agentCode: agent?.agentCode ?? 'self',
    agent: agent ? { consentsWitnessedBy: agent.agentCode, promoCode: await agent.promoCode(wizard.cart) } : undefined,
  })
  const submitted = await visit.portal.call((upstream) =>
    upstream.applications.submit(idempotencyKey(wizard.draft.id, token), payload, wizard.draft.id),
  )
  if (!submitted.ok) {
    const { error } = submitted
    if (error.kind === 'rejected' && error.status === 409) {
      // Issue 33: the agent's promo code stopped applying (back to the plan step, which says
      // why), or the cart changed in another tab (back to the review, shown again).
      const promo = error.fields?.promoCode?.[0]
      if (promo) return sendBack(visit, FLOW_PATHS[flow].cart, promo)
      const plan = error.fields?.planCode?.[0]
      if (plan) return sendBack(visit, wizardHref(wizard.path, 'review', flow), plan)
      // The slot filled up since it was chosen: choose another.
      return sendBack(
        visit,
        wizardHref(wizard.path, 'appointment', flow),
        error.serverMessage ?? TEXT.review.submitFailed,
      )
    }
    if (error.kind === 'rejected' && error.fields) {
      const messages = Object.values(error.fields).flat()
      return data({ result: submission.reply({ formErrors: messages }) }, { status: 422 })
    }
    const failure = failureReply(error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
  const application = submitted.value
  // spec 4: a submitted application clears what the browser's draft held (the whole draft, and its cookie).
  await visit.draft.discard()
  visit.setCookie(
    await submittedCookie(config).serialize({
      referenceNo: application.referenceNo,
      slot: application.slot.label,
      plan: payload.planName,
      installerCash:
        payload.upfrontPayment === 'INSTALLER' && payload.dueAtInstallation
          ? formatPesos(payload.dueAtInstallation)
          : null,
    } satisfies Submitted),
  )
  return redirect(successPath)
}

/** /success: the reference of this browser's last submission (from the signed cookie), or home. */
export async function successView(visit: Visit, elsewhere = '/') {
  const submitted = await readSubmitted(visit)
  if (!submitted) throw redirect(elsewhere)
  return submitted
}
