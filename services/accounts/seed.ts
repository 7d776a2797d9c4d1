/**
 * Demonstration subscriber accounts (marked demo = true), so sign-up with an account
 * number and account linking work on a fresh installation. The registered email and
 * mobile (where ownership-proof codes go) are made up too: example.org addresses the dev
 * mailbox shows, and numbers no one owns. A real deployment reads
 * accounts from the ISP's billing system instead. Inserted only where missing.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { subscriberAccounts, subscriptions } from './tables.ts'

export const DEMO_ACCOUNTS = [
  {
    accountNumber: '1000000000001',
    product: 'fibre',
    status: 'active',
    holderName: 'CARLOS REYES',
    serviceAddress: '12 Mabini Street, Barangay San Antonio, Pasig City, Metro Manila',
    registeredEmail: 'carlos.reyes@example.org',
    registeredMobile: '9170000102',
  },
  {
    accountNumber: '1000000000002',
    product: 'fibre',
    status: 'active',
    holderName: 'CARLOS REYES',
    serviceAddress: 'Unit 8B, Tower 2, Ortigas Center, Pasig City, Metro Manila',
    registeredEmail: 'carlos.reyes@example.org',
    registeredMobile: '9170000102',
  },
  {
    accountNumber: '1000000000003',
    product: 'fibre',
    status: 'active',
    holderName: 'LIZA SANTOS',
    serviceAddress: '45 Rizal Avenue, Barangay Poblacion, Makati City, Metro Manila',
    registeredEmail: 'liza.santos@example.org',
    registeredMobile: '9170000103',
  },
  {
    accountNumber: '1000000000004',
    product: 'fibre',
    status: 'suspended',
    holderName: 'MARK DELA CRUZ',
    serviceAddress: '7 Bonifacio Road, Barangay Lahug, Cebu City, Cebu',
    registeredEmail: 'mark.delacruz@example.org',
    registeredMobile: '9170000104',
  },
  // Two more holders, so the account-linking journeys (tests/e2e/account-linking.spec.ts)
  // of the JS and no-JS runs prove different accounts and read different mailboxes.
  {
    accountNumber: '1000000000005',
    product: 'fibre',
    status: 'active',
    holderName: 'ANDREA LIM',
    serviceAddress: '21 Katipunan Avenue, Barangay Loyola Heights, Quezon City, Metro Manila',
    registeredEmail: 'andrea.lim@example.org',
    registeredMobile: '9170000106',
  },
  {
    accountNumber: '1000000000006',
    product: 'fibre',
    status: 'active',
    holderName: 'PAOLO TAN',
    serviceAddress: '9 Gen. Luna Street, Barangay Poblacion, Iloilo City, Iloilo',
    registeredEmail: 'paolo.tan@example.org',
    registeredMobile: '9170000107',
  },
  // Four more, so the payment journeys (tests/e2e/payments.spec.ts) of the JS and no-JS runs
  // pay into accounts of their own: one each for a signed-in customer (ELENA, RAMON), one
  // each for a guest paying with the account number (TERESA, DANILO).
  {
    accountNumber: '1000000000007',
    product: 'fibre',
    status: 'active',
    holderName: 'ELENA CRUZ',
    serviceAddress: '18 Osmeña Boulevard, Barangay Kamputhaw, Cebu City, Cebu',
    registeredEmail: 'elena.cruz@example.org',
    registeredMobile: '9170000108',
  },
  {
    accountNumber: '1000000000008',
    product: 'fibre',
    status: 'active',
    holderName: 'RAMON VILLANUEVA',
    serviceAddress: '5 Magsaysay Avenue, Barangay Poblacion, Davao City, Davao del Sur',
    registeredEmail: 'ramon.villanueva@example.org',
    registeredMobile: '9170000109',
  },
  {
    accountNumber: '1000000000009',
    product: 'fibre',
    status: 'active',
    holderName: 'TERESA AQUINO',
    serviceAddress: '33 Session Road, Barangay Session Road Area, Baguio City, Benguet',
    registeredEmail: 'teresa.aquino@example.org',
    registeredMobile: '9170000110',
  },
  {
    accountNumber: '1000000000010',
    product: 'fibre',
    status: 'active',
    holderName: 'DANILO RAMOS',
    serviceAddress: '2 Lacson Street, Barangay Villamonte, Bacolod City, Negros Occidental',
    registeredEmail: 'danilo.ramos@example.org',
    registeredMobile: '9170000111',
  },
  // The front-door journey's subscriber (issue 33): a statement to download and a bill to pay,
  // in part, by both of that journey's runs; no other journey reads this account.
  {
    accountNumber: '1000000000011',
    product: 'fibre',
    status: 'active',
    holderName: 'MIGUEL TORRES',
    serviceAddress: '15 Rizal Avenue, Barangay Poblacion, Iloilo City, Iloilo',
    registeredEmail: 'miguel.torres@example.org',
    registeredMobile: '9170000112',
  },
  // issue 37, item 6: subscribers whose modems went silent (services/devices/seed.ts), one for
  // each run of the "no internet" journey; no other journey reads these accounts.
  {
    accountNumber: '1000000000012',
    product: 'fibre',
    status: 'active',
    holderName: 'JOY NAVARRO',
    serviceAddress: '21 Bonifacio Street, Barangay Poblacion, Iloilo City, Iloilo',
    registeredEmail: 'joy.navarro@example.org',
    registeredMobile: '9170000113',
  },
  {
    accountNumber: '1000000000013',
    product: 'fibre',
    status: 'active',
    holderName: 'ARNEL PASCUAL',
    serviceAddress: '8 Session Road, Baguio City, Benguet',
    registeredEmail: 'arnel.pascual@example.org',
    registeredMobile: '9170000114',
  },
  // An older non-fibre product: present in the registry, refused by account linking.
  {
    accountNumber: '2000000000001',
    product: 'dsl',
    status: 'active',
    holderName: 'ROSA MENDOZA',
    serviceAddress: '3 Luna Street, Barangay Poblacion, Davao City, Davao del Sur',
    registeredEmail: 'rosa.mendoza@example.org',
    registeredMobile: '9170000105',
  },
] as const

/**
 * The demo accounts' subscriptions (plans from the demo line-up, services/catalog/lineup.ts)
 * the network area each address hangs off and its barangay (PSGC); 001's barangay has the demo
 * outage (services/incidents/seed.ts), Carlos's active account 002 is in another.
 */
