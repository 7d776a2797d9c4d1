import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { findSubscriberAccount, isFibreAccount } from './registry.ts'
import { DEMO_ACCOUNTS, seedAccounts } from './seed.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
  await seedAccounts(database.db)
})
afterAll(() => database?.close())

describe('subscriber account registry', () => {
  it('finds a seeded account, marked as demo data', async () => {
    const account = await findSubscriberAccount(database.db, '1000000000001')
    expect(account).toMatchObject({ product: 'fibre', status: 'active', holderName: 'CARLOS REYES', demo: true })
  })

  it('tells fibre accounts from unknown, non-fibre and malformed numbers', async () => {
    expect(await isFibreAccount(database.db, '1000000000001')).toBe(true)
    expect(await isFibreAccount(database.db, '2000000000001')).toBe(false) // a DSL account
    expect(await isFibreAccount(database.db, '1234567890123')).toBe(false)
    expect(await isFibreAccount(database.db, '100000000000')).toBe(false) // 12 digits
    expect(await isFibreAccount(database.db, "1' OR '1'='1")).toBe(false)
  })

  it('seeds once: a second run adds nothing', async () => {
    expect(await seedAccounts(database.db)).toEqual({ demoAccounts: 0, demoSubscriptions: 0 })
    expect(DEMO_ACCOUNTS.every((a) => /^\d{13}$/.test(a.accountNumber))).toBe(true)
  })
})
