/**
 * /plans/cart on screen (issue 9; spec 1, 3, 5): the cart as the orders service answers
 * it. Quantities, removals, add-ons and the payment mode are each a form with one
 * intent; a refusal shows the server's message beside its form. The totals are the
 * server's, only formatted here (docs/decisions/0025): nothing is computed in the browser.
 */
import { Form } from 'react-router'
import type { Cart } from '~/features/cart/cart.server'
import type { Product } from '~/upstream/catalog.server'
import { AppLink } from '~/ui/app-link'
import { Button, ButtonLink } from '~/ui/button'
import { useIsPending } from '~/utils/use-is-pending'
import { formatPesos } from '../../../lib/pesos'
import { AddOnPrice } from './plan-page'
import { FormMessage } from './plan-parts'
import { PlansHeading } from './plans-page'
import { addOnsToOffer, offeredPaymentModes, PLANS_PATH, planPath } from './plans'
import type { PlansActionData } from './plans.server'
import { PLANS_TEXT as TEXT } from './texts'

type Item = Cart['cartItems'][number]

function ItemRow({
  item,
  actionData,
  linkPlan,
}: {
  item: Item
  actionData: PlansActionData | undefined
  linkPlan: boolean
}) {
  const busy = useIsPending()
  const plan = item.productType === 'MAINLINE'
  const typed = actionData?.target === item.productCode ? actionData.quantity : undefined
  return (
    <li className="flex flex-col gap-2 border-b border-slate-200 py-3 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">
          {plan && linkPlan ? (
            <AppLink to={planPath(item.productCode)} className="underline">
              {item.name}
            </AppLink>
          ) : (
            item.name
          )}
        </span>
        <span className="text-sm">
          {TEXT.monthly}: {formatPesos(item.monthlyFee)} · {TEXT.oneTime}: {formatPesos(item.installationFee)}
        </span>
      </div>
      <FormMessage actionData={actionData} target={item.productCode} />
      {plan ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="productCode" value={item.productCode} />
            <label className="flex flex-col text-sm">
              {TEXT.quantityFor(item.name)}
              <input
                type="number"
                name="quantity"
                min={1}
                defaultValue={typed ?? item.quantity}
                key={`${item.quantity}-${typed ?? ''}`}
                className="w-24 rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
            <Button type="submit" name="intent" value="set-quantity" variant="secondary" disabled={busy}>
              {TEXT.update}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="productCode" value={item.productCode} />
            <Button
              type="submit"
              name="intent"
              value="remove-item"
              variant="ghost"
              disabled={busy}
              aria-label={TEXT.removeLabel(item.name)}
            >
              {TEXT.remove}
            </Button>
          </Form>
        </div>
      )}
    </li>
  )
}

