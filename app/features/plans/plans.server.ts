/**
 * The /plans pages' loaders and action (issue 9; spec 1, 3, 4, 8): the list for the
 * visitor's customer category (kept in their draft) and the region of their
 * serviceability check, a plan's page, and the cart. Every form posts to the page it is
 * on and redirects (Post/Redirect/Get): a successful cart change to the cart page, a
 * refusal comes back with the server's message beside the form.
 *
 * spec 8: when the plan calls fail (the catalogue is down), the page says so with a
 * retry link, in the shell; the cart's own outages are thrown, for the error boundary.
 */
import { data, redirect, type AppLoadContext } from 'react-router'
import { z } from 'zod'
import { CART_TEXTS } from '~/features/cart/texts'
import { applyCartForm, CartFormSchema, readCart } from '~/features/cart/cart.server'
import { applicantPathFor, wizardHref } from '~/features/apply/steps'
import { readDraft } from '~/features/drafts/draft.server'
import { isUpstreamError } from '~/upstream/errors'
import { upstreamFor } from '~/upstream/index.server'
import { parseWithZod, readForm } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { CustomerCategorySchema, ProductCodeSchema } from '../../../lib/catalog'
import { changeCustomerCategory } from './customer-category.server'
import { DEFAULT_CUSTOMER_CATEGORY } from './customer-category'
import { CART_PATH, CATEGORY_INTENT, compareSelection, draftRegion, GOVT_INTENT } from './plans'
import { readRecommendQuery } from './recommend-query'
import { PLANS_TEXT } from './texts'

/** What a page shows when the catalogue is down (spec 8), answered with 503. */
const UNAVAILABLE = { status: 'unavailable' } as const

async function orUnavailable<T>(load: () => Promise<T>) {
  try {
    return { status: 'ok' as const, ...(await load()) }
  } catch (error) {
    // Down, slow, a 5xx or an answer of the wrong shape: the catalogue cannot be shown (spec 8).
    if (isUpstreamError(error) && error.kind !== 'rejected') {
      return data(UNAVAILABLE, { status: 503, headers: { 'cache-control': 'no-store' } })
    }
    throw error
  }
}

