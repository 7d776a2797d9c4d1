/**
 * /plans/cart (issue 9): the visitor's cart, from the orders service through their draft.
 * Personal to the draft cookie: never cached.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { CartPage } from '~/features/plans/cart-page'
import { CART_PATH } from '~/features/plans/plans'
import { PlansUnavailablePage } from '~/features/plans/plans-page'
import { cartView, plansAction, type PlansActionData } from '~/features/plans/plans.server'
import { PLANS_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PLANS_TEXT.cartTitle, PLANS_TEXT.cartDescription)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context }: LoaderFunctionArgs) {
  return cartView(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return plansAction(visitOf(request, context), await readForm(request), CART_PATH)
}

export default function PlansCart() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  if (view.status === 'unavailable') return <PlansUnavailablePage title={PLANS_TEXT.cartTitle} />
  return <CartPage {...view} actionData={actionData} />
}
