/**
 * /plans/recommend on screen (issue 9; spec 1, 7): four questions in one GET form (the
 * region may be skipped), so the recommendations are a URL to share and it all works
 * without JavaScript; then the recommended plans, each with the catalogue's reasons in
 * plain words and "Choose this plan". A wrong answer comes back beside its field, the
 * form filled in as sent.
 */
import { Form } from 'react-router'
import type { Recommendations } from '~/upstream/catalog.server'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { CHOICE_CLASS } from '~/ui/checkbox-field'
import { describedBy, FieldErrors, FieldHint, type FieldMeta } from '~/ui/field-parts'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { SelectField, type SelectOption } from '~/ui/select-field'
import { DATA_USAGES, MAX_DEVICES, TIMES_OF_DAY } from '../../../lib/questionnaire'
import { ChoosePlanForm, PlanPrice } from './plan-parts'
import { PlansHeading } from './plans-page'
import { PLANS_PATH, planPath } from './plans'
import type { PlansActionData } from './plans.server'
import { RECOMMEND_PATH, type RecommendErrors, type RecommendForm } from './recommend-query'
import { PLANS_TEXT, RECOMMEND_TEXT as TEXT } from './texts'

const FORM_ID = 'recommend'

function meta(name: keyof RecommendErrors, value: string, errors: RecommendErrors): FieldMeta {
  const id = `${FORM_ID}-${name}`
  const error = errors[name]
  return { id, name, errorId: `${id}-error`, initialValue: value, errors: error ? [error] : undefined }
}

/** A fieldset of checkboxes or radios, described by its hint and its error like RadioGroup. */
function ChoiceGroup({
  legend,
  field,
  hint,
  type,
  options,
  checked,
}: {
  legend: string
  field: FieldMeta
  hint?: string
  type: 'checkbox' | 'radio'
  options: SelectOption[]
  checked: (value: string) => boolean
}) {
  return (
    <fieldset
      id={field.id}
      aria-invalid={field.errors?.length ? true : undefined}
      aria-describedby={describedBy(field, hint)}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <FieldHint field={field} hint={hint} />
      {options.map((option, index) => (
        <div key={option.value} className="flex items-center gap-3">
          <input
            type={type}
            id={`${field.id}-${index}`}
            name={field.name}
            value={option.value}
            defaultChecked={checked(option.value)}
            className={CHOICE_CLASS}
          />
          <label htmlFor={`${field.id}-${index}`} className="text-sm">
            {option.label}
          </label>
        </div>
      ))}
      <FieldErrors field={field} />
    </fieldset>
  )
}

function Questionnaire({
  regions,
  form,
  errors,
}: {
  regions: SelectOption[]
  form: RecommendForm
  errors: RecommendErrors
}) {
  const invalid = Object.keys(errors).length > 0
  return (
    // The form's key: answers from a new URL (a shared link, Back) replace what it shows.
    <Form
      method="get"
      action={RECOMMEND_PATH}
      id={FORM_ID}
      key={JSON.stringify(form)}
      className="flex flex-col gap-5"
      aria-describedby={invalid ? `${FORM_ID}-alert` : undefined}
    >
      <FormAlert id={`${FORM_ID}-alert`} errors={invalid ? [TEXT.errorsHeading] : undefined} />
      {regions.length ? (
        <SelectField
          label={TEXT.region}
          hint={TEXT.regionHint}
          field={meta('region', form.region, errors)}
          options={regions}
          placeholder={TEXT.regionSkip}
        />
      ) : null}
      <Field
        label={TEXT.devices}
        hint={TEXT.devicesHint}
        field={meta('devices', form.devices, errors)}
        inputProps={{ type: 'number', inputMode: 'numeric', min: 1, max: MAX_DEVICES, step: 1, className: 'max-w-32' }}
      />
      <ChoiceGroup
        legend={TEXT.usageLegend}
        hint={TEXT.usageHint}
        field={meta('usage', '', errors)}
        type="checkbox"
        options={DATA_USAGES.map((usage) => ({ value: usage, label: TEXT.usages[usage] }))}
        checked={(value) => form.usages.includes(value)}
      />
      <ChoiceGroup
        legend={TEXT.timeLegend}
        field={meta('timeOfDay', form.timeOfDay, errors)}
        type="radio"
        options={TIMES_OF_DAY.map((time) => ({ value: time, label: TEXT.times[time] }))}
        checked={(value) => form.timeOfDay === value}
      />
      <div>
        <Button type="submit">{TEXT.submit}</Button>
      </div>
    </Form>
  )
}

function Results({
  result,
  planInCart,
  actionData,
}: {
  result: Recommendations
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <section aria-labelledby="recommend-results" className="flex flex-col gap-4">
      <h2 id="recommend-results" className="text-2xl font-bold">
        {TEXT.resultsHeading}
      </h2>
      <p>{TEXT.need(result.neededMbps)}</p>
      {result.recommendations.length ? (
        <ol className="grid gap-4 md:grid-cols-2">
          {result.recommendations.map(({ plan, fit, reasons }) => (
            <li
              key={plan.code}
              aria-labelledby={`recommended-${plan.code}`}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
            >
              <p className="text-sm font-bold uppercase tracking-wide text-brand-700 dark:text-orange-300">
                {TEXT.fits[fit]}
              </p>
              <h3 id={`recommended-${plan.code}`} className="text-xl font-bold">
                <AppLink to={planPath(plan.code)} className="underline">
                  {plan.name}
                </AppLink>
              </h3>
              <p className="font-semibold">{PLANS_TEXT.speed(plan.speedMbps)}</p>
              <PlanPrice plan={plan} />
              <h4 className="font-semibold">{TEXT.why}</h4>
              <ul className="list-disc pl-5">
                {reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
              <div className="mt-auto">
                <ChoosePlanForm plan={plan} planInCart={planInCart} actionData={actionData} />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p>{TEXT.none}</p>
      )}
    </section>
  )
}

export function RecommendPage({
  regions,
  form,
  errors,
  result,
  planInCart,
  actionData,
}: {
  regions: SelectOption[]
  form: RecommendForm
  errors: RecommendErrors
  result: Recommendations | null
  planInCart: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <p>
        <AppLink to={PLANS_PATH} className="underline">
          {PLANS_TEXT.backToPlans}
        </AppLink>
      </p>
      <PlansHeading>{TEXT.title}</PlansHeading>
      <p>{TEXT.intro}</p>
      {result ? <Results result={result} planInCart={planInCart} actionData={actionData} /> : null}
      <Questionnaire regions={regions} form={form} errors={errors} />
    </div>
  )
}
