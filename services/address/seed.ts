import type { Database } from '../db/client.ts'

export async function seedAddress(_db: Database): Promise<Record<string, number>> {
  return {}
}
