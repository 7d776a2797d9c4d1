import { index, integer, pgSchema, text } from 'drizzle-orm/pg-core'

export const addressSchema = pgSchema('address')

export const regions = addressSchema.table('regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
})

export const provinces = addressSchema.table(
  'provinces',
  {
    code: text('code').primaryKey(),
    regionCode: text('region_code').notNull(),
    name: text('name').notNull(),
  },
  (table) => [index('provinces_region_idx').on(table.regionCode)],
)

export const municipalities = addressSchema.table(
  'municipalities',
  {
    code: text('code').primaryKey(),
    provinceCode: text('province_code').notNull(),
    regionCode: text('region_code').notNull(),
    name: text('name').notNull(),
    zipCode: text('zip_code'),
  },
  (table) => [index('municipalities_province_idx').on(table.provinceCode)],
)

export const barangays = addressSchema.table(
  'barangays',
  {
    code: text('code').primaryKey(),
    municipalityCode: text('municipality_code').notNull(),
    name: text('name').notNull(),
    zipCode: text('zip_code'),
    sortOrder: integer('sort_order'),
  },
  (table) => [index('barangays_municipality_idx').on(table.municipalityCode)],
)
