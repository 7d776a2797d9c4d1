/**
 * /plans/compare on screen (spec 1): a GET form of checkboxes (the comparison is a URL
 * to share) and the chosen plans side by side in a table.
 */
import { Form } from 'react-router'
import type { ReactNode } from 'react'
import type { Product } from '~/upstream/catalog.server'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { FormAlert } from '~/ui/form-alert'
import { formatPesos } from '../../../lib/pesos'
import { ChoosePlanForm } from './plan-parts'
import { PlansHeading } from './plans-page'
import { COMPARE_PATH, PLANS_PATH, planPath } from './plans'
import type { PlansActionData } from './plans.server'
import { PLANS_TEXT as TEXT } from './texts'

function ComparisonTable({
  plans,
  planInCart,
  actionData,
}: {
  plans: Product[]
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  const rows: { label: string; cell: (plan: Product) => ReactNode }[] = [
    { label: TEXT.speedRow, cell: (plan) => TEXT.speed(plan.speedMbps) },
    { label: TEXT.monthlyRow, cell: (plan) => formatPesos(plan.monthlyFee) },
    {
      label: TEXT.installation,
      cell: (plan) =>
        `${formatPesos(plan.installationFee)}, ${plan.staggerable ? TEXT.staggerable(plan.instalments?.months ?? null) : TEXT.outrightOnly}`,
    },
    { label: TEXT.lockInRow, cell: (plan) => TEXT.lockIn(plan.lockInMonths) },
    { label: TEXT.inclusions, cell: (plan) => plan.inclusions.join(', ') },
    {
      label: TEXT.terms,
      cell: (plan) =>
        plan.termsUrl ? (
          <a href={plan.termsUrl} className="underline" aria-label={`${TEXT.terms}: ${plan.name}`}>
            {TEXT.terms}
          </a>
        ) : null,
    },
  ]
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{TEXT.compareCaption}</caption>
        <thead>
          <tr>
            <td />
            {plans.map((plan) => (
              <th key={plan.code} scope="col" className="p-2 text-lg font-bold">
                <AppLink to={planPath(plan.code)} className="underline">
                  {plan.name}
                </AppLink>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="p-2 font-semibold">
                {row.label}
              </th>
              {plans.map((plan) => (
                <td key={plan.code} className="p-2">
                  {row.cell(plan)}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t border-slate-200 dark:border-slate-700">
            <td />
            {plans.map((plan) => (
              <td key={plan.code} className="p-2">
                <ChoosePlanForm plan={plan} planInCart={planInCart} actionData={actionData} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}

export function ComparePage({
  plans,
  chosen,
  compared,
  error,
  planInCart,
  actionData,
}: {
  plans: Product[]
  chosen: string[]
  compared: Product[]
  error: string | null
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <p>
        <AppLink to={PLANS_PATH} className="underline">
          {TEXT.backToPlans}
        </AppLink>
      </p>
      <PlansHeading>{TEXT.compareTitle}</PlansHeading>
      {compared.length ? <ComparisonTable plans={compared} planInCart={planInCart} actionData={actionData} /> : null}
      <Form method="get" action={COMPARE_PATH} className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'compare-error' : undefined}>
          <legend className="font-semibold">{TEXT.compareLegend}</legend>
          <FormAlert id="compare-error" errors={error ? [error] : undefined} />
          {plans.map((plan) => (
            <label key={plan.code} className="flex items-center gap-2">
              <input type="checkbox" name="codes" value={plan.code} defaultChecked={chosen.includes(plan.code)} />
              {plan.name} ({TEXT.speed(plan.speedMbps)}, {TEXT.perMonth(plan.monthlyFee)})
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit">{TEXT.compareButton}</Button>
        </div>
      </Form>
    </div>
  )
}
