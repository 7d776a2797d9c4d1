/**
 * DEMO DATA (issue 11, moved here by issue 37): one outage under way in the barangay of
 * account 1000000000001 (San Antonio, City of Pasig), so the dashboard shows both states across
 * CARLOS REYES's two accounts (his active one, 002, lies in another barangay), and the operator
 * has an incident to run. Inserted only where missing: a database whose devices outage became
 * an incident (migration 0038) keeps that one.
 */
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { openIncident } from './service.ts'
import { incidents } from './tables.ts'

export const DEMO_OUTAGE = {
  barangayCode: '81200019',
  cause: 'A fibre cable was cut during road works on Mabini Street. Our crew is splicing it.',
} as const

const HOUR_MS = 3_600_000

export async function seedDemoIncidents(db: Database, now: Date = new Date()): Promise<Record<string, number>> {
  const [existing] = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(eq(incidents.cause, DEMO_OUTAGE.cause), eq(incidents.demo, true)))
    .limit(1)
  if (existing) return { demoIncidents: 0 }
  // Begun an hour before the seed; back, the crew estimates, in three days.
  await openIncident(
    db,
    {
      kind: 'outage',
      cause: DEMO_OUTAGE.cause,
      areas: { barangays: [DEMO_OUTAGE.barangayCode], municipalities: [] },
      startedAt: new Date(now.getTime() - HOUR_MS),
      estimatedRestoreAt: new Date(now.getTime() + 72 * HOUR_MS),
      demo: true,
    },
    'seed',
    now,
  )
  return { demoIncidents: 1 }
}
