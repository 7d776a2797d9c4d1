/**
 * A sales partner sends a rejected document again on the customer's behalf (issue 13 item 4;
 * docs/decisions/0044), through the real gateway on the demo data: MIGUEL TORRES (AGT-0001,
 * for compliance, his ID rejected) and JASMINE AQUINO (AGT-0001, in review, two categories
 * rejected here by the operator call). Who may (agent, admin; not another agent, a customer,
 * nobody), the bytes checked as the customer's upload checks them (by content, the limit
 * while streaming, the signed hash), the category closed and the application back in review
 * only when none is open, and the sales partner flag on the file and both timelines.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES, UPLOAD_MESSAGES } from '../../lib/documents.ts'
import { HEADER, computeSignature, newRequestId } from '../../lib/signature.ts'
import { agentApplicationByReference } from '../applications/agent-applications.ts'
import { OPERATOR_CHANNEL } from '../applications/tracking-routes.ts'
import { bearerOf, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { DEMO_FILINGS } from './seed.ts'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
})
afterAll(() => t?.close())

type Headers = Record<string, string>

const tokenFor = (email: string): Promise<Headers> => bearerOf(t, email)

const jpg = fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/government-id.jpg'))
const pdf = fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/proof-of-billing.pdf'))
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

type Upload = {
  fileName: string
  type: 'jpg' | 'pdf'
  size: number
  sha256: string
  body: ReadableStream<Uint8Array>
  subCategory?: string
}

const fileOf = (bytes: Buffer, fileName: string, type: 'jpg' | 'pdf' = 'jpg'): Upload => ({
  fileName,
  type,
  size: bytes.length,
  sha256: sha(bytes),
  body: new Blob([new Uint8Array(bytes)]).stream() as ReadableStream<Uint8Array>,
})

/** The streamed call as the portal's client makes it: signed over the declared SHA-256, not the bytes. */
async function upload(headers: Headers, refId: string, category: string, file: Upload) {
  const query = new URLSearchParams({ fileName: file.fileName, type: file.type })
  if (file.subCategory) query.set('subCategory', file.subCategory)
  const pathWithQuery = `/v1/sales/applications/${refId}/compliance/${category}?${query}`
  const requestId = newRequestId()
  const timestamp = Math.floor(Date.now() / 1000)
  const { config } = t
  const response = await t.fetch(
    new Request(`http://upstream.internal${pathWithQuery}`, {
      method: 'POST',
      body: file.body,
      duplex: 'half',
      headers: {
        ...headers,
        [HEADER.channel]: config.channel,
        [HEADER.requestId]: requestId,
        [HEADER.timestamp]: String(timestamp),
        [HEADER.signature]: computeSignature({
          scheme: config.UPSTREAM_SIGNATURE_SCHEME,
          secret: config.upstreamSecret,
          channel: config.channel,
          method: 'POST',
          pathWithQuery,
          requestId,
          timestamp,
          body: '',
          bodySha256: file.sha256,
        }),
        'content-type': file.type === 'pdf' ? 'application/pdf' : 'image/jpeg',
        'content-length': String(file.size),
        'x-content-sha256': file.sha256,
      },
    } as RequestInit),
  )
  return { status: response.status, body: (await response.json()) as any }
}

const call = (method: string, path: string, headers: Headers = {}, body?: unknown) =>
  signedCall(t, method, path, { headers, body })

/** A seeded application's reference number, by its demo number (as the admin's list finds it). */
async function seededRef(admin: Headers, n: number): Promise<string> {
  const filing = DEMO_FILINGS.find((f) => f.n === n)!
  const query = `?agentCode=${filing.agentCode}&search=${encodeURIComponent(filing.firstName)}`
  return (await call('GET', `/v1/sales/applications${query}`, admin)).body.data.items[0].refId
}

function storedCount() {
  const root = path.join(t.storageDir!, 'documents')
  return fs.existsSync(root) ? fs.readdirSync(root).length : 0
}

