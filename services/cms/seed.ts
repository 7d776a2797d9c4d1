import type { Database } from '../db/client.ts'

export async function seedCms(_db: Database, _options: { productName: string }): Promise<Record<string, number>> {
  return {}
}
