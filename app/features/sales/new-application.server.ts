/**
 * A new application for a customer (issue 13, item 2; spec 2: /sales/application…, spec 4:
 * the agent draft flow). The agent works through the same screens as a visitor, as
 * themselves: the serviceability check in its agent mode (coordinates typed or pinned, the
 * agent code on checks and leads), then their own plan step here (plans, cart and promo
 * code; agents never see /plans), then the application wizard under
 * /sales/application/{category}/… with the customer's consents witnessed by the agent.
 *
 * The customer's draft is the agent's (claimed at its first save, docs/decisions/0018):
 * this browser holds only its id, in the signed HttpOnly cookie, and forgets it when the
 * agent starts another customer, opens Account Info or logs out; the draft stays upstream
 * for 4 hours after its last save, to resume by order id (DR-…) from the dashboard or
 * /sales/application/{category}/personalDetails/{orderId}. Resuming gives the draft a new
 * id (docs/decisions/0044), so a browser that held it before opens nothing any more.
 */
import { sendBackReason } from '~/features/drafts/draft-expiry.server'
import { data, redirect } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import { applicantPathFor, FLOW_PATHS, wizardHref, type ApplicantPath } from '~/features/apply/steps'
import type { AgentFiling } from '~/features/apply/wizard.server'
import { cartIn, cartOfDraft } from '~/features/cart/cart.server'
import { CART_TEXTS } from '~/features/cart/texts'
import { DEFAULT_CUSTOMER_CATEGORY } from '~/features/plans/customer-category'
import { draftRegion } from '~/features/plans/plans'
import { plansAction, type PlansActionData } from '~/features/plans/plans.server'
import { failedPage, type UserCaller } from '~/visit/call.server'
import { draftCookie, type Draft } from '~/visit/draft.server'
import type { Visit } from '~/visit/visit.server'
import { redirectWithToast } from '~/utils/toast.server'
import { PromoCodeTextSchema } from '../../../lib/application'
import { formatPesos } from '../../../lib/pesos'
import { NEW_APPLICATION_TEXT as TEXT } from './texts'

export const START_PATH = '/sales/application'
export const ONBOARD_PATH = FLOW_PATHS.sales.plans

/** spec 4's order id of a draft: 'DR-' and ten characters of Crockford's base32 (docs/decisions/0044). */
const ORDER_ID = /^DR-[0-9A-HJKMNP-TV-Z]{10}$/

const salesUser = (visit: Visit) => visit.signedIn({ roles: SALES_ROLES })

/** The agent's code (spec 6) for the application's agent fields; an admin without one files as 'self'. */
function agentCodeOf(me: UserCaller): string {
  return me.claims.agentCode ?? 'self'
}

// ---------------------------------------------------------------------------------------
// /sales/application: start, continue or resume

export type StartPage = {
  /** The customer whose application is open in this browser, and where it goes on. */
  open: { customer: string; continueHref: string } | null
  orderId: string
  formError: string | null
}

/** Where an open draft goes on: the check until it is serviceable, the plan step until a plan is chosen, then the wizard. */
async function continueHrefOf(visit: Visit, draft: Draft | null): Promise<string | null> {
  if (!draft?.sections.basicInfo) return null
  if (draft.sections.serviceability?.result?.outcome !== 'serviceable') return FLOW_PATHS.sales.check
  const cart = await cartOfDraft(visit, draft)
  if (!cart?.planCode) return ONBOARD_PATH
  return wizardHref(pathOf(draft.sections.customerCategory?.category), 'personalDetails', 'sales')
}

function pathOf(category: 'RES' | 'SME' | undefined): ApplicantPath {
  return applicantPathFor(category ?? DEFAULT_CUSTOMER_CATEGORY.category)
}

export async function startPage(visit: Visit) {
  await salesUser(visit)
  const draft = await visit.draft.current()
  const continueHref = await continueHrefOf(visit, draft)
  const info = draft?.sections.basicInfo
  return data<StartPage>(
    {
      open: info && continueHref ? { customer: `${info.firstName} ${info.lastName}`, continueHref } : null,
      orderId: '',
      formError: null,
    },
    { headers: { 'cache-control': 'no-store' } },
  )
}

