/**
 * DEMO DATA: a simulated modem for each demo fibre account (services/accounts/seed.ts) and
 * one open outage, in the area of account 1000000000001, so the dashboard shows both states
 * across CARLOS REYES's two accounts (his active one, 002, has none). Inserted only where missing.
 */
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { startOutage } from './outages.ts'
import { outages, simulatedModems } from './tables.ts'

export const DEMO_MODEMS = [
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C301',
    accountNumber: '1000000000001',
    signalBaseDbm: -21,
    temperatureBaseC: 46,
    seed: 101,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C302',
    accountNumber: '1000000000002',
    signalBaseDbm: -19.5,
    temperatureBaseC: 44,
    seed: 202,
  },
  // A long drop: the level sits near the weak band.
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C303',
    accountNumber: '1000000000003',
    signalBaseDbm: -25.2,
    temperatureBaseC: 48,
    seed: 303,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C304',
    accountNumber: '1000000000004',
    signalBaseDbm: -27.4,
    temperatureBaseC: 51,
    seed: 404,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C305',
    accountNumber: '1000000000005',
    signalBaseDbm: -20.3,
    temperatureBaseC: 45,
    seed: 505,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C306',
    accountNumber: '1000000000006',
    signalBaseDbm: -22.1,
    temperatureBaseC: 47,
    seed: 606,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C307',
    accountNumber: '1000000000007',
    signalBaseDbm: -20.8,
    temperatureBaseC: 45,
    seed: 707,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C308',
    accountNumber: '1000000000008',
    signalBaseDbm: -21.6,
    temperatureBaseC: 46,
    seed: 808,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C309',
    accountNumber: '1000000000009',
    signalBaseDbm: -23.0,
    temperatureBaseC: 47,
    seed: 909,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C310',
    accountNumber: '1000000000010',
    signalBaseDbm: -19.9,
    temperatureBaseC: 44,
    seed: 1010,
  },
] as const

export const DEMO_OUTAGE = {
  areaCode: 'PSG-SANANTONIO',
  cause: 'A fibre cable was cut during road works on Mabini Street. Our crew is splicing it.',
} as const

const DAY_MS = 24 * 3_600_000

export async function seedDevices(db: Database, now: Date = new Date()): Promise<Record<string, number>> {
  const added = await db
    .insert(simulatedModems)
    .values(DEMO_MODEMS.map((modem) => ({ ...modem, model: 'HG8145V5', demo: true })))
    .onConflictDoNothing()
    .returning({ deviceId: simulatedModems.deviceId })
  const [existing] = await db
    .select({ id: outages.id })
    .from(outages)
    .where(and(eq(outages.areaCode, DEMO_OUTAGE.areaCode), eq(outages.demo, true)))
    .limit(1)
  if (!existing) {
    // Begun an hour before the seed; back, the crew estimates, in three days.
    await startOutage(db, {
      ...DEMO_OUTAGE,
      startedAt: new Date(now.getTime() - DAY_MS / 24),
      estimatedRestoreAt: new Date(now.getTime() + 3 * DAY_MS),
      demo: true,
    })
  }
  return { demoModems: added.length, demoOutages: existing ? 0 : 1 }
}
