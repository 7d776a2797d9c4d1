/**
 * The sales area's own pages around the application wizard (issue 13, item 2): the start
 * (new, continue, resume by order id), the plan step, and the submission's success.
 * Plain forms: each works without JavaScript.
 */
import { Form } from 'react-router'
import { CartDetails } from '~/features/plans/cart-page'
import { ChoosePlanForm, PlanFacts, PlanPrice } from '~/features/plans/plan-parts'
import { CategorySwitch, GovtForm } from '~/features/plans/plans-page'
import type { Cart } from '~/upstream/orders.server'
import type { Product } from '~/upstream/catalog.server'
import { AppLink } from '~/ui/app-link'
import { Button, ButtonLink } from '~/ui/button'
import { Field } from '~/ui/field'
import { plainField } from '~/ui/field-parts'
import { useIsPending } from '~/utils/use-is-pending'
import type { CustomerCategory } from '../../../lib/catalog'
import { formatPesos } from '../../../lib/pesos'
import type { OnboardActionData, StartPage } from './new-application.server'
import { SalesNav } from './sales-nav'
import { NEW_APPLICATION_TEXT as TEXT } from './texts'

export function SalesStartPage({ page }: { page: StartPage }) {
  const busy = useIsPending()
  const orderId = plainField('resume-order-id', 'orderId', page.orderId, page.formError ? [page.formError] : undefined)
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <SalesNav />
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.title}</h1>
      <p>{TEXT.intro}</p>
      {page.open ? (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <p className="font-semibold">{TEXT.open(page.open.customer)}</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={page.open.continueHref}>{TEXT.continue}</ButtonLink>
            <Form method="post">
              <Button type="submit" name="intent" value="close" variant="secondary" disabled={busy}>
                {TEXT.close}
              </Button>
            </Form>
          </div>
        </div>
      ) : null}
      <Form method="post">
        <Button type="submit" name="intent" value="new" disabled={busy}>
          {TEXT.start}
        </Button>
      </Form>
      <section aria-labelledby="resume-heading" className="flex flex-col gap-3">
        <h2 id="resume-heading" className="text-xl font-bold">
          {TEXT.resumeHeading}
        </h2>
        <Form method="post" className="flex flex-col gap-3">
          <Field
            label={TEXT.orderId}
            field={orderId}
            hint={TEXT.resumeHint}
            inputProps={{
              type: 'text',
              autoComplete: 'off',
              maxLength: 40,
              spellCheck: false,
              autoCapitalize: 'characters',
            }}
          />
          <div>
            <Button type="submit" name="intent" value="resume" variant="secondary" disabled={busy}>
              {TEXT.resume}
            </Button>
          </div>
        </Form>
      </section>
    </section>
  )
}

export type OnboardView = {
  customer: string
  category: CustomerCategory
  isWorkingGovtEmbassyWorker: boolean
  plans: Product[]
  planInCart: string | null
  cart: Cart | null
  addOns: Product[]
  continueHref: string | null
}

/** Issue 33: the promo code on the cart, priced upstream; one that stopped applying says why. */
function PromoForm({ cart, actionData }: { cart: Cart; actionData: OnboardActionData | undefined }) {
  const busy = useIsPending()
  const errors = actionData?.target === 'promo' ? [actionData.formError] : undefined
  const held = cart.promo
  return (
    <section aria-labelledby="promo-heading" className="flex flex-col gap-3">
      <h2 id="promo-heading" className="text-xl font-bold">
        {TEXT.promoHeading}
      </h2>
      {held || cart.promoNotice ? (
        <Form method="post" className="flex flex-col gap-2">
          {held ? (
            <p data-testid="promo-code">
              {TEXT.promoCurrent(held.code, held.description)} {TEXT.promoDiscount(formatPesos(held.discount))}
            </p>
          ) : (
            <p role="alert" className="font-semibold text-red-700 dark:text-red-300" data-testid="promo-notice">
              {cart.promoNotice}
            </p>
          )}
          {errors ? <p className="text-red-700 dark:text-red-300">{errors[0]}</p> : null}
          <p>
            <Button type="submit" name="intent" value="remove-promo" variant="ghost" disabled={busy}>
              {TEXT.promoRemove}
            </Button>
          </p>
        </Form>
      ) : (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <Field
            label={TEXT.promoLabel}
            field={plainField('promo-code', 'promoCode', actionData?.promoCode ?? '', errors)}
            inputProps={{
              type: 'text',
              autoComplete: 'off',
              maxLength: 40,
              spellCheck: false,
              autoCapitalize: 'characters',
            }}
          />
          <Button type="submit" name="intent" value="promo" variant="secondary" disabled={busy}>
            {TEXT.promoApply}
          </Button>
        </Form>
      )}
    </section>
  )
}

export function SalesOnboardPage({
  view,
  actionData,
}: {
  view: OnboardView
  actionData: OnboardActionData | undefined
}) {
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <SalesNav />
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.onboardTitle}</h1>
      <p>{TEXT.onboardIntro(view.customer)}</p>
      <CategorySwitch category={view.category} />
      {view.category === 'SME' ? <GovtForm checked={view.isWorkingGovtEmbassyWorker} /> : null}
      <section aria-labelledby="plans-heading" className="flex flex-col gap-3">
        <h2 id="plans-heading" className="text-xl font-bold">
          {TEXT.plansHeading}
        </h2>
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {view.plans.map((plan) => (
            <li
              key={plan.code}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
            >
              <h3 className="text-lg font-bold">{plan.name}</h3>
              <PlanPrice plan={plan} />
              <PlanFacts plan={plan} />
              <div className="mt-auto">
                <ChoosePlanForm
                  plan={plan}
                  planInCart={view.planInCart}
                  actionData={actionData}
                  cartHref="#cart-heading"
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cart-heading" className="flex flex-col gap-4">
        <h2 id="cart-heading" className="text-xl font-bold">
          {TEXT.cartHeading}
        </h2>
        {view.cart ? (
          <CartDetails cart={view.cart} addOns={view.addOns} actionData={actionData} linkPlan={false} />
        ) : (
          <p>{TEXT.noPlan}</p>
        )}
      </section>
      {view.cart ? <PromoForm cart={view.cart} actionData={actionData} /> : null}
      {view.continueHref ? (
        <p>
          <ButtonLink to={view.continueHref}>{TEXT.continueToDetails}</ButtonLink>
        </p>
      ) : null}
    </section>
  )
}

export function SalesSuccessPage({ referenceNo, plan, slot }: { referenceNo: string; plan: string; slot: string }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <SalesNav />
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.successTitle}</h1>
      <p className="text-3xl font-bold tracking-wider" data-testid="reference-number">
        {referenceNo}
      </p>
      <p>{TEXT.successBody(referenceNo)}</p>
      <p>
        {plan} · {slot}
      </p>
      <p className="flex flex-wrap gap-4">
        <ButtonLink to={`/sales/applications/${referenceNo}`}>{TEXT.viewApplication}</ButtonLink>
        <AppLink to="/sales/application" className="self-center underline">
          {TEXT.another}
        </AppLink>
        <AppLink to="/sales" className="self-center underline">
          {TEXT.dashboard}
        </AppLink>
      </p>
    </section>
  )
}
