/**
 * The one question the "no internet" report asks of incidents: does one under way reach this
 * account's service address now (issue 37: incidents that operators run, services/incidents)?
 * Asked here only.
 */
import type { Executor } from '../db/client.ts'
import { incidentsAffectingAccount } from '../incidents/service.ts'

export async function incidentCoversAccount(db: Executor, accountNumber: string, now: Date): Promise<boolean> {
  return (await incidentsAffectingAccount(db, accountNumber, now)).length > 0
}
