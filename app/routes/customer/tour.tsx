/**
 * /customer/tour (issue 11 item 8): the guided tour as a plain page, its action (the
 * displayCoachmarks flag, through the attributes call), and ?step=N, where the coachmarks
 * continue after a Next that changes page.
 */
import {
  type ActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
} from 'react-router'
import { ROLE } from '~/auth/roles'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import { pageOfStep, TOUR_STEPS } from '~/features/tour/steps'
import { tourAction, tourStepRedirect } from '~/features/tour/tour.server'
import { TourPage } from '~/features/tour/tour-page'
import { runTour } from '~/features/tour/tour-runner'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'A tour of your account', 'The guided tour as a page.'),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { claims } = await visitOf(request, context).signedIn({ roles: [ROLE.customer] })
  const next = tourStepRedirect(request, claims)
  if (next) throw next
  const account = defaultAccountNumber(claims.accountNumber ?? [], claims.activeAccountNumber) ?? ''
  return { points: TOUR_STEPS.map((step, index) => ({ ...step, page: pageOfStep(index, account) })) }
}

/**
 * TourHost's fetcher asks for ?coachmarks: the coachmarks' code, which lives in this route's
 * chunk (docs/decisions/0040), handed over in memory without a server call. Anything else is
 * the page's own data.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  if (new URL(request.url).searchParams.has('coachmarks')) return { runTour }
  return serverLoader<typeof loader>()
}

export async function action({ request, context }: ActionFunctionArgs) {
  return tourAction(visitOf(request, context), await readForm(request))
}

export default function TourRoute() {
  const { points } = useLoaderData<typeof loader>()
  return <TourPage points={points} />
}