export const DEMO_SUBSCRIPTIONS = [
  {
    accountNumber: '1000000000001',
    planName: 'Fiber Plan 1299',
    speedMbps: 100,
    monthlyFee: 1299,
    areaCode: 'PSG-SANANTONIO',
    areaName: 'Barangay San Antonio, Pasig City',
    // San Antonio, City of Pasig
    barangayCode: '81200019',
  },
  {
    accountNumber: '1000000000002',
    planName: 'Fiber Plan 1699',
    speedMbps: 200,
    monthlyFee: 1699,
    areaCode: 'PSG-ORTIGAS',
    areaName: 'Ortigas Center, Pasig City',
    // Ugong, City of Pasig: the demo places Ortigas Center's tower here, outside 001's barangay
    barangayCode: '81200029',
  },
  {
    accountNumber: '1000000000003',
    planName: 'Fiber Plan 2499',
    speedMbps: 500,
    monthlyFee: 2499,
    areaCode: 'MKT-POBLACION',
    areaName: 'Barangay Poblacion, Makati City',
    // Poblacion, City of Makati
    barangayCode: '80300020',
  },
  {
    accountNumber: '1000000000004',
    planName: 'Fiber Plan 888',
    speedMbps: 50,
    monthlyFee: 888,
    areaCode: 'CEB-LAHUG',
    areaName: 'Barangay Lahug, Cebu City',
    // Lahug, City of Cebu
    barangayCode: '30600041',
  },
  {
    accountNumber: '1000000000005',
    planName: 'Fiber Plan 1299',
    speedMbps: 100,
    monthlyFee: 1299,
    areaCode: 'QC-LOYOLA',
    areaName: 'Barangay Loyola Heights, Quezon City',
    // Loyola Heights, Quezon City
    barangayCode: '81300055',
  },
  {
    accountNumber: '1000000000006',
    planName: 'Fiber Plan 1699',
    speedMbps: 200,
    monthlyFee: 1699,
    areaCode: 'ILO-POBLACION',
    areaName: 'Barangay Poblacion, Iloilo City',
    // San Jose (City Proper), City of Iloilo
    barangayCode: '31000200',
  },
  {
    accountNumber: '1000000000007',
    planName: 'Fiber Plan 1299',
    speedMbps: 100,
    monthlyFee: 1299,
    areaCode: 'CEB-KAMPUTHAW',
    areaName: 'Barangay Kamputhaw, Cebu City',
    // Camputhaw, City of Cebu
    barangayCode: '30600036',
  },
  {
    accountNumber: '1000000000008',
    planName: 'Fiber Plan 1299',
    speedMbps: 100,
    monthlyFee: 1299,
    areaCode: 'DVO-POBLACION',
    areaName: 'Barangay Poblacion, Davao City',
    // Barangay 1-A (Poblacion District), City of Davao
    barangayCode: '30700134',
  },
  {
    accountNumber: '1000000000009',
    planName: 'Fiber Plan 888',
    speedMbps: 50,
    monthlyFee: 888,
    areaCode: 'BAG-SESSION',
    areaName: 'Session Road Area, Baguio City',
    // Session Road Area, City of Baguio
    barangayCode: '30300106',
  },
  {
    accountNumber: '1000000000011',
    planName: 'Fiber Plan 1299',
    speedMbps: 100,
    monthlyFee: 1299,
    areaCode: 'ILO-POBLACION',
    areaName: 'Barangay Poblacion, Iloilo City',
    // San Jose (City Proper), City of Iloilo
    barangayCode: '31000200',
  },
  {
    accountNumber: '1000000000012',
    planName: 'Fiber Plan 1299',
    speedMbps: 100,
    monthlyFee: 1299,
    areaCode: 'ILO-POBLACION',
    areaName: 'Barangay Poblacion, Iloilo City',
    // San Jose (City Proper), City of Iloilo
    barangayCode: '31000200',
  },
  {
    accountNumber: '1000000000013',
    planName: 'Fiber Plan 888',
    speedMbps: 50,
    monthlyFee: 888,
    areaCode: 'BAG-SESSION',
    areaName: 'Session Road Area, Baguio City',
    // Session Road Area, City of Baguio
    barangayCode: '30300106',
  },
  {
    accountNumber: '1000000000010',
    planName: 'Fiber Plan 888',
    speedMbps: 50,
    monthlyFee: 888,
    areaCode: 'BCD-VILLAMONTE',
    areaName: 'Barangay Villamonte, Bacolod City',
    // Villamonte, City of Bacolod
    barangayCode: '30200059',
  },
] as const

