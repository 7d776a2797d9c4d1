/**
 * /plans/cart (issue 9): the visitor's cart, from the orders service through their draft.
 * Personal to the draft cookie: never cached.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { CartPage } from '~/features/plans/cart-page'
import { PlansUnavailable } from '~/features/plans/plan-parts'
import { CART_PATH } from '~/features/plans/plans'
import { PlansHeading } from '~/features/plans/plans-page'
import { cartView, plansAction, type PlansActionData } from '~/features/plans/plans.server'
import { PLANS_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PLANS_TEXT.cartTitle, PLANS_TEXT.cartDescription)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return cartView(request, context)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return plansAction(request, context, CART_PATH)
}

export default function PlansCart() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  const location = useLocation()
  if (view.status === 'unavailable') {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <PlansHeading>{PLANS_TEXT.cartTitle}</PlansHeading>
        <PlansUnavailable here={location.pathname + location.search} />
      </div>
    )
  }
  return <CartPage {...view} actionData={actionData} />
}
