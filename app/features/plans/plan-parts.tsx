/**
 * Pieces the /plans pages share: a plan's facts, the cart buttons (one form, one intent
 * each: they work without JavaScript), the outage message with its retry link, and the
 * streaming-TV partner button.
 */
import { Form } from 'react-router'
import { useEffect, useRef } from 'react'
import type { Product } from '~/upstream/catalog.server'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { FormAlert } from '~/ui/form-alert'
import { useIsPending } from '~/utils/use-is-pending'
import { formatPesos } from '../../../lib/pesos'
import { planPath, TV_FALLBACK_LOGO, TV_LOGO_PATH } from './plans'
import type { PlansActionData } from './plans.server'
import { PLANS_TEXT as TEXT } from './texts'

export { TV_FALLBACK_LOGO }

export function PlanFacts({ plan }: { plan: Product }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="font-semibold">{TEXT.installation}</dt>
      <dd>
        {formatPesos(plan.installationFee)},{' '}
        {plan.staggerable ? TEXT.staggerable(plan.instalments?.months ?? null) : TEXT.outrightOnly}
      </dd>
      <dt className="font-semibold">Lock-in</dt>
      <dd>{TEXT.lockIn(plan.lockInMonths)}</dd>
      {plan.inclusions.length ? (
        <>
          <dt className="font-semibold">{TEXT.inclusions}</dt>
          <dd>
            <ul className="list-disc pl-5">
              {plan.inclusions.map((inclusion) => (
                <li key={inclusion}>{inclusion}</li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  )
}

export function PlanPrice({ plan }: { plan: Product }) {
  return (
    <p>
      <span className="text-2xl font-extrabold">{formatPesos(plan.monthlyFee)}</span>{' '}
      <span className="text-sm text-slate-600 dark:text-slate-300">a month</span>
    </p>
  )
}

/** The message of a refused form, when it was this form's. */
export function FormMessage({ actionData, target }: { actionData: PlansActionData | undefined; target: string }) {
  if (!actionData || actionData.target !== target) return null
  return <FormAlert id={`error-${target}`} errors={[actionData.formError]} />
}

/** "Choose this plan": add-plan, or change-plan when the cart already holds another plan. */
export function ChoosePlanForm({
  plan,
  planInCart,
  actionData,
  cartHref = '/plans/cart',
}: {
  plan: Product
  planInCart: string | null
  actionData: PlansActionData | undefined
  /** Where the cart is (the sales area has its own plan step). */
  cartHref?: string
}) {
  const busy = useIsPending()
  if (planInCart === plan.code) {
    return (
      <p className="text-sm font-semibold">
        {TEXT.inCart}.{' '}
        <AppLink to={cartHref} className="underline">
          {TEXT.viewCart}
        </AppLink>
      </p>
    )
  }
  const intent = planInCart ? 'change-plan' : 'add-plan'
  return (
    <Form method="post" className="flex flex-col gap-2">
      <FormMessage actionData={actionData} target={plan.code} />
      <input type="hidden" name="planCode" value={plan.code} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        aria-label={`${intent === 'add-plan' ? TEXT.addToCart : TEXT.changePlan}: ${plan.name}`}
      >
        {intent === 'add-plan' ? TEXT.addToCart : TEXT.changePlan}
      </Button>
    </Form>
  )
}

/** spec 8: the catalogue is down. The retry link is the same page again. */
export function PlansUnavailable({ here }: { here: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 p-6 dark:border-slate-700"
    >
      <p className="text-lg font-semibold">{TEXT.unavailable}</p>
      <AppLink to={here} reloadDocument className="underline">
        {TEXT.retry}
      </AppLink>
    </div>
  )
}

export type TvConfig = { enabled: boolean; partnerName: string; imageUrl: string | null; linkUrl: string | null }

/**
 * spec 1, 8: the streaming-TV partner button, only when the TV config says enabled. The
 * partner's image is served from the portal's own address (TV_LOGO_PATH), which answers
 * the bundled logo instead when the partner's image is broken, so the fallback works
 * without JavaScript (tv-logo.server.ts; docs/decisions/0032). Should the browser still
 * fail to show what came (say, an image that does not decode), the bundled logo replaces
 * it with JavaScript (an error before hydration is caught by the effect's check).
 */
export function TvButton({ tv }: { tv: TvConfig }) {
  const image = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const img = image.current
    if (img && img.complete && img.naturalWidth === 0) img.src = TV_FALLBACK_LOGO
  }, [])
  if (!tv.enabled) return null
  const logo = (
    <img
      ref={image}
      src={tv.imageUrl ? TV_LOGO_PATH : TV_FALLBACK_LOGO}
      alt=""
      width={120}
      height={40}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(TV_FALLBACK_LOGO)) event.currentTarget.src = TV_FALLBACK_LOGO
      }}
    />
  )
  const label = TEXT.tvButton(tv.partnerName)
  return (
    <section aria-label={TEXT.tvHeading} className="flex items-center gap-3">
      {tv.linkUrl ? (
        <a
          href={tv.linkUrl}
          rel="noopener noreferrer"
          target="_blank"
          className="btn btn-secondary inline-flex items-center gap-3"
        >
          {logo}
          <span>{label}</span>
        </a>
      ) : (
        <span className="inline-flex items-center gap-3">
          {logo}
          <span>{label}</span>
        </span>
      )}
    </section>
  )
}

export function PlanLink({ plan }: { plan: Product }) {
  return (
    <AppLink to={planPath(plan.code)} className="underline" aria-label={`${TEXT.details}: ${plan.name}`}>
      {TEXT.details}
    </AppLink>
  )
}
