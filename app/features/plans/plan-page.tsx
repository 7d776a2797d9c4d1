/**
 * /plans/:code on screen (spec 1): the plan's details, its FAQs and the add-ons offered
 * with it, and "Choose this plan".
 */
import type { Faq, Product } from '~/upstream/catalog.server'
import { AppLink } from '~/ui/app-link'
import { formatPesos } from '../../../lib/pesos'
import { ChoosePlanForm, PlanFacts, PlanPrice } from './plan-parts'
import { PlansHeading } from './plans-page'
import { PLANS_PATH } from './plans'
import type { PlansActionData } from './plans.server'
import { PLANS_TEXT as TEXT } from './texts'

export function AddOnPrice({ addOn }: { addOn: Product }) {
  return (
    <>
      {addOn.monthlyFee ? `${TEXT.perMonth(addOn.monthlyFee)}` : null}
      {addOn.monthlyFee && addOn.installationFee ? ' + ' : null}
      {addOn.installationFee ? `${formatPesos(addOn.installationFee)} ${TEXT.deviceFee}` : null}
    </>
  )
}

export function PlanPage({
  plan,
  faqs,
  addOns,
  planInCart,
  actionData,
}: {
  plan: Product
  faqs: Faq[]
  addOns: Product[]
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <p>
        <AppLink to={PLANS_PATH} className="underline">
          {TEXT.backToPlans}
        </AppLink>
      </p>
      <PlansHeading>{plan.name}</PlansHeading>
      <p className="text-lg font-semibold">{TEXT.speed(plan.speedMbps)}</p>
      {plan.description ? <p>{plan.description}</p> : null}
      <PlanPrice plan={plan} />
      <PlanFacts plan={plan} />
      {plan.termsUrl ? (
        <p>
          <a href={plan.termsUrl} className="underline">
            {TEXT.terms}
          </a>
        </p>
      ) : null}
      <ChoosePlanForm plan={plan} planInCart={planInCart} actionData={actionData} />

      <section aria-labelledby="add-ons-heading" className="flex flex-col gap-3">
        <h2 id="add-ons-heading" className="text-xl font-bold">
          {TEXT.addOnsHeading}
        </h2>
        {addOns.length ? (
          <ul className="flex flex-col gap-2">
            {addOns.map((addOn) => (
              <li key={addOn.code}>
                <span className="font-semibold">{addOn.name}</span>: <AddOnPrice addOn={addOn} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{TEXT.noAddOns}</p>
        )}
      </section>

      {faqs.length ? (
        <section aria-labelledby="faqs-heading" className="flex flex-col gap-3">
          <h2 id="faqs-heading" className="text-xl font-bold">
            {TEXT.faqsHeading}
          </h2>
          <dl className="flex flex-col gap-3">
            {faqs.map((faq) => (
              <div key={faq.question}>
                <dt className="font-semibold">{faq.question}</dt>
                <dd>{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  )
}
