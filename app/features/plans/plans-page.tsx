/**
 * /plans on screen (spec 1, 2, 4): the plans of the visitor's customer category, a small
 * form to switch between home (RES) and business (SME) plans, and each plan's facts with
 * its terms, its page and "Choose this plan". Forms only: it all works without JavaScript.
 */
import { Form, useLocation } from 'react-router'
import type { Product } from '~/upstream/catalog.server'
import { Button } from '~/ui/button'
import { useIsPending } from '~/utils/use-is-pending'
import type { CustomerCategory } from '../../../lib/catalog'
import { ChoosePlanForm, PlanFacts, PlanLink, PlanPrice, PlansUnavailable, TvButton, type TvConfig } from './plan-parts'
import { AppLink } from '~/ui/app-link'
import { CATEGORY_INTENT, COMPARE_PATH, GOVT_INTENT } from './plans'
import type { PlansActionData } from './plans.server'
import { RECOMMEND_PATH } from './recommend-query'
import { PLANS_TEXT as TEXT, RECOMMEND_TEXT } from './texts'

export function PlansHeading({ children }: { children: string }) {
  return <h1 className="text-3xl font-extrabold tracking-tight">{children}</h1>
}

export function CategorySwitch({ category }: { category: CustomerCategory }) {
  const busy = useIsPending()
  const other: CustomerCategory = category === 'RES' ? 'SME' : 'RES'
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <p>{TEXT.showingFor(TEXT.categoryNames[category])}</p>
      <input type="hidden" name="category" value={other} />
      <Button type="submit" name="intent" value={CATEGORY_INTENT} variant="secondary" disabled={busy}>
        {TEXT.switchTo[other]}
      </Button>
    </Form>
  )
}

/** spec 4's SAVE_GOVT, for SME visitors only. */
export function GovtForm({ checked }: { checked: boolean }) {
  const busy = useIsPending()
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3" key={String(checked)}>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="isWorkingGovtEmbassyWorker" defaultChecked={checked} />
        {TEXT.govtLabel}
      </label>
      <Button type="submit" name="intent" value={GOVT_INTENT} variant="secondary" disabled={busy}>
        {TEXT.govtSave}
      </Button>
    </Form>
  )
}

function PlanCard({
  plan,
  planInCart,
  actionData,
}: {
  plan: Product
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 className="text-xl font-bold">{plan.name}</h2>
      <p className="font-semibold">{TEXT.speed(plan.speedMbps)}</p>
      <PlanPrice plan={plan} />
      <PlanFacts plan={plan} />
      <p className="flex flex-wrap gap-4 text-sm">
        <PlanLink plan={plan} />
        {plan.termsUrl ? (
          <a href={plan.termsUrl} className="underline" aria-label={`${TEXT.terms}: ${plan.name}`}>
            {TEXT.terms}
          </a>
        ) : null}
      </p>
      <div className="mt-auto">
        <ChoosePlanForm plan={plan} planInCart={planInCart} actionData={actionData} />
      </div>
    </li>
  )
}

export function PlansPage({
  category,
  isWorkingGovtEmbassyWorker,
  region,
  plans,
  tv,
  planInCart,
  actionData,
}: {
  category: CustomerCategory
  isWorkingGovtEmbassyWorker: boolean
  region: string | null
  plans: Product[]
  tv: TvConfig
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PlansHeading>{TEXT.heading}</PlansHeading>
      <CategorySwitch category={category} />
      {category === 'SME' ? <GovtForm checked={isWorkingGovtEmbassyWorker} /> : null}
      {region ? <p className="text-sm">{TEXT.regionNote}</p> : null}
      <p className="flex flex-wrap gap-4">
        <AppLink to={RECOMMEND_PATH} className="underline">
          {RECOMMEND_TEXT.link}
        </AppLink>
        <AppLink to={COMPARE_PATH} className="underline">
          {TEXT.compareLink}
        </AppLink>
      </p>
      <TvButton tv={tv} />
      {plans.length ? (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.code} plan={plan} planInCart={planInCart} actionData={actionData} />
          ))}
        </ul>
      ) : (
        <p>{TEXT.noPlans}</p>
      )}
      {plans.some((plan) => plan.demo) ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.demo}</p>
      ) : null}
    </div>
  )
}

/** Any plans page when the catalogue is down (spec 8): its heading, the message and a retry of this very address. */
export function PlansUnavailablePage({ title, wide = false }: { title: string; wide?: boolean }) {
  const location = useLocation()
  return (
    <div className={`mx-auto flex ${wide ? 'max-w-6xl' : 'max-w-3xl'} flex-col gap-6 px-4 py-8`}>
      <PlansHeading>{title}</PlansHeading>
      <PlansUnavailable here={location.pathname + location.search} />
    </div>
  )
}