let agent: Headers
let agent2: Headers
let admin: Headers
let customer: Headers
let miguel: string
beforeAll(async () => {
  ;[agent, agent2, admin, customer] = await Promise.all([
    tokenFor('agent@example.com'),
    tokenFor('agent2@example.com'),
    tokenFor('admin@example.com'),
    tokenFor('customer@example.com'),
  ])
  miguel = await seededRef(admin, 3)
})

describe('POST /v1/sales/applications/:refId/compliance/:category', () => {
  it('answers another agent 404, a customer 403 and nobody 401, storing nothing', async () => {
    const before = storedCount()
    expect((await upload(agent2, miguel, 'governmentIssued', fileOf(jpg, 'id.jpg'))).status).toBe(404)
    expect((await call('GET', `/v1/sales/applications/${miguel}/compliance`, agent2)).status).toBe(404)
    expect((await upload(customer, miguel, 'governmentIssued', fileOf(jpg, 'id.jpg'))).status).toBe(403)
    expect((await upload({}, miguel, 'governmentIssued', fileOf(jpg, 'id.jpg'))).status).toBe(401)
    expect(storedCount()).toBe(before)
  })

  it('lists the open categories with their reasons for the agent', async () => {
    const answer = await call('GET', `/v1/sales/applications/${miguel}/compliance`, agent)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({
      refId: miguel,
      status: 'for_compliance',
      openCategories: [
        {
          category: 'governmentIssued',
          reason: 'The photo of the ID is cut off. Please send a photo of the whole card.',
          subCategories: [],
        },
      ],
    })
  })

  it('refuses a .jpg whose bytes are not a JPEG (415), keeping nothing and the category open', async () => {
    const before = storedCount()
    const garbage = Buffer.concat([Buffer.from('MZ\x90\x00'), crypto.randomBytes(4000)])
    const refused = await upload(agent, miguel, 'governmentIssued', fileOf(garbage, 'id.jpg'))
    expect(refused.status).toBe(415)
    expect(refused.body.error.fields.file).toEqual([UPLOAD_MESSAGES.wrongType])
    expect(storedCount()).toBe(before)
    const open = await call('GET', `/v1/sales/applications/${miguel}/compliance`, agent)
    expect(open.body.data.openCategories).toHaveLength(1)
  })

  // issue 32: the files service checks what the portal checks (lib/document-content.ts), so a
  // caller that skips the portal stores no truncated JPEG, no header-only JPEG, no cut PDF.
  it('refuses a file that only starts like a JPEG or a PDF (422), keeping nothing and the category open', async () => {
    const before = storedCount()
    for (const file of [
      fileOf(jpg.subarray(0, 500), 'cut.jpg'),
      fileOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73]), 'nine.jpg'),
      fileOf(pdf.subarray(0, 300), 'cut.pdf', 'pdf'),
    ]) {
      const refused = await upload(agent, miguel, 'governmentIssued', file)
      expect(refused.status).toBe(422)
      expect(refused.body.error.fields.file).toEqual([UPLOAD_MESSAGES.damaged])
    }
    expect(storedCount()).toBe(before)
    const open = await call('GET', `/v1/sales/applications/${miguel}/compliance`, agent)
    expect(open.body.data.openCategories).toHaveLength(1)
  })

  it('refuses a file over 5 MB while it streams (413), before reading it all', async () => {
    const before = storedCount()
    const chunk = new Uint8Array(64 * 1024)
    chunk.set([0xff, 0xd8, 0xff, 0xe0])
    let pulled = 0
    const total = MAX_FILE_BYTES * 4
    // Declares exactly the limit and sends four times as much: only the count while streaming can tell.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close()
          pulled += chunk.length
          controller.enqueue(chunk.slice())
        },
      },
      { highWaterMark: 0 },
    )
    const refused = await upload(agent, miguel, 'governmentIssued', {
      fileName: 'id.jpg',
      type: 'jpg',
      size: MAX_FILE_BYTES,
      sha256: 'a'.repeat(64),
      body,
    })
    expect(refused.status).toBe(413)
    expect(refused.body.error.fields.file).toEqual([UPLOAD_MESSAGES.tooLarge])
    expect(pulled).toBeLessThan(total / 2)
    expect(storedCount()).toBe(before)
  })

  it('refuses a category that is not open, or not a category, with 409', async () => {
    expect((await upload(agent, miguel, 'proofOfBilling', fileOf(pdf, 'bill.pdf', 'pdf'))).status).toBe(409)
    expect((await upload(agent, miguel, 'nonsense', fileOf(jpg, 'id.jpg'))).status).toBe(409)
  })

  it("stores the agent's file with the sales partner flag, closes the category and notes it on both timelines", async () => {
    const sent = await upload(agent, miguel, 'governmentIssued', fileOf(jpg, 'whole-card.jpg'))
    expect(sent.status).toBe(201)
    expect(sent.body.data.file).toMatchObject({
      category: 'governmentIssued',
      fileName: 'whole-card.jpg',
      type: 'jpg',
      salesPartner: true,
      uploadedByAgentCode: 'AGT-0001',
      contentPath: `/v1/sales/applications/${miguel}/documents/${sent.body.data.file.id}/content`,
    })
    expect(sent.body.data.compliance).toEqual({ refId: miguel, status: 'documents_in_review', openCategories: [] })

    const details = (await call('GET', `/v1/sales/applications/${miguel}`, agent)).body.data
    expect(details.item.applicationStatus).toBe('documents_in_review')
    expect(details.rejections).toEqual([])
    expect(details.documents.find((d: { id: string }) => d.id === sent.body.data.file.id)).toMatchObject({
      salesPartner: true,
      uploadedByAgentCode: 'AGT-0001',
    })
    const note = 'Documents sent again by agent AGT-0001'
    expect(details.timeline.at(-1)).toMatchObject({ kind: 'status', status: 'documents_in_review', reason: note })

    // The customer's status page shows the same entry.
    const status = await call(
      'POST',
      '/v1/applications/status',
      {},
      {
        referenceNo: miguel,
        identifier: details.application.emailAddress,
      },
    )
    expect(status.status).toBe(200)
    expect(status.body.data.timeline.at(-1)).toMatchObject({ status: 'documents_in_review', reason: note })

    // The category is closed now: a second copy is refused and nothing more is stored.
    const before = storedCount()
    expect((await upload(agent, miguel, 'governmentIssued', fileOf(jpg, 'again.jpg'))).status).toBe(409)
    expect(storedCount()).toBe(before)
  })

  it('keeps the application for compliance while another category is open (the sales admin sending both)', async () => {
    const jasmine = await seededRef(admin, 2)
    const row = (await agentApplicationByReference(t.database.db, ['AGT-0001'], jasmine))!
    const rejected = await signedCall(t, 'POST', `/v1/operator/applications/${row.id}/compliance`, {
      channel: OPERATOR_CHANNEL,
      body: {
        rejections: [
          { category: 'governmentIssued', reason: 'The ID has expired.' },
          { category: 'proofOfBilling', reason: 'The bill is older than three months.' },
        ],
      },
    })
    expect(rejected.status).toBe(200)

    const first = await upload(admin, jasmine, 'governmentIssued', fileOf(jpg, 'new-id.jpg'))
    expect(first.status).toBe(201)
    expect(first.body.data.file).toMatchObject({ salesPartner: true, uploadedByAgentCode: null })
    expect(first.body.data.compliance.status).toBe('for_compliance')
    expect(first.body.data.compliance.openCategories.map((o: { category: string }) => o.category)).toEqual([
      'proofOfBilling',
    ])
    const between = (await call('GET', `/v1/sales/applications/${jasmine}`, agent)).body.data
    expect(between.timeline.at(-1)).toMatchObject({
      status: 'for_compliance',
      reason: 'Documents sent again by a sales admin',
    })

    const last = await upload(admin, jasmine, 'proofOfBilling', fileOf(pdf, 'bill.pdf', 'pdf'))
    expect(last.status).toBe(201)
    expect(last.body.data.compliance).toEqual({ refId: jasmine, status: 'documents_in_review', openCategories: [] })
  })
})
