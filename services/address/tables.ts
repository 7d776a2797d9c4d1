/**
 * The Philippine address list (PSGC) as the address service serves it. Codes are the
 * PSGC's own hierarchical identifiers: region RR, province PPP, city/municipality PPPMM,
 * barangay PPPMMBBB (see seed.ts for how cities without a province are placed).
 * Foreign keys hold every row under an existing parent. Parent codes are denormalised onto each row: the list is reference data loaded once,
 * and every answer can then name its region, province and city without a join.
 */
import { boolean, index, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const addressSchema = pgSchema('address')

export const regions = addressSchema.table('regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
})

export const provinces = addressSchema.table(
  'provinces',
  {
    code: text('code').primaryKey(),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('provinces_region_idx').on(table.regionCode)],
)

export const municipalities = addressSchema.table(
  'municipalities',
  {
    code: text('code').primaryKey(),
    provinceCode: text('province_code')
      .notNull()
      .references(() => provinces.code),
    // The municipality's own region, which for a few places differs from its province's.
    regionCode: text('region_code').notNull(),
    // Set on Manila's sub-municipalities (Binondo, Tondo I/II, …): the city they belong to.
    parentCode: text('parent_code'),
    name: text('name').notNull(),
    zipCode: text('zip_code'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [
    index('municipalities_province_idx').on(table.provinceCode),
    index('municipalities_parent_idx').on(table.parentCode),
  ],
)

export const barangays = addressSchema.table(
  'barangays',
  {
    code: text('code').primaryKey(),
    municipalityCode: text('municipality_code')
      .notNull()
      .references(() => municipalities.code),
    provinceCode: text('province_code').notNull(),
    regionCode: text('region_code').notNull(),
    name: text('name').notNull(),
    zipCode: text('zip_code'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('barangays_municipality_idx').on(table.municipalityCode)],
)

/**
 * The outside geocoder's answers (GEOCODER_URL; docs/decisions/0073), shared by every copy.
 * Keyed by a SHA-256 of the normalised query, so no address typed by a visitor is kept as
 * text; the results are public map data. Rows older than GEOCODER_CACHE_SECONDS are not
 * used and are deleted as new answers come in, and at most GEOCODER_CACHE_MAX_ENTRIES are kept.
 */
export const geocoderAnswers = addressSchema.table(
  'geocoder_answers',
  {
    queryHash: text('query_hash').primaryKey(),
    results: jsonb('results').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('geocoder_answers_fetched_idx').on(table.fetchedAt)],
)