/** The list: the category's plans for the draft's region, the plan in the cart, and the TV button's config. */
export async function plansView(request: Request, context: AppLoadContext) {
  const draft = await readDraft(request, context)
  const category = draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const region = draftRegion(draft?.sections.serviceability)
  return orUnavailable(async () => {
    const catalog = upstreamFor(context).catalog
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
export async function planView(request: Request, context: AppLoadContext, code: string | undefined) {
  const draft = await readDraft(request, context)
  const region = draftRegion(draft?.sections.serviceability)
  return orUnavailable(async () => {
    const catalog = upstreamFor(context).catalog
    // A code no product could have is not asked for: it is the not-found page too.
    const plan = ProductCodeSchema.safeParse(code).success ? await catalog.plan(code as string) : null
    if (!plan || plan.productType !== 'MAINLINE') throw data(null, { status: 404 })
    const [faqs, addOns] = await Promise.all([catalog.faqs(plan.code), catalog.addOns(plan.code, region)])
    return { plan, faqs: faqs ?? [], addOns: addOns ?? [], planInCart: draft?.sections.plan?.planCode ?? null }
  })
}

/** The cart as the orders service has it, and the add-ons offered with its plan. */
export async function cartView(request: Request, context: AppLoadContext) {
  // The draft and the cart are read inside too: with the orders or drafts service down the
  // page says so (spec 8) instead of failing whole.
  return orUnavailable(async () => {
    const cart = await readCart(request, context)
    // A cart whose plan was removed is empty (the orders service empties it).
    if (!cart?.planCode || !cart.cartItems.length) return { cart: null, addOns: [], applyHref: null }
    const planCode = cart.planCode
    const draft = await readDraft(request, context)
    const region = draftRegion(draft?.sections.serviceability)
    const category = draft?.sections.customerCategory?.category ?? DEFAULT_CUSTOMER_CATEGORY.category
    return {
      cart,
      // The application wizard's first page, under the category's prefix (spec 2).
      applyHref: wizardHref(applicantPathFor(category), 'personalDetails'),
      addOns: (await upstreamFor(context).catalog.addOns(planCode, region)) ?? [],
    }
  })
}

/**
 * /plans/compare: the category's plans to tick (a GET form, so a comparison is a URL to
 * share) and, for two or three codes, those plans side by side in the order asked.
 */
export async function compareView(request: Request, context: AppLoadContext) {
  const draft = await readDraft(request, context)
  const category = draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const region = draftRegion(draft?.sections.serviceability)
  const selection = compareSelection(new URL(request.url).searchParams.getAll('codes'))
  return orUnavailable(async () => {
    const catalog = upstreamFor(context).catalog
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
export async function recommendView(request: Request, context: AppLoadContext) {
  const draft = await readDraft(request, context)
  const category = draft?.sections.customerCategory ?? DEFAULT_CUSTOMER_CATEGORY
  const query = readRecommendQuery(new URL(request.url).searchParams, draftRegion(draft?.sections.serviceability))
  const upstream = upstreamFor(context)
  const regions = await upstream.address.regions().catch((error: unknown) => {
    if (isUpstreamError(error)) return []
    throw error
  })
  return orUnavailable(async () => {
    const answers = query.asked ? query.answers : null
    const result = answers
      ? await upstream.catalog.recommendations({
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
async function compareOrNull(catalog: ReturnType<typeof upstreamFor>['catalog'], codes: string[]) {
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

function refused(formError: string, target: string, form: FormData, headers?: Headers, status = 400) {
  // A refused quantity comes back as typed (the form comes back filled in).
  const quantity = form.get('quantity')
  return data<PlansActionData>(
    { formError, target, ...(typeof quantity === 'string' ? { quantity: quantity.slice(0, 10) } : {}) },
    { status, headers },
  )
}

/**
 * Every form of the /plans pages: the category switch (on the list) and the cart's
 * intents (CartFormSchema). `here` is the page to come back to after a category switch.
 */
export async function plansAction(request: Request, context: AppLoadContext, here: string, cartPath = CART_PATH) {
  const form = await readForm(request)
  if (form.get('intent') === CATEGORY_INTENT) {
    const choice = CategoryFormSchema.safeParse({ category: form.get('category') })
    if (!choice.success) return redirect(here)
    const { failed, headers } = await changeCustomerCategory(request, context, {
      type: 'SAVE',
      category: choice.data.category,
    })
    if (failed)
      return redirectWithToast(context.config, here, { kind: 'error', message: PLANS_TEXT.categoryFailed }, { headers })
    return redirect(here, { headers })
  }
  if (form.get('intent') === GOVT_INTENT) {
    // An unticked checkbox sends nothing: the flag is whether it was sent.
    const { failed, headers } = await changeCustomerCategory(request, context, {
      type: 'SAVE_GOVT',
      isWorkingGovtEmbassyWorker: form.get('isWorkingGovtEmbassyWorker') === 'on',
    })
    if (failed) {
      return redirectWithToast(context.config, here, { kind: 'error', message: PLANS_TEXT.categoryFailed }, { headers })
    }
    // Said, not only done: the box alone looks the same before and after SAVE.
    return redirectWithToast(context.config, here, { kind: 'success', message: PLANS_TEXT.govtSaved }, { headers })
  }
  const target = String(form.get('planCode') ?? form.get('productCode') ?? form.get('intent') ?? '')
  const submission = parseWithZod(form, { schema: CartFormSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? CART_TEXTS.refused
    return refused(message, target, form)
  }
  const answer = await applyCartForm(request, context, submission.value)
  if (!answer.status) return refused(answer.message, target, form, answer.headers, 409)
  return redirect(cartPath, { headers: answer.headers })
}
