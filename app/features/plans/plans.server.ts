/**
 * The /plans pages' loaders and action (issue 9; spec 1, 3, 4, 8): the list for the
 * visitor's customer category (kept in their draft) and the region of their
 * serviceability check, a plan's page, and the cart. Every form posts to the page it is
 * on and redirects (Post/Redirect/Get): a successful cart change to the cart page, a
 * refusal comes back with the server's message beside the form.
 *
 * spec 8: when the plan calls fail (the catalogue is down), the page says so with a
 * retry link, in the shell; a cart change the orders service cannot answer says spec 8's
 * message beside its form (503), the form kept.
 */
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { CART_TEXTS } from '~/features/cart/texts'
import { applyCartForm, CartFormSchema, cartIn } from '~/features/cart/cart.server'
import { applicantPathFor, wizardHref } from '~/features/apply/steps'
import { isUpstreamError } from '~/upstream/errors'
import type { Upstream } from '~/upstream/index.server'
import { parseWithZod } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { failedPage, type Result } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { CustomerCategorySchema, ProductCodeSchema } from '../../../lib/catalog'
import { changeCustomerCategory } from './customer-category.server'
import { DEFAULT_CUSTOMER_CATEGORY } from './customer-category'
import { CART_PATH, CATEGORY_INTENT, compareSelection, draftRegion, GOVT_INTENT } from './plans'
import { readRecommendQuery } from './recommend-query'
import { PLANS_TEXT } from './texts'

/** A read inside a page's calls: its value, or its failure thrown for orUnavailable's call to answer. */
function ok<T>(read: Result<T>): T {
  if (!read.ok) throw read.error
  return read.value
}

/** What a page shows when the catalogue is down (spec 8), answered with 503. */
const UNAVAILABLE = { status: 'unavailable' } as const

/** The page's calls, as the portal: their answer, or the page that says the catalogue cannot be shown. */
async function orUnavailable<T>(visit: Visit, load: (upstream: Upstream) => Promise<T>) {
  const loaded = await visit.portal.call(load)
  if (loaded.ok) return { status: 'ok' as const, ...loaded.value }
  // Down, slow, a 5xx or an answer of the wrong shape: the catalogue cannot be shown (spec 8).
  if (loaded.error.kind !== 'rejected') {
    return data(UNAVAILABLE, { status: 503, headers: { 'cache-control': 'no-store' } })
  }
  return failedPage(loaded)
}

/** The list: the category's plans for the draft's region, the plan in the cart, and the TV button's config. */
export async function plansView(visit: Visit) {
  const draft = await visit.draft.current()
  const category = draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const region = draftRegion(draft?.sections.serviceability)
  return orUnavailable(visit, async ({ catalog }) => {
    const [plans, tv] = await Promise.all([
      catalog.plans({ customerCategory: category.category, region }),
      catalog.tvConfig(),
    ])
    return {
      category: category.category,
      isWorkingGovtEmbassyWorker: category.isWorkingGovtEmbassyWorker,
      region: region ?? null,
      plans,
      tv,
      planInCart: draft?.sections.plan?.planCode ?? null,
    }
  })
}

/** A plan's page: details, FAQs and add-ons; an unknown code is the not-found page. */
export async function planView(visit: Visit, code: string | undefined) {
  const draft = await visit.draft.current()
  const region = draftRegion(draft?.sections.serviceability)
  return orUnavailable(visit, async ({ catalog }) => {
    // A code no product could have is not asked for: it is the not-found page too.
    const plan = ProductCodeSchema.safeParse(code).success ? await catalog.plan(code as string) : null
    if (!plan || plan.productType !== 'MAINLINE') throw data(null, { status: 404 })
    const [faqs, addOns] = await Promise.all([catalog.faqs(plan.code), catalog.addOns(plan.code, region)])
    return { plan, faqs: faqs ?? [], addOns: addOns ?? [], planInCart: draft?.sections.plan?.planCode ?? null }
  })
}

/** The cart as the orders service has it, and the add-ons offered with its plan. */
export async function cartView(visit: Visit) {
  // The draft and the cart are read inside too: with the orders or drafts service down the
  // page says so (spec 8) instead of failing whole.
  return orUnavailable(visit, async ({ catalog }) => {
    const draft = ok(await visit.draft.read())
    const cart = draft ? ok(await cartIn(visit, draft)) : null
    // A cart whose plan was removed is empty (the orders service empties it).
    if (!cart?.planCode || !cart.cartItems.length) return { cart: null, addOns: [], applyHref: null }
    const planCode = cart.planCode
    const region = draftRegion(draft?.sections.serviceability)
    const category = draft?.sections.customerCategory?.category ?? DEFAULT_CUSTOMER_CATEGORY.category
    return {
      cart,
      // The application wizard's first page, under the category's prefix (spec 2).
      applyHref: wizardHref(applicantPathFor(category), 'personalDetails'),
      addOns: (await catalog.addOns(planCode, region)) ?? [],
    }
  })
}