function AddOnForms({ addOns, actionData }: { addOns: Product[]; actionData: PlansActionData | undefined }) {
  const busy = useIsPending()
  if (!addOns.length) return null
  return (
    <section aria-labelledby="offered-heading" className="flex flex-col gap-2">
      <h2 id="offered-heading" className="text-xl font-bold">
        {TEXT.offeredAddOns}
      </h2>
      <ul className="flex flex-col gap-2">
        {addOns.map((addOn) => (
          <li key={addOn.code} className="flex flex-col gap-1">
            <FormMessage actionData={actionData} target={addOn.code} />
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="productCode" value={addOn.code} />
              <span>
                <span className="font-semibold">{addOn.name}</span>: <AddOnPrice addOn={addOn} />
              </span>
              <Button
                type="submit"
                name="intent"
                value="add-item"
                variant="secondary"
                disabled={busy}
                aria-label={TEXT.addLabel(addOn.name)}
              >
                {TEXT.addAddOn}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * One of the cart's choices, posted with its own intent (the payment mode, how what is due
 * upfront is paid): a heading, what is chosen now, the options as radios and a button.
 */
function CartChoiceForm<T extends string>(props: {
  id: string
  heading: string
  status: string
  intro?: string
  intent: string
  name: string
  options: readonly T[]
  labels: Record<T, string>
  chosen: T | null
  submit: string
  actionData: PlansActionData | undefined
}) {
  const busy = useIsPending()
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-2">
      <h2 id={props.id} className="text-xl font-bold">
        {props.heading}
      </h2>
      {props.intro ? <p>{props.intro}</p> : null}
      <p>{props.status}</p>
      <FormMessage actionData={props.actionData} target={props.intent} />
      <Form method="post" className="flex flex-col gap-2" key={props.chosen ?? 'none'}>
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{props.heading}</legend>
          {props.options.map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input type="radio" name={props.name} value={option} defaultChecked={props.chosen === option} required />
              {props.labels[option]}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" name="intent" value={props.intent} disabled={busy}>
            {props.submit}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function PaymentModeForm({ cart, actionData }: { cart: Cart; actionData: PlansActionData | undefined }) {
  const chosen = cart.upfrontFeePaymentOption
  return (
    <CartChoiceForm
      id="payment-heading"
      heading={TEXT.paymentHeading}
      status={chosen ? TEXT.paymentChosen(TEXT.paymentModes[chosen]) : TEXT.paymentNotChosen}
      intent="payment-mode"
      name="upfrontFeePaymentOption"
      options={offeredPaymentModes(cart.paymentModes)}
      labels={TEXT.paymentModes}
      chosen={chosen}
      submit={TEXT.choosePayment}
      actionData={actionData}
    />
  )
}

// lib/catalog.ts's UPFRONT_PAYMENTS, without bringing its zod into the page's JS.
const UPFRONT_CHOICES = ['FIRST_BILL', 'INSTALLER'] as const

/** Issue 33: what is due upfront, with the first bill or in cash to the installer (spec 9's Pay via installer). */
function UpfrontPaymentForm({ cart, actionData }: { cart: Cart; actionData: PlansActionData | undefined }) {
  return (
    <CartChoiceForm
      id="upfront-heading"
      heading={TEXT.upfrontHeading}
      intro={TEXT.upfrontIntro(formatPesos(cart.totals.dueUpfront))}
      status={TEXT.upfrontChosen(TEXT.upfrontPayments[cart.upfrontPayment])}
      intent="upfront-payment"
      name="upfrontPayment"
      options={UPFRONT_CHOICES}
      labels={TEXT.upfrontPayments}
      chosen={cart.upfrontPayment}
      submit={TEXT.chooseUpfront}
      actionData={actionData}
    />
  )
}

function Totals({ totals }: { totals: Cart['totals'] }) {
  const rows = (
    [
      'monthlyRecurringFee',
      'installationFee',
      'totalInstallationFee',
      'dueUpfront',
      'dueAtInstallation',
      'promoDiscount',
      'firstBill',
    ] as const
  ).filter((row) => (row !== 'dueAtInstallation' && row !== 'promoDiscount') || totals[row] > 0)
  return (
    <section aria-labelledby="totals-heading" className="flex flex-col gap-2">
      <h2 id="totals-heading" className="text-xl font-bold">
        {TEXT.totalsHeading}
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map((row) => (
          <div key={row} className="contents">
            <dt>{TEXT.totals[row]}</dt>
            <dd className="text-right font-semibold" data-total={row}>
              {row === 'promoDiscount' ? `−${formatPesos(totals[row])}` : formatPesos(totals[row])}
            </dd>
          </div>
        ))}
      </dl>
      {totals.instalments ? (
        <p className="text-sm">
          {TEXT.instalments(
            totals.instalments.months,
            formatPesos(totals.instalments.amount),
            formatPesos(totals.instalments.lastAmount),
          )}
        </p>
      ) : null}
    </section>
  )
}

/**
 * The cart's items, the add-ons offered, the payment mode and the totals: every form posts
 * to the page it is on. `linkPlan`: the plan's name links to its page (not in the sales
 * area, where agents never see /plans).
 */
export function CartDetails({
  cart,
  addOns,
  actionData,
  linkPlan = true,
}: {
  cart: Cart
  addOns: Product[]
  actionData: PlansActionData | undefined
  linkPlan?: boolean
}) {
  return (
    <>
      <ul aria-label={TEXT.cartTitle}>
        {cart.cartItems.map((item) => (
          <ItemRow key={item.productCode} item={item} actionData={actionData} linkPlan={linkPlan} />
        ))}
      </ul>
      <AddOnForms addOns={addOnsToOffer(addOns, cart.cartItems)} actionData={actionData} />
      <PaymentModeForm cart={cart} actionData={actionData} />
      {cart.totals.dueUpfront > 0 ? <UpfrontPaymentForm cart={cart} actionData={actionData} /> : null}
      <Totals totals={cart.totals} />
    </>
  )
}

export function CartPage({
  cart,
  addOns,
  applyHref,
  actionData,
}: {
  cart: Cart | null
  addOns: Product[]
  /** The application wizard's first page for the draft's category. */
  applyHref: string | null
  actionData: PlansActionData | undefined
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <PlansHeading>{TEXT.cartTitle}</PlansHeading>
      {cart ? (
        <>
          <CartDetails cart={cart} addOns={addOns} actionData={actionData} />
          {applyHref ? (
            <p>
              <ButtonLink to={applyHref}>{TEXT.applyNow}</ButtonLink>
            </p>
          ) : null}
          <p className="text-sm">
            {TEXT.expires}{' '}
            <AppLink to={PLANS_PATH} className="underline">
              {TEXT.browsePlans}
            </AppLink>
          </p>
        </>
      ) : (
        <>
          <p>{TEXT.emptyCart}</p>
          <p>
            <ButtonLink to={PLANS_PATH}>{TEXT.browsePlans}</ButtonLink>
          </p>
        </>
      )}
    </div>
  )
}