export async function startAction(visit: Visit, form: FormData) {
  const me = await salesUser(visit)
  switch (form.get('intent')) {
    case 'new': {
      // The kiosk's next customer starts clean; the previous draft stays the agent's upstream.
      await visit.draft.forget()
      return redirect(FLOW_PATHS.sales.check)
    }
    case 'close': {
      await visit.draft.forget()
      return redirectWithToast(visit.config, START_PATH, { kind: 'success', message: TEXT.closed })
    }
    case 'resume': {
      const typed = String(form.get('orderId') ?? '')
        .trim()
        .toUpperCase()
        .slice(0, 40)
      if (!ORDER_ID.test(typed)) {
        return data<StartPage>({ open: null, orderId: typed, formError: TEXT.orderIdFormat }, { status: 400 })
      }
      const resumed = await resume(visit, me, typed)
      if (resumed.kind === 'not-found') {
        return data<StartPage>({ open: null, orderId: typed, formError: TEXT.orderIdUnknown(typed) }, { status: 404 })
      }
      if (resumed.kind === 'failed') {
        return data<StartPage>({ open: null, orderId: typed, formError: resumed.message }, { status: 503 })
      }
      return redirect(resumed.to, { headers: resumed.headers })
    }
    default:
      return redirect(START_PATH)
  }
}

type Resumed =
  { kind: 'resumed'; to: string; headers: Headers } | { kind: 'not-found' } | { kind: 'failed'; message: string }

/**
 * spec 4: the agent draft flow resumes an order id. The draft gets a new id upstream (only
 * the agent, or their admin, can), which this browser now holds; the page after is the
 * wizard's first for the draft's segment (openWizard sends on to what is missing).
 */
async function resume(visit: Visit, me: UserCaller, orderId: string): Promise<Resumed> {
  const answer = await me.call((upstream, token) => upstream.sales.resumeDraft(token, orderId))
  if (!answer.ok) {
    if (answer.error.kind === 'rejected' && answer.error.status === 404) return { kind: 'not-found' }
    return { kind: 'failed', message: answer.message }
  }
  // On the redirect itself, not through the visit: the answer's last Set-Cookie, after any the
  // root loader sends for the draft this browser held before (docs/decisions/0067).
  const headers = new Headers()
  headers.append('set-cookie', await draftCookie(visit.config).serialize(answer.value.draftId))
  const path = answer.value.customerSegment === 'SME' ? 'sme' : 'residential'
  return { kind: 'resumed', to: wizardHref(path, 'personalDetails', 'sales'), headers }
}

/**
 * GET /sales/application/{category}/personalDetails/{orderId}: resumes the draft and goes to
 * the same page without the order id, so a reload does not resume again. Another agent's
 * draft, an expired or unknown one, is the not-found page (docs/security.md).
 */
export async function resumeByPath(visit: Visit, orderId: string): Promise<never> {
  const me = await salesUser(visit)
  const normalised = orderId.toUpperCase()
  if (!ORDER_ID.test(normalised)) throw data({ message: null }, { status: 404 })
  const resumed = await resume(visit, me, normalised)
  if (resumed.kind === 'not-found') throw data({ message: null }, { status: 404 })
  if (resumed.kind === 'failed') {
    throw await redirectWithToast(visit.config, START_PATH, { kind: 'error', message: resumed.message })
  }
  throw redirect(resumed.to, { headers: resumed.headers })
}

// ---------------------------------------------------------------------------------------
// /sales/application/onboard: the agent's plan step

/** The customer's serviceable draft, or the redirect to the check (the agent starts there). */
async function serviceableDraft(visit: Visit) {
  const draft = await visit.draft.current()
  if (!draft?.sections.basicInfo || draft.sections.serviceability?.result?.outcome !== 'serviceable') {
    throw await redirectWithToast(visit.config, FLOW_PATHS.sales.check, {
      kind: 'info',
      message: await sendBackReason(visit, TEXT.checkFirst),
    })
  }
  return {
    draft,
    basicInfo: draft.sections.basicInfo,
    serviceability: draft.sections.serviceability,
  }
}

