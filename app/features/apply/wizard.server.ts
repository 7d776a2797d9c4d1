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
import crypto from 'node:crypto'
import { data, redirect, type AppLoadContext } from 'react-router'
import { z } from 'zod'
import { SALES_ROLES } from '~/auth/roles'
import { requireRole } from '~/auth/session.server'
import { readCart } from '~/features/cart/cart.server'
import { discardDraft, readDraft, saveDraftSection, type Draft } from '~/features/drafts/draft.server'
import { DEFAULT_CUSTOMER_CATEGORY } from '~/features/plans/customer-category'
import { isUpstreamError } from '~/upstream/errors'
import { upstreamFor } from '~/upstream/index.server'
import type { Cart } from '~/upstream/orders.server'
import { signedCookie } from '~/utils/cookies.server'
import { failureReply, formConstraint, parseWithZod, readForm } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { upstreamMessage, upstreamStatus } from '~/utils/upstream-failure'
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

async function sendBack(context: AppLoadContext, to: string, message: string): Promise<never> {
  throw await redirectWithToast(context.config, to, { kind: 'info', message })
}

/**
 * The sales flow is a sales user's only (spec 6): the root's guard keeps others from its
 * pages, and this keeps them from its actions, which run before the root loader.
 */
export async function requireFlowRole(request: Request, context: AppLoadContext, flow: WizardFlow) {
  if (flow === 'sales') await requireRole(request, context, SALES_ROLES)
}

/** The page after this one in the wizard (the appointment's next is the review). */
function nextPage(page: WizardPage): WizardPage {
  return WIZARD_PAGES[Math.min(WIZARD_PAGES.indexOf(page) + 1, WIZARD_PAGES.length - 1)]!
}

/**
 * The drafts, orders or files service failed (down, slow, a 5xx, a wrong shape): the wizard
 * cannot tell which page is due, so it answers 503 with the shell's "not available right now"
 * instead of an unexpected 500; a refusal is thrown as it was (docs/security.md, Upstream faults).
 * The documents step uses it too.
 */
export function unavailablePage(error: unknown): never {
  if (isUpstreamError(error) && error.kind !== 'rejected') {
    throw data(null, { status: upstreamStatus(error), headers: { 'cache-control': 'no-store' } })
  }
  throw error
}

/**
 * /ApplyNow and everything under it (spec 2, a prefix route; issue 33): the application from
 * where this visitor left it. Without a serviceable address, the check; without a plan, the
 * plans; then the first of the wizard's pages not yet done. No toast: nothing was refused.
 */
export async function resumeApplication(request: Request, context: AppLoadContext): Promise<never> {
  const paths = FLOW_PATHS.public
  const draft = await readDraft(request, context).catch(unavailablePage)
  if (!draft?.sections.basicInfo || draft.sections.serviceability?.result?.outcome !== 'serviceable') {
    throw redirect(paths.check)
  }
  const cart = await readCart(request, context).catch(unavailablePage)
  if (!cart?.planCode) throw redirect(paths.plans)
  const path = applicantPathFor((draft.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY).category)
  if (!draft.sections.personalDetails) throw redirect(wizardHref(path, 'personalDetails'))
  // The documents page says what failed, if the files service does.
  const checklist = await upstreamFor(context)
    .files.checklist(draft.id)
    .catch((error: unknown) => {
      if (isUpstreamError(error)) return null
      throw error
    })
  if (!checklist?.complete) throw redirect(wizardHref(path, 'documents'))
  throw redirect(wizardHref(path, draft.sections.appointment ? 'review' : 'appointment'))
}

/**
 * The draft, its cart and the segment for a wizard page, or the redirect to the step
 * that is missing. `page` is the page asked for: its own prerequisites are the pages before it.
 */
