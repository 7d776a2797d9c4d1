/**
 * The files of drafts that ended without an application are removed (rows and stored
 * bytes) by the next upload; files of a live draft, or bound to a submitted application,
 * stay. Service level, with a clock the test moves past the drafts' 4 hours.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_LIFETIME_MS } from '../../lib/draft-sections.ts'
import { DEMO_PAYLOAD } from '../applications/seed.ts'
import { createApplicationService } from '../applications/service.ts'
import { serviceSettingsFromConfig, type ServiceDeps } from '../context.ts'
import { createDraftService } from '../drafts/service.ts'
import { createOrderService } from '../orders/service.ts'
import { silentLogger, startTestGateway, type TestGateway } from '../testing.ts'
import { createFileService } from './service.ts'
import { uploadedDocuments } from './tables.ts'

// A Monday morning in Manila, so the installation slots are open.
let nowMs = Date.parse('2026-11-23T01:00:00Z')
let t: TestGateway
let deps: ServiceDeps
beforeAll(async () => {
  t = await startTestGateway({ seed: true, now: () => new Date(nowMs) })
  deps = {
    db: t.database.db,
    logger: silentLogger,
    productName: t.config.PRODUCT_NAME,
    settings: serviceSettingsFromConfig(t.config),
    now: () => new Date(nowMs),
    storage: t.storage,
  }
})
afterAll(() => t?.close())

const jpg = fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/government-id.jpg'))

/** A draft with a plan in its cart and its government ID uploaded. */
async function draftWithId() {
  const { draftId } = await createDraftService(deps).create({}, null)
  const orders = createOrderService(deps)
  const cart = await orders.createInstance(draftId)
  await orders.addItem(cart.cartId, draftId, 'fiber-plan-1699', 1)
  const entry = await createFileService(deps).upload(
    draftId,
    {
      category: 'governmentIssued',
      subCategory: null,
      fileName: 'id.jpg',
      type: 'jpg',
      size: jpg.length,
      sha256: crypto.createHash('sha256').update(jpg).digest('hex'),
    },
    new Blob([new Uint8Array(jpg)]).stream() as never,
  )
  return { draftId, entry }
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, id)))[0]

describe('abandoned documents', () => {
  it('are removed with their bytes once their draft has ended; submitted ones stay', async () => {
    const abandoned = await draftWithId()
    const submitted = await draftWithId()
    const slot = (await createApplicationService(deps).slots()).find((s) => s.available > 0)!
    await createApplicationService(deps).submit(
      crypto.randomBytes(32).toString('base64url'),
      { ...DEMO_PAYLOAD, emailAddress: 'purge.test@example.net', appointment: { slotId: slot.slotId } },
      submitted.draftId,
    )
    const storedKey = (await rowOf(abandoned.entry.id))!.storageKey
    expect(await t.storage.get(storedKey)).not.toBeNull()

    nowMs += DRAFT_LIFETIME_MS + 60_000
    const live = await draftWithId()

    expect(await rowOf(abandoned.entry.id)).toBeUndefined()
    expect(await t.storage.get(storedKey)).toBeNull()
    expect(await rowOf(submitted.entry.id)).toMatchObject({ applicationId: expect.any(String) })
    expect(await rowOf(live.entry.id)).toBeDefined()
  })
})
