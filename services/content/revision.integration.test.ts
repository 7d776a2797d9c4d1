/**
 * The content revision (issue 35, item 3; docs/decisions/0069): raised by any write to the
 * public content, answered by GET /v1/content/revision through the real gateway.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { importStores, parseStoresCsv } from '../stores/importer.ts'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
})
afterAll(() => t?.close())

async function revision(): Promise<number> {
  const answer = await signedCall(t, 'GET', '/v1/content/revision')
  expect(answer.status).toBe(200)
  expect(typeof answer.body.data.changedAt).toBe('string')
  return answer.body.data.revision as number
}

describe('the content revision', () => {
  it('is answered, and moved by the seed that wrote the content', async () => {
    expect(await revision()).toBeGreaterThan(1)
  })

  it('goes up when an operator imports stores, and not when nothing is written', async () => {
    const before = await revision()
    expect(await revision()).toBe(before)
    const csv = [
      'store_id,type,name,address_line,barangay_code,latitude,longitude,hours,services,payment_channels,phone',
      'REV-1,payment-centre,Revision Test Centre,CPG Avenue,01242001,9.6475,123.8544,Daily 08:00-17:00,payments,cash,',
    ].join('\n')
    await importStores({ db: t.database.db, now: () => new Date() }, parseStoresCsv(csv), { mode: 'merge' })
    expect(await revision()).toBeGreaterThan(before)
  })

  it('watches every table of the public content', async () => {
    const rows = await t.database.db.execute(sql`
      select event_object_schema || '.' || event_object_table as "table"
      from information_schema.triggers where trigger_name = 'raise_content_revision'`)
    const tables = new Set((rows as unknown as { rows?: { table: string }[] }).rows?.map((row) => row.table) ?? [])
    expect([...tables].sort()).toEqual([
      'catalog.products',
      'cms.documents',
      'cms.help_categories',
      'cms.help_entries',
      'stores.stores',
    ])
  })
})