const DEMO_ACTIVATED_AT = new Date('2024-03-01T00:00:00Z')

export async function seedAccounts(db: Database): Promise<Record<string, number>> {
  const added = await db
    .insert(subscriberAccounts)
    .values(DEMO_ACCOUNTS.map((account) => ({ ...account, demo: true })))
    .onConflictDoNothing({ target: subscriberAccounts.accountNumber })
    .returning({ accountNumber: subscriberAccounts.accountNumber })
  // Demo accounts seeded before accounts had a registered contact get theirs (still demo data).
  for (const account of DEMO_ACCOUNTS) {
    await db
      .update(subscriberAccounts)
      .set({ registeredEmail: account.registeredEmail, registeredMobile: account.registeredMobile })
      .where(
        and(
          eq(subscriberAccounts.accountNumber, account.accountNumber),
          eq(subscriberAccounts.demo, true),
          isNull(subscriberAccounts.registeredEmail),
          isNull(subscriberAccounts.registeredMobile),
        ),
      )
  }
  const subscribed = await db
    .insert(subscriptions)
    .values(DEMO_SUBSCRIPTIONS.map((row) => ({ ...row, activatedAt: DEMO_ACTIVATED_AT, demo: true })))
    .onConflictDoNothing({ target: subscriptions.accountNumber })
    .returning({ accountNumber: subscriptions.accountNumber })
  // Demo subscriptions seeded before accounts had a barangay get theirs (issue 37).
  for (const row of DEMO_SUBSCRIPTIONS) {
    await db
      .update(subscriptions)
      .set({ barangayCode: row.barangayCode })
      .where(
        and(
          eq(subscriptions.accountNumber, row.accountNumber),
          eq(subscriptions.demo, true),
          isNull(subscriptions.barangayCode),
        ),
      )
  }
  return { demoAccounts: added.length, demoSubscriptions: subscribed.length }
}
