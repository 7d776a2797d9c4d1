/**
 * Seed data for an empty database: the real PSGC address list, CMS content (legal
 * texts, banners, footers, landing image, the help centre), the support ticket types, the demo plan line-up, town centres and, when `demo` is set,
 * a demo coverage network, demo stores, demo subscriber accounts, demo users with published passwords and their referrals. Every step is idempotent: running
 * the seed again changes nothing.
 */
import { seedAccounts } from '../accounts/seed.ts'
import { seedAddress } from '../address/seed.ts'
import { seedDemoBilling } from '../billing/seed.ts'
import { seedDemoApplication } from '../applications/seed.ts'
import { seedCatalog } from '../catalog/seed.ts'
import { seedCms } from '../cms/seed.ts'
import { seedCoverage, seedDemoServiceableLeads } from '../coverage/seed.ts'
import { seedDevices } from '../devices/seed.ts'
import { seedDemoUsers } from '../identity/seed.ts'
import { seedDemoIncidents } from '../incidents/seed.ts'
import { seedDemoReferrals } from '../referrals/seed.ts'
import { seedDemoSales } from '../sales/seed.ts'
import { seedStores } from '../stores/seed.ts'
import { seedDemoNotifications } from '../notifications/inbox-seed.ts'
import { seedSupport } from '../support/seed.ts'
import type { ScryptCost } from '../context.ts'
import type { Database } from '../db/client.ts'

export type SeedReport = Record<string, number>

export async function seedAll(
  db: Database,
  options: { productName: string; demo?: boolean; passwordCost?: ScryptCost },
): Promise<SeedReport> {
  return {
    ...(await seedAddress(db)),
    ...(await seedCms(db, options)),
    // The demo line-up (marked demo: true): a fresh portal has plans to show until the operator sets prices.
    ...(await seedCatalog(db)),
    // Concern, sub- and after-sales types (spec 7, Support): reference data, not demo data.
    ...(await seedSupport(db)),
    // Town centres always; the demo network only with demo data (it would answer 'Y' for
    // places no fibre reaches), and never over an operator's imported coverage.
    ...(await seedCoverage(db, { demo: options.demo })),
    // Demo stores around the demo towns' centres (issue 16): demo data only, never over an operator's imported list.
    ...(await seedStores(db, { demo: options.demo })),
    // Demo users have published passwords: only where the operator allows demo data.
    ...(options.demo ? { ...(await seedAccounts(db)), ...(await seedDemoUsers(db, options.passwordCost)) } : {}),
    // Bills and payments of the demo accounts (issue 11): demo data only.
    ...(options.demo ? await seedDemoBilling(db) : {}),
    // The demo customer's referrals, invite and confirmation (issue 15), after the demo users: demo data only.
    ...(options.demo ? await seedDemoReferrals(db) : {}),
    // Two serviceable leads for the sales admin's list (issue 33): demo data only.
    ...(options.demo ? await seedDemoServiceableLeads(db) : {}),
    // A demo application waiting for compliance (issue 10), with the demo users: demo data only.
    ...(options.demo ? await seedDemoApplication(db) : {}),
    // The sales team, promo codes and the agents' applications (issue 13), after the demo users: demo data only.
    ...(options.demo ? await seedDemoSales(db) : {}),
    // Simulated modems for the demo accounts (issue 11): demo data only.
    ...(options.demo ? await seedDevices(db) : {}),
    // One demo outage, an incident in 001's barangay (issues 11, 37): demo data only.
    ...(options.demo ? await seedDemoIncidents(db) : {}),
    // A few notifications for the demo customer (issue 11, item 4): demo data only.
    ...(options.demo ? await seedDemoNotifications(db, options) : {}),
  }
}
