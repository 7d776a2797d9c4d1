import { boolean, char, index, integer, pgSchema, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { WIFI_FAILURE_REASONS, WIFI_SECURITY_MODES } from '../../lib/wifi.ts'

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
  // DEMO: when the modem stopped reporting for a reason of its own (a bent drop cable, a dead
  // power adapter: no outage covers it), so "no internet" can be reported (issue 37, item 6).
  // Null: it reports while its line and its area allow.
  silentSince: timestamp('silent_since', { withTimezone: true }),
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
 * The simulated modems' Wi-Fi networks (issue 18): what the modem itself holds, passphrase
 * included (the only place the service keeps one; a real modem keeps its own). One row per
 * band, or one row listing both bands for a band-steered network.
 */
export const simulatedWifiNetworks = devicesSchema.table(
  'simulated_wifi_networks',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => simulatedModems.deviceId, { onDelete: 'cascade' }),
    networkId: text('network_id').notNull(),
    bands: text('bands').array().notNull(),
    ssid: text('ssid').notNull(),
    passphrase: text('passphrase').notNull(),
    security: text('security', { enum: WIFI_SECURITY_MODES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.networkId] })],
)

/** The simulated modems' host tables: the phones, TVs and laptops connected to each. */
export const simulatedWifiHosts = devicesSchema.table(
  'simulated_wifi_hosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id')
      .notNull()
      .references(() => simulatedModems.deviceId, { onDelete: 'cascade' }),
    // The host name the device gave (DHCP option 12), if any.
    name: text('name'),
    // The network it joined; null: a LAN cable.
    networkId: text('network_id'),
    // The band it uses, when its network is steered across both.
    band: text('band'),
    signalDbm: real('signal_dbm'),
    connectedSince: timestamp('connected_since', { withTimezone: true }).notNull(),
  },
  (table) => [index('simulated_wifi_hosts_device_idx').on(table.deviceId)],
)

/**
 * Wi-Fi changes a simulated modem was asked to take and has not yet (its task queue). The
 * passphrase waits here until the change applies or fails, then is cleared: it lives on
 * only in the network row.
 */
export const simulatedWifiChanges = devicesSchema.table(
  'simulated_wifi_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id')
      .notNull()
      .references(() => simulatedModems.deviceId, { onDelete: 'cascade' }),
    networkIds: text('network_ids').array().notNull(),
    ssid: text('ssid'),
    passphrase: text('passphrase'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['pending', 'applied', 'failed'] }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('simulated_wifi_changes_device_idx').on(table.deviceId, table.requestedAt)],
)

/**
 * Every Wi-Fi change a customer asked for (issue 18; docs/security.md, Access control): who,
 * when, through which channel, which bands, what changed (the name, the passphrase: never
 * its value) and how it ended. Requested until the driver can tell done or failed. The
 * hourly limit per account counts these rows.
 */
export const wifiChanges = devicesSchema.table(
  'wifi_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id').notNull(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    // The token's subject who asked, and the signed request's channel name.
    requestedBy: text('requested_by').notNull(),
    channel: text('channel').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    bands: text('bands').array().notNull(),
    networkIds: text('network_ids').array().notNull(),
    changedName: boolean('changed_name').notNull(),
    changedPassphrase: boolean('changed_passphrase').notNull(),
    // The ACS's task id (GenieACS) or the simulated modem's queue entry.
    taskId: text('task_id'),
    state: text('state', { enum: ['requested', 'done', 'failed'] }).notNull(),
    reason: text('reason', { enum: WIFI_FAILURE_REASONS }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // When the "your Wi-Fi settings were changed" email was queued (null: not, or no address on record).
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    index('wifi_changes_account_idx').on(table.accountNumber, table.requestedAt),
    index('wifi_changes_device_idx').on(table.deviceId, table.requestedAt),
  ],
)

/**
 * Attempts to show a Wi-Fi passphrase with a wrong portal password, per user (the token's
 * subject), for the lock-out: a row is written before the password is checked and removed
 * when it was right, so parallel guesses cannot slip past the count.
 */
export const wifiRevealAttempts = devicesSchema.table(
  'wifi_reveal_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('wifi_reveal_attempts_user_idx').on(table.userId, table.attemptedAt)],
)
