/**
 * /referral/leave?to= (spec 2, 4): where the header logo leads during a referral. The referee
 * and their address leave the draft, then the visitor goes home (one of the homes only).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { endReferral } from '~/features/referrals/referrals.server'
import { leaveDestination } from '~/utils/referral-flow'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await endReferral(visitOf(request, context))
  return redirect(leaveDestination(new URL(request.url).searchParams.get('to')))
}
