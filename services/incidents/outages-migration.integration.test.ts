/**
 * Migrations 0040 and 0041 (docs/decisions/0075) on a database that has devices outages: each
 * becomes an incident with its id, cause and times, covering the barangays of the
 * subscriptions in its network area (the demo subscriptions placed first), opened by
 * 'migration' in the audit; an outage whose area no placed subscription names keeps no area;
 * the old table is gone. On PGlite, and on Postgres with TEST_DB=postgres.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { subscriptions } from '../accounts/tables.ts'
import { migrationsBefore, migrationsFolder, openEmpty, type Migrate } from '../testing-migrations.ts'
import { incidentAreas, incidentAudit, incidents } from './tables.ts'

let db: Database
let migrateTo: Migrate
let close: () => Promise<void>
let before: string

beforeAll(async () => {
  const opened = await openEmpty()
  ;({ db, close } = opened)
  migrateTo = opened.migrate
  before = migrationsBefore('0040_outages_to_incidents')
  await migrateTo(before)
})
afterAll(async () => {
  await close?.()
  if (before) fs.rmSync(before, { recursive: true, force: true })
})

const ids = { demo: crypto.randomUUID(), placed: crypto.randomUUID(), nowhere: crypto.randomUUID() }

it('turns every devices outage into an incident over its area’s barangays, and drops the table', async () => {
  await db.execute(sql`
    INSERT INTO "accounts"."subscriptions" ("account_number", "plan_name", "speed_mbps", "monthly_fee", "area_code", "area_name", "barangay_code", "activated_at", "demo")
    VALUES
      ('1000000000001', 'Fiber Plan 1299', 100, 1299, 'PSG-SANANTONIO', 'Barangay San Antonio, Pasig City', NULL, '2024-03-01T00:00:00Z', true),
      ('3000000000001', 'Fiber Plan 888', 50, 888, 'PSG-UGONG', 'Ugong, Pasig City', '81200029', '2024-03-01T00:00:00Z', false),
      ('3000000000002', 'Fiber Plan 888', 50, 888, 'PSG-UGONG', 'Ugong, Pasig City', '81200029', '2024-03-01T00:00:00Z', false)`)
  await db.execute(sql`
    INSERT INTO "devices"."outages" ("id", "area_code", "cause", "started_at", "estimated_restore_at", "resolved_at", "demo")
    VALUES
      (${ids.demo}, 'PSG-SANANTONIO', 'A fibre cable was cut.', '2026-11-28T01:00:00Z', '2026-12-01T01:00:00Z', NULL, true),
      (${ids.placed}, 'PSG-UGONG', 'A card failed.', '2026-11-20T01:00:00Z', NULL, '2026-11-20T05:00:00Z', false),
      (${ids.nowhere}, 'NOWHERE', 'Somewhere unplaced.', '2026-11-21T01:00:00Z', NULL, NULL, false)`)

  await migrateTo(migrationsFolder)

  const rows = await db.select().from(incidents).orderBy(asc(incidents.startedAt))
  expect(rows.map((row) => [row.id, row.kind, row.cause, row.demo, row.exclusion, row.openedBy])).toEqual([
    [ids.placed, 'outage', 'A card failed.', false, 'none', 'migration'],
    [ids.nowhere, 'outage', 'Somewhere unplaced.', false, 'none', 'migration'],
    [ids.demo, 'outage', 'A fibre cable was cut.', true, 'none', 'migration'],
  ])
  const demo = rows.find((row) => row.id === ids.demo)!
  expect(demo.startedAt.toISOString()).toBe('2026-11-28T01:00:00.000Z')
  expect(demo.estimatedRestoreAt?.toISOString()).toBe('2026-12-01T01:00:00.000Z')
  expect(rows.find((row) => row.id === ids.placed)!.resolvedAt?.toISOString()).toBe('2026-11-20T05:00:00.000Z')

  const areas = await db.select().from(incidentAreas)
  const areaOf = (id: string) => areas.filter((area) => area.incidentId === id).map((area) => area.psgcCode)
  expect(areaOf(ids.demo)).toEqual(['81200019'])
  expect(areaOf(ids.placed)).toEqual(['81200029'])
  expect(areaOf(ids.nowhere)).toEqual([])

  const [placed] = await db
    .select({ barangayCode: subscriptions.barangayCode })
    .from(subscriptions)
    .where(eq(subscriptions.accountNumber, '1000000000001'))
  expect(placed!.barangayCode).toBe('81200019')

  const audit = await db.select().from(incidentAudit)
  expect(audit.map((row) => [row.incidentId, row.action, row.actor]).sort()).toEqual(
    [ids.demo, ids.placed, ids.nowhere].map((id) => [id, 'open', 'migration']).sort(),
  )
  const left = await db.execute(sql`SELECT to_regclass('devices.outages') AS "table"`)
  expect((left as unknown as { rows: { table: string | null }[] }).rows[0]!.table).toBeNull()
})
