/**
 * The one question the "no internet" report asks of incidents: does one cover this account's
 * area now? Asked here only, so pointing it at another incidents service is one change
 * (issue 37: incidents that operators run replace services/devices/outages.ts).
 */
import { findSubscription } from '../accounts/registry.ts'
import type { Executor } from '../db/client.ts'
import { openOutage } from '../devices/outages.ts'

export async function incidentCoversAccount(db: Executor, accountNumber: string, now: Date): Promise<boolean> {
  const subscription = await findSubscription(db, accountNumber)
  if (!subscription) return false
  return (await openOutage(db, subscription.areaCode, now)) !== null
}
