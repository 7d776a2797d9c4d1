/**
 * The stores service's data (issue 16): the operator's business centres, payment centres
 * and authorized outlets, as its store list describes them (npm run import:stores), or the
 * seed's demo stores.
 *
 * The PSGC codes above the barangay are copied from the address service at import time
 * (through its functions, not a foreign key into its schema), so the locator filters by
 * province without asking it; the names are looked up when answering.
 */
import { boolean, doublePrecision, index, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'
import { STORE_PAYMENT_CHANNELS, STORE_SERVICES, STORE_TYPES } from '../../lib/stores.ts'

export const storesSchema = pgSchema('stores')

export const stores = storesSchema.table(
  'stores',
  {
    // The operator's own id ('MNL-BC-001'): an import updates the store that has it.
    id: text('id').primaryKey(),
    type: text('type', { enum: STORE_TYPES }).notNull(),
    name: text('name').notNull(),
    // Street and building; the barangay and above come from the codes.
    addressLine: text('address_line').notNull(),
    barangayCode: text('barangay_code').notNull(),
    municipalityCode: text('municipality_code').notNull(),
    provinceCode: text('province_code').notNull(),
    regionCode: text('region_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // As lib/stores.ts reads and writes them: 'Mon-Fri 08:00-17:00; Sat 08:00-12:00'.
    hours: text('hours').notNull(),
    services: text('services', { enum: STORE_SERVICES }).array().notNull(),
    paymentChannels: text('payment_channels', { enum: STORE_PAYMENT_CHANNELS }).array().notNull(),
    phone: text('phone'),
    // A seeded demo store, not one of the operator's (an import --replace removes them).
    demo: boolean('demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stores_type_province_idx').on(t.type, t.provinceCode)],
)