/**
 * /plans/compare: the category's plans to tick (a GET form, so a comparison is a URL to
 * share) and, for two or three codes, those plans side by side in the order asked.
 */
export async function compareView(visit: Visit, url: URL) {
  const draft = await visit.draft.current()
  const category = draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const region = draftRegion(draft?.sections.serviceability)
  const selection = compareSelection(url.searchParams.getAll('codes'))
  return orUnavailable(visit, async ({ catalog }) => {
    const [plans, compared] = await Promise.all([
      catalog.plans({ customerCategory: category.category, region }),
      selection.valid ? compareOrNull(catalog, selection.codes) : null,
    ])
    const error = !selection.asked
      ? null
      : !selection.valid
        ? PLANS_TEXT.compareCount
        : compared
          ? null
          : PLANS_TEXT.compareUnknown
    return {
      plans,
      chosen: selection.codes,
      compared: compared ?? [],
      error,
      planInCart: draft?.sections.plan?.planCode ?? null,
    }
  })
}

/**
 * /plans/recommend: the questionnaire (a GET form, so the answers are a URL to share) and,
 * once answered, the catalogue's recommendations with its reasons in plain words. The
 * regions to choose from are the address service's; without them the region is skipped.
 */
export async function recommendView(visit: Visit, url: URL) {
  const draft = await visit.draft.current()
  const category = draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const query = readRecommendQuery(url.searchParams, draftRegion(draft?.sections.serviceability))
  const listed = await visit.portal.call((portal) => portal.address.regions())
  const regions = listed.ok ? listed.value : []
  return orUnavailable(visit, async ({ catalog }) => {
    const answers = query.asked ? query.answers : null
    const result = answers
      ? await catalog.recommendations({
          customerCategory: category.category,
          region: answers.region,
          devices: answers.devices,
          usages: answers.usages,
          timeOfDay: answers.timeOfDay,
        })
      : null
    return {
      regions: regions.map((region) => ({ value: region.id, label: region.name })),
      form: query.form,
      errors: query.asked ? query.errors : {},
      result,
      planInCart: draft?.sections.plan?.planCode ?? null,
    }
  })
}

/** The compare call's answer, or null when it names a code the catalogue does not know. */
async function compareOrNull(catalog: Upstream['catalog'], codes: string[]) {
  try {
    return await catalog.compare(codes)
  } catch (error) {
    if (isUpstreamError(error) && error.kind === 'rejected') return null
    throw error
  }
}

const CategoryFormSchema = z.object({ category: CustomerCategorySchema })

/** What a refused or invalid form answers: the message, and which form it belongs to (a product code or the intent). */
export type PlansActionData = { formError: string; target: string; quantity?: string }

function refused(formError: string, target: string, form: FormData, status = 400) {
  // A refused quantity comes back as typed (the form comes back filled in).
  const quantity = form.get('quantity')
  return data<PlansActionData>(
    { formError, target, ...(typeof quantity === 'string' ? { quantity: quantity.slice(0, 10) } : {}) },
    { status },
  )
}

/**
 * Every form of the /plans pages: the category switch (on the list) and the cart's
 * intents (CartFormSchema). `here` is the page to come back to after a category switch.
 */
export async function plansAction(visit: Visit, form: FormData, here: string, cartPath = CART_PATH) {
  const { config } = visit
  if (form.get('intent') === CATEGORY_INTENT) {
    const choice = CategoryFormSchema.safeParse({ category: form.get('category') })
    if (!choice.success) return redirect(here)
    const { failed } = await changeCustomerCategory(visit, { type: 'SAVE', category: choice.data.category })
    if (failed) return redirectWithToast(config, here, { kind: 'error', message: PLANS_TEXT.categoryFailed })
    return redirect(here)
  }
  if (form.get('intent') === GOVT_INTENT) {
    // An unticked checkbox sends nothing: the flag is whether it was sent.
    const { failed } = await changeCustomerCategory(visit, {
      type: 'SAVE_GOVT',
      isWorkingGovtEmbassyWorker: form.get('isWorkingGovtEmbassyWorker') === 'on',
    })
    if (failed) return redirectWithToast(config, here, { kind: 'error', message: PLANS_TEXT.categoryFailed })
    // Said, not only done: the box alone looks the same before and after SAVE.
    return redirectWithToast(config, here, { kind: 'success', message: PLANS_TEXT.govtSaved })
  }
  const target = String(form.get('planCode') ?? form.get('productCode') ?? form.get('intent') ?? '')
  const submission = parseWithZod(form, { schema: CartFormSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? CART_TEXTS.refused
    return refused(message, target, form)
  }
  const answer = await applyCartForm(visit, submission.value)
  if (!answer.status) return refused(answer.message, target, form, answer.unavailable ? 503 : 409)
  return redirect(cartPath)
}
