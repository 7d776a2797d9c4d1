/**
 * The files service (services/files) through the real gateway, called as the portal calls it (its
 * upstream client): the streamed upload's signed hash, the checks made while the bytes
 * stream, the per-draft binding and the checklist (docs/decisions/0030, 0031).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDraft, saveDraftSection } from '../support/drafts'
import { addPlan } from '~/features/cart/cart.server'
import { visitOf } from '~/visit/visit.server'
import { UPLOAD_MESSAGES } from '../../lib/documents'
import { HEADER, computeSignature, newRequestId } from '../../lib/signature'
import { startTestUpstream, type TestUpstream } from '../support/upstream'

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())

const jpg = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/government-id.jpg'))
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')
const stream = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]).stream() as ReadableStream<Uint8Array>

/** A draft with `planCode` in its cart (and, for an SME, its category), as the portal makes them. */
async function draftWithPlan(planCode: string, category: 'RES' | 'SME' = 'RES') {
  let cookie = ''
  const request = () => new Request('http://localhost/plans', { headers: cookie ? { cookie } : {} })
  const visit = visitOf(request(), t.context)
  await addPlan(visit, planCode)
  cookie = visit.cookiesSet.find((line) => line.startsWith('draft='))!.split(';')[0]!
  if (category === 'SME') {
    await saveDraftSection(request(), t.context, 'customerCategory', {
      category: 'SME',
      isWorkingGovtEmbassyWorker: false,
    })
  }
  const draft = (await readDraft(request(), t.context))!
  return { draftId: draft.id, cookie, request }
}

function storedCount() {
  const root = path.join(t.storageDir!, 'documents')
  return fs.existsSync(root) ? fs.readdirSync(root).length : 0
}

describe('files service', () => {
  it('stores a streamed JPG, lists it for its draft only, and deletes it', async () => {
    const { draftId } = await draftWithPlan('fiber-plan-1299')
    const entry = await t.upstream.files.upload(draftId, {
      category: 'governmentIssued',
      subCategory: null,
      fileName: 'id.jpg',
      type: 'jpg',
      size: jpg.length,
      sha256: sha(jpg),
      body: stream(jpg),
    })
    expect(entry).toMatchObject({ category: 'governmentIssued', fileName: 'id.jpg', type: 'jpg', uploaded: true })
    expect(await t.upstream.files.list(draftId)).toHaveLength(1)
    const other = await draftWithPlan('fiber-plan-1299')
    expect(await t.upstream.files.list(other.draftId)).toEqual([])
    await expect(t.upstream.files.content(other.draftId, entry.id)).rejects.toMatchObject({ status: 404 })
    await expect(t.upstream.files.remove(other.draftId, entry.id)).rejects.toMatchObject({ status: 404 })
    expect(await t.upstream.files.remove(draftId, entry.id)).toEqual([])
  })

  it('refuses bytes that are not the ones signed, and keeps nothing', async () => {
    const { draftId } = await draftWithPlan('fiber-plan-1299')
    const before = storedCount()
    const swapped = Buffer.from(jpg)
    swapped[jpg.length - 3] = swapped[jpg.length - 3]! ^ 0xff
    await expect(
      t.upstream.files.upload(draftId, {
        category: 'governmentIssued',
        subCategory: null,
        fileName: 'id.jpg',
        type: 'jpg',
        size: jpg.length,
        sha256: sha(jpg),
        body: stream(swapped),
      }),
    ).rejects.toMatchObject({ status: 400 })
    expect(storedCount()).toBe(before)
  })

  it('refuses a declared JPG whose bytes are HTML, while streaming', async () => {
    const { draftId } = await draftWithPlan('fiber-plan-1299')
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    await expect(
      t.upstream.files.upload(draftId, {
        category: 'governmentIssued',
        subCategory: null,
        fileName: 'id.jpg',
        type: 'jpg',
        size: html.length,
        sha256: sha(html),
        body: stream(html),
      }),
    ).rejects.toMatchObject({ status: 415, serverMessage: UPLOAD_MESSAGES.wrongType })
    expect(await t.upstream.files.list(draftId)).toEqual([])
  })

  it('will not take an upload signed without its content hash', async () => {
    const { draftId } = await draftWithPlan('fiber-plan-1299')
    const { config } = t
    const requestId = newRequestId()
    const timestamp = Math.floor(Date.now() / 1000)
    const pathWithQuery = '/v1/files/upload?category=governmentIssued&fileName=id.jpg&type=jpg'
    const signature = computeSignature({
      scheme: 'hmac',
      secret: config.upstreamSecret,
      channel: config.channel,
      method: 'POST',
      pathWithQuery,
      requestId,
      timestamp,
      body: jpg,
    })
    const response = await t.fetch(
      new Request(`http://upstream.internal${pathWithQuery}`, {
        method: 'POST',
        body: jpg,
        headers: {
          [HEADER.channel]: config.channel,
          [HEADER.requestId]: requestId,
          [HEADER.timestamp]: String(timestamp),
          [HEADER.signature]: signature,
          'x-draft-id': draftId,
        },
      }),
    )
    expect(response.status).toBe(401)
  })

  it('answers the checklist from the plan in the cart and the customer type', async () => {
    const cheap = await draftWithPlan('fiber-plan-1299')
    const checklist = await t.upstream.files.checklist(cheap.draftId)
    expect(checklist).toMatchObject({
      customerType: 'RES',
      monthlyFee: 1299,
      complete: false,
      businessTypeNeeded: false,
    })
    expect(checklist.requirements.map((r) => [r.category, r.required])).toEqual([
      ['governmentIssued', true],
      ['proofOfBilling', false],
      ['supplementary', false],
    ])
    await t.upstream.files.upload(cheap.draftId, {
      category: 'governmentIssued',
      subCategory: null,
      fileName: 'id.jpg',
      type: 'jpg',
      size: jpg.length,
      sha256: sha(jpg),
      body: stream(jpg),
    })
    expect((await t.upstream.files.checklist(cheap.draftId)).complete).toBe(true)

    const sme = await draftWithPlan('sme-fiber-1899', 'SME')
    const smeList = await t.upstream.files.checklist(sme.draftId)
    expect(smeList).toMatchObject({
      customerType: 'SME',
      businessType: null,
      businessTypeNeeded: true,
      complete: false,
    })
    await saveDraftSection(sme.request(), t.context, 'documents', { businessType: 'PARTNERSHIP' })
    const withType = await t.upstream.files.checklist(sme.draftId)
    expect(withType.requirements.find((r) => r.category === 'businessdocuments')).toMatchObject({ minDocuments: 3 })
  })
})
