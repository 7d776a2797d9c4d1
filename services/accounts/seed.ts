/**
 * Demonstration subscriber accounts (marked demo = true), so sign-up with an account
 * number and account linking work on a fresh installation. A real deployment reads
 * accounts from the ISP's billing system instead. Inserted only where missing.
 */
import type { Database } from '../db/client.ts'
import { subscriberAccounts } from './tables.ts'

export const DEMO_ACCOUNTS = [
  {
    accountNumber: '1000000000001',
    product: 'fibre',
    status: 'active',
    holderName: 'CARLOS REYES',
    serviceAddress: '12 Mabini Street, Barangay San Antonio, Pasig City, Metro Manila',
  },
  {
    accountNumber: '1000000000002',
    product: 'fibre',
    status: 'active',
    holderName: 'CARLOS REYES',
    serviceAddress: 'Unit 8B, Tower 2, Ortigas Center, Pasig City, Metro Manila',
  },
  {
    accountNumber: '1000000000003',
    product: 'fibre',
    status: 'active',
    holderName: 'LIZA SANTOS',
    serviceAddress: '45 Rizal Avenue, Barangay Poblacion, Makati City, Metro Manila',
  },
  {
    accountNumber: '1000000000004',
    product: 'fibre',
    status: 'suspended',
    holderName: 'MARK DELA CRUZ',
    serviceAddress: '7 Bonifacio Road, Barangay Lahug, Cebu City, Cebu',
  },
  // An older non-fibre product: present in the registry, refused by account linking.
  {
    accountNumber: '2000000000001',
    product: 'dsl',
    status: 'active',
    holderName: 'ROSA MENDOZA',
    serviceAddress: '3 Luna Street, Barangay Poblacion, Davao City, Davao del Sur',
  },
] as const

export async function seedAccounts(db: Database): Promise<Record<string, number>> {
  const added = await db
    .insert(subscriberAccounts)
    .values(DEMO_ACCOUNTS.map((account) => ({ ...account, demo: true })))
    .onConflictDoNothing({ target: subscriberAccounts.accountNumber })
    .returning({ accountNumber: subscriberAccounts.accountNumber })
  return { demoAccounts: added.length }
}