export async function openWizard(
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  page: WizardPage,
  flow: WizardFlow = 'public',
): Promise<Wizard> {
  if (!isApplicantPath(pathParam)) throw data(null, { status: 404 })
  await requireFlowRole(request, context, flow)
  const paths = FLOW_PATHS[flow]
  const draft = await readDraft(request, context).catch(unavailablePage)
  const serviceability = draft?.sections.serviceability
  const basicInfo = draft?.sections.basicInfo
  if (!draft || !basicInfo || serviceability?.result?.outcome !== 'serviceable') {
    return sendBack(context, paths.check, TEXT.needAddress)
  }
  const cart = await readCart(request, context).catch(unavailablePage)
  if (!cart?.planCode) return sendBack(context, paths.plans, TEXT.needPlan)
  const category = draft.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const path = applicantPathFor(category.category)
  if (pathParam !== path) throw redirect(wizardHref(path, page, flow))
  if (page !== 'personalDetails' && !draft.sections.personalDetails) {
    return sendBack(context, wizardHref(path, 'personalDetails', flow), TEXT.needDetails)
  }
  // The documents step sits between: the appointment and the review need its checklist
  // complete (computed upstream from the plan and customer type, docs/decisions/0030).
  if (page === 'appointment' || page === 'review') {
    const checklist = await upstreamFor(context)
      .files.checklist(draft.id)
      .catch((error: unknown) => {
        // The documents page says what failed and keeps what was uploaded.
        if (isUpstreamError(error)) return null
        throw error
      })
    if (!checklist?.complete) return sendBack(context, wizardHref(path, 'documents', flow), TEXT.needDocuments)
  }
  if (page === 'review' && !draft.sections.appointment) {
    return sendBack(context, wizardHref(path, 'appointment', flow), TEXT.needAppointment)
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
async function nationalities(context: AppLoadContext): Promise<string[] | null> {
  try {
    return (await upstreamFor(context).reference.nationalities()).map((item) => item.name)
  } catch (error) {
    if (isUpstreamError(error)) {
      context.logger.warn({ requestId: context.requestId, err: String(error) }, 'nationalities unavailable')
      return null
    }
    throw error
  }
}

/** The zip code of the checked address, from the upstream's zip code call (by barangay); null when none is known. */
async function zipCodeOf(context: AppLoadContext, wizard: Wizard): Promise<string | null> {
  const { choice, zipCode } = wizard.sections.serviceability
  try {
    return (
      (await upstreamFor(context).address.zipCode({
        provinceCode: choice.provinceId || undefined,
        municipalityCode: choice.municipalityId,
        barangayCode: choice.barangayId || undefined,
      })) ?? zipCode
    )
  } catch (error) {
    if (isUpstreamError(error)) return zipCode
    throw error
  }
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

export async function personalDetailsView(
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(request, context, pathParam, 'personalDetails', flow)
  const saved = wizard.sections.personalDetails
  const { basicInfo } = wizard.sections
  const [list, zipCode] = await Promise.all([nationalities(context), saved ? null : zipCodeOf(context, wizard)])
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
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(request, context, pathParam, 'personalDetails', flow)
  const form = await readForm(request)
  const today = () => manilaDate(new Date())
  const submission = parseWithZod(form, { schema: personalDetailsFormSchema(wizard.segment, today) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const list = await nationalities(context)
  if (!list)
    return data({ result: submission.reply({ formErrors: [TEXT.personal.nationalitiesUnavailable] }) }, { status: 503 })
  if (!list.includes(submission.value.nationality)) {
    return data(
      { result: submission.reply({ fieldErrors: { nationality: [TEXT.personal.nationalityUnknown] } }) },
      { status: 400 },
    )
  }
  let headers: Headers
  try {
    headers = await saveDraftSection(request, context, 'personalDetails', submission.value)
  } catch (error) {
    const failure = failureReply(error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
  return redirect(wizardHref(wizard.path, nextPage('personalDetails'), flow), { headers })
}

// ---------------------------------------------------------------------------------------
// Appointment

export async function appointmentView(
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(request, context, pathParam, 'appointment', flow)
  let slots = null
  try {
    slots = await upstreamFor(context).applications.slots()
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    context.logger.warn({ requestId: context.requestId, err: String(error) }, 'appointment slots unavailable')
  }
  return {
    ...frame(wizard, 'appointment'),
    slots,
    chosen: wizard.sections.appointment?.slotId ?? null,
    constraint: formConstraint(AppointmentFormSchema),
  }
}

export async function appointmentAction(
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(request, context, pathParam, 'appointment', flow)
  const submission = parseWithZod(await readForm(request), { schema: AppointmentFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    // POST slots: a full or closed slot is refused with the service's message, beside the choice.
    const slot = await upstreamFor(context).applications.chooseSlot(submission.value.slotId)
    const headers = await saveDraftSection(request, context, 'appointment', {
      slotId: slot.slotId,
      date: slot.date,
      window: slot.window,
    })
    return redirect(wizardHref(wizard.path, nextPage('appointment'), flow), { headers })
  } catch (error) {
    if (isUpstreamError(error) && error.kind === 'rejected' && (error.status === 409 || error.status === 404)) {
      const message = error.serverMessage ?? upstreamMessage(error)
      return data({ result: submission.reply({ fieldErrors: { slotId: [message] } }) }, { status: 409 })
    }
    const failure = failureReply(error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
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

async function readSubmitted(request: Request, config: Config): Promise<Submitted | null> {
  const parsed = SubmittedSchema.safeParse(await submittedCookie(config).parse(request.headers.get('cookie')))
  return parsed.success ? parsed.data : null
}

/** The idempotency key (docs/decisions/0028): the draft's id and its submission token, hashed. */
export function idempotencyKey(draftId: string, token: string): string {
  return crypto.createHash('sha256').update(`${draftId}.${token}`).digest('base64url')
}

export async function reviewView(
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
) {
  const wizard = await openWizard(request, context, pathParam, 'review', flow)
  const details = wizard.sections.personalDetails!
  const appointment = wizard.sections.appointment!
  // The submission token is made once per draft: every copy of this page posts the same one.
  let token = wizard.sections.submission?.token
  let headers: Headers | undefined
  if (!token) {
    token = crypto.randomBytes(32).toString('base64url')
    headers = await saveDraftSection(request, context, 'submission', { token })
  }
  const residential = residentialAddress(wizard.sections.serviceability, details)
  return data(
    {
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
    },
    headers ? { headers } : undefined,
  )
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
  request: Request,
  context: AppLoadContext,
  pathParam: string | undefined,
  flow: WizardFlow = 'public',
  agent?: AgentFiling,
) {
  const { config } = context
  const successPath = FLOW_PATHS[flow].success
  // The form sent again after it succeeded (Back, then submit): the draft is gone, the answer is the same page.
  if (!(await readDraft(request, context)) && (await readSubmitted(request, config))) throw redirect(successPath)
  const wizard = await openWizard(request, context, pathParam, 'review', flow)
  const submission = parseWithZod(await readForm(request), { schema: reviewFormSchema(flow) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const token = wizard.sections.submission?.token
  if (!token || submission.value.token !== token) {
    return sendBack(context, wizardHref(wizard.path, 'review', flow), TEXT.review.staleForm)
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
  let application
  try {
    application = await upstreamFor(context).applications.submit(
      idempotencyKey(wizard.draft.id, token),
      payload,
      wizard.draft.id,
    )
  } catch (error) {
    if (isUpstreamError(error) && error.kind === 'rejected' && error.status === 409) {
      // Issue 33: the agent's promo code stopped applying (back to the plan step, which says
      // why), or the cart changed in another tab (back to the review, shown again).
      const promo = error.fields?.promoCode?.[0]
      if (promo) return sendBack(context, FLOW_PATHS[flow].cart, promo)
      const plan = error.fields?.planCode?.[0]
      if (plan) return sendBack(context, wizardHref(wizard.path, 'review', flow), plan)
      // The slot filled up since it was chosen: choose another.
      return sendBack(
        context,
        wizardHref(wizard.path, 'appointment', flow),
        error.serverMessage ?? TEXT.review.submitFailed,
      )
    }
    if (isUpstreamError(error) && error.kind === 'rejected' && error.fields) {
      const messages = Object.values(error.fields).flat()
      return data({ result: submission.reply({ formErrors: messages }) }, { status: 422 })
    }
    const failure = failureReply(error, submission)
    return data({ result: failure.result }, { status: failure.status })
  }
  // spec 4: a submitted application clears what the browser's draft held (the whole draft, and its cookie).
  const headers = await discardDraft(request, context)
  headers.append(
    'set-cookie',
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
  return redirect(successPath, { headers })
}

/** /success: the reference of this browser's last submission (from the signed cookie), or home. */
export async function successView(request: Request, context: AppLoadContext, elsewhere = '/') {
  const submitted = await readSubmitted(request, context.config)
  if (!submitted) throw redirect(elsewhere)
  return submitted
}