export async function onboardView(visit: Visit) {
  await salesUser(visit)
  const { draft, basicInfo, serviceability } = await serviceableDraft(visit)
  const category = draft.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const region = draftRegion(serviceability)
  const cart = await cartOfDraft(visit, draft)
  const planCode = cart?.planCode && cart.cartItems.length ? cart.planCode : null
  const offer = await visit.portal.call(({ catalog }) =>
    Promise.all([
      catalog.plans({ customerCategory: category.category, region }),
      planCode ? catalog.addOns(planCode, region) : Promise.resolve([]),
    ]),
  )
  if (!offer.ok) {
    if (offer.error.kind === 'unavailable') {
      return data({ status: 'unavailable' as const }, { status: 503, headers: { 'cache-control': 'no-store' } })
    }
    return failedPage(offer)
  }
  const [plans, addOns] = offer.value
  return data(
    {
      status: 'ok' as const,
      customer: `${basicInfo.firstName} ${basicInfo.lastName}`,
      category: category.category,
      isWorkingGovtEmbassyWorker: category.isWorkingGovtEmbassyWorker,
      plans,
      planInCart: planCode,
      cart: planCode ? cart : null,
      addOns: addOns ?? [],
      continueHref: planCode ? wizardHref(pathOf(category.category), 'personalDetails', 'sales') : null,
    },
    { headers: { 'cache-control': 'no-store' } },
  )
}

export type OnboardActionData = PlansActionData & { promoCode?: string }

/**
 * The plan step's forms: the promo code (issue 33: on the draft's cart, which the orders
 * service prices with it under the sales service's rules, with the agent's token) and its
 * removal; everything else is the /plans pages' own action (category, plan, add-ons,
 * payment mode), coming back here.
 */
export async function onboardAction(visit: Visit, form: FormData) {
  const me = await salesUser(visit)
  const { draft } = await serviceableDraft(visit)
  const intent = form.get('intent')
  if (intent !== 'promo' && intent !== 'remove-promo') {
    return plansAction(visit, form, ONBOARD_PATH, ONBOARD_PATH)
  }
  const typed = String(form.get('promoCode') ?? '').slice(0, 60)
  const refuse = (formError: string, status = 400) =>
    data<OnboardActionData>({ formError, target: 'promo', promoCode: typed }, { status })
  const read = await cartIn(visit, draft)
  if (!read.ok) return refuse(read.message, read.error.status ?? 503)
  const cart = read.value
  if (!cart?.planCode) return refuse(CART_TEXTS.planFirst, 409)

  if (intent === 'remove-promo') {
    const removed = await me.call((upstream, token) => upstream.orders.removePromoCode(token, draft.id, cart.cartId))
    if (!removed.ok) return refuse(removed.message, removed.error.status ?? 503)
    return redirectWithToast(visit.config, ONBOARD_PATH, { kind: 'success', message: TEXT.promoRemoved })
  }

  const parsed = PromoCodeTextSchema.safeParse(typed)
  if (!parsed.success) return refuse(typed.trim() ? parsed.error.issues[0]!.message : TEXT.promoRequired)
  const applied = await me.call((upstream, token) =>
    upstream.orders.applyPromoCode(token, draft.id, cart.cartId, parsed.data),
  )
  if (!applied.ok) {
    const own = applied.error.kind === 'rejected' ? applied.error.fields?.code?.[0] : undefined
    return refuse(own ?? applied.message, applied.error.status ?? 503)
  }
  const promo = applied.value.promo!
  return redirectWithToast(visit.config, ONBOARD_PATH, {
    kind: 'success',
    message: TEXT.promoApplied(promo.code, formatPesos(promo.discount)),
  })
}

// ---------------------------------------------------------------------------------------
// Submitting for the customer

/**
 * What the review's submission needs of the agent: their code, and the promo code of the
 * cart the submission just read (priced by the orders service: it may have ended, or the
 * plan changed, since it was entered); one that no longer applies sends the agent back to
 * the plan step with the reason, the draft kept. The applications service records the
 * cart's code, not this one.
 */
export async function agentFiling(visit: Visit): Promise<AgentFiling> {
  const me = await salesUser(visit)
  return {
    agentCode: agentCodeOf(me),
    promoCode: async (cart) => {
      if (cart.promoNotice) {
        throw await redirectWithToast(visit.config, ONBOARD_PATH, {
          kind: 'error',
          message: TEXT.promoNoLongerApplies(cart.promoNotice),
        })
      }
      return cart.promo?.code ?? null
    },
  }
}
