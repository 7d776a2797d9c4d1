/**
 * Seed data for an empty database: the real PSGC address list, CMS content (legal
 * texts, banners, footers, landing image). Every step is idempotent: running the
 * seed again changes nothing.
 */
import { seedAddress } from '../address/seed.ts'
import { seedCms } from '../cms/seed.ts'
import type { Database } from './client.ts'

export type SeedReport = Record<string, number>

export async function seedAll(db: Database, options: { productName: string }): Promise<SeedReport> {
  return {
    ...(await seedAddress(db)),
    ...(await seedCms(db, options)),
  }
}
