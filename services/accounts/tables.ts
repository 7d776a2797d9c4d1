import { boolean, char, index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const accountsSchema = pgSchema('accounts')

/** The ISP's subscriber accounts (the billing system's view), keyed by the 13-digit account number. */
export const subscriberAccounts = accountsSchema.table('subscriber_accounts', {
  accountNumber: char('account_number', { length: 13 }).primaryKey(),
  // 'fibre' for the product this portal sells; older products stay in the registry but cannot be linked.
  product: text('product').notNull(),
  status: text('status', { enum: ['active', 'suspended', 'disconnected'] }).notNull(),
  holderName: text('holder_name').notNull(),
  serviceAddress: text('service_address').notNull(),
  // The account holder's registered contact, where ownership-proof codes go (services/otp).
  // Either may be missing; an account with neither cannot be proven (and so not linked).
  registeredEmail: text('registered_email'),
  // 10 digits, national format without the leading 0 or +63 (as lib/identity-schemas.ts stores mobiles).
  registeredMobile: text('registered_mobile'),
  // Seeded demonstration data, so an operator can find and remove it.
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What each account subscribes to (spec 7, account details; /account/subscription): the
 * plan, its speed and the network area the service address hangs off (where outages are
 * reported, services/devices). One row per account; the billing system's view.
 */
export const subscriptions = accountsSchema.table(
  'subscriptions',
  {
    accountNumber: char('account_number', { length: 13 }).primaryKey(),
    planName: text('plan_name').notNull(),
    speedMbps: integer('speed_mbps').notNull(),
    monthlyFee: integer('monthly_fee').notNull(),
    // The network area (a NAP cluster) serving the address, e.g. 'PSG-SANANTONIO'.
    areaCode: text('area_code').notNull(),
    areaName: text('area_name').notNull(),
    // The service address's barangay, by PSGC code (services/address): where incidents reach the
    // account (services/incidents; issue 37). Null for an account whose address was never placed.
    barangayCode: text('barangay_code'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
  },
  (table) => [index('subscriptions_barangay_idx').on(table.barangayCode)],
)
