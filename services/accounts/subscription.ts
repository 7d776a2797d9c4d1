/**
 * spec 7, account details, as the signed-in user: plan, speed, status and service address of
 * one of the caller's accounts; any other account number is refused (docs/security.md, Access
 * control). Answered alone (subscription-routes.ts) and as a part of the dashboard's one call
 * (services/dashboard).
 */
import { requireOwnAccount, type Caller } from '../bearer.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { findSubscriberAccount, findSubscription } from './registry.ts'

export async function subscriptionOf(db: Executor, caller: Caller, accountNumber: string) {
  requireOwnAccount(caller, accountNumber)
  const [account, subscription] = await Promise.all([
    findSubscriberAccount(db, accountNumber),
    findSubscription(db, accountNumber),
  ])
  if (!account || !subscription)
    throw new ServiceError(404, 'no_subscription', 'No subscription is on record for this account.')
  return {
    accountNumber,
    planName: subscription.planName,
    speedMbps: subscription.speedMbps,
    monthlyFee: subscription.monthlyFee,
    status: account.status,
    serviceAddress: account.serviceAddress,
    areaName: subscription.areaName,
    activatedAt: subscription.activatedAt.toISOString(),
  }
}
