/**
 * /plans/recommend?region=&devices=&usage=&timeOfDay= (issue 9; spec 1, 7): the
 * recommendation questionnaire, a GET form so its answers are a URL to share, and the
 * plans that fit with the reasons why.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { PlansUnavailablePage } from '~/features/plans/plans-page'
import { RecommendPage } from '~/features/plans/recommend-page'
import { plansAction, recommendView, type PlansActionData } from '~/features/plans/plans.server'
import { RECOMMEND_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, RECOMMEND_TEXT.title, RECOMMEND_TEXT.description)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return recommendView(visitOf(request, context), new URL(request.url))
}

// "Choose this plan" beside a recommendation posts here; a refusal comes back to these answers.
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  return plansAction(visitOf(request, context), await readForm(request), url.pathname + url.search)
}

export default function PlansRecommend() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  if (view.status === 'unavailable') return <PlansUnavailablePage title={RECOMMEND_TEXT.title} />
  return <RecommendPage {...view} actionData={actionData} />
}
