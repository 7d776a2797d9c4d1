import { boolean, char, index, integer, pgSchema, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const devicesSchema = pgSchema('devices')

/**
 * The simulated driver's modems (DEVICES_DRIVER=simulated; docs/architecture.md, Devices):
 * what an ACS would know of each customer's ONT. Its readings are computed from `seed` and
 * the time (simulated.ts), so every process answers the same and nothing lives in memory.
 * With DEVICES_DRIVER=genieacs the ACS is the inventory and this table is not read.
 */
export const simulatedModems = devicesSchema.table('simulated_modems', {
  deviceId: text('device_id').primaryKey(),
  accountNumber: char('account_number', { length: 13 }).notNull().unique(),
  model: text('model').notNull(),
  // The optical level the line settles around (dBm) and the usual temperature (°C).
  signalBaseDbm: real('signal_base_dbm').notNull(),
  temperatureBaseC: real('temperature_base_c').notNull(),
  seed: integer('seed').notNull(),
  demo: boolean('demo').notNull().default(false),
})

/**
 * Every restart asked for (spec 7, restart). A restart takes minutes and may fail, so the
 * row is the honest record: requested, then done or failed once the driver can tell.
 */
export const modemRestarts = devicesSchema.table(
  'restarts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id').notNull(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    // The token's subject who asked (for the record; never shown to others).
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    // The ACS's task id (GenieACS), null for the simulated driver.
    taskId: text('task_id'),
    state: text('state', { enum: ['requested', 'done', 'failed'] }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('restarts_device_idx').on(table.deviceId, table.requestedAt)],
)

/**
 * Readings kept for the signal chart when the ACS keeps no history (GenieACS stores only the
 * latest values): at most one an hour per device, written when the modem is read.
 */
export const signalSamples = devicesSchema.table(
  'signal_samples',
  {
    deviceId: text('device_id').notNull(),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    online: boolean('online').notNull(),
    signalDbm: real('signal_dbm'),
    temperatureC: real('temperature_c'),
  },
  (table) => [index('signal_samples_device_idx').on(table.deviceId, table.sampledAt)],
)

/**
 * Network outages by area (spec 7, outage status): what is down, why, and when it should
 * be back. An account's area is its subscription's (services/accounts). Open while
 * `resolvedAt` is null.
 */
export const outages = devicesSchema.table(
  'outages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    areaCode: text('area_code').notNull(),
    cause: text('cause').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    estimatedRestoreAt: timestamp('estimated_restore_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    demo: boolean('demo').notNull().default(false),
  },
  (table) => [index('outages_area_idx').on(table.areaCode)],
)
