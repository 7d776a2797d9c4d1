/**
 * The portal's sales client (app/upstream/sales.server.ts) against the real sales calls on
 * the demo data: every answer parses with the portal's Zod schemas (PATCH and DELETE only
 * with status true), and refusals arrive as the statuses the pages act on (403, 404, 409, 415, 422).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isUpstreamError } from '../../app/upstream/errors'
import { salesCalls, type ComplianceFile } from '../../app/upstream/sales.server'
import { findUserRowByEmail } from '../../services/identity/users.ts'
import { testUpstreamClient } from '../support/upstream.ts'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../../services/testing.ts'

let t: TestGateway
let sales: ReturnType<typeof salesCalls>
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
  sales = salesCalls(testUpstreamClient(t))
})
afterAll(() => t?.close())

async function tokenFor(email: string) {
  const user = (await findUserRowByEmail(t.database.db, email))!
  return signAccessToken(t, { sub: user.id, realm_access: { roles: user.roles }, agentCode: user.agentCode })
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise
    return null
  } catch (error) {
    if (isUpstreamError(error)) return error
    throw error
  }
}

it('reads the profile, list, stats and details, and acts on an application, every answer parsed', async () => {
  const [agent, agent2, admin, customer] = await Promise.all([
    tokenFor('agent@example.com'),
    tokenFor('agent2@example.com'),
    tokenFor('admin@example.com'),
    tokenFor('customer@example.com'),
  ])
  expect((await sales.agentDetails(agent)).tsm?.lastName).toBe('SANTOS')
  expect((await sales.agentDetails(admin)).team.map((m) => m.agentCode)).toEqual(['AGT-0001', 'AGT-0002'])

  const list = await sales.applications(agent, { pageSize: 50 })
  expect(list.items.length).toBeGreaterThan(0)
  const compliance = (await sales.applications(agent, { status: 'for_compliance' })).items[0]!
  expect((await sales.stats(admin, 'AGT-0001')).daily).toHaveLength(14)

  const details = await sales.details(agent, compliance.refId)
  expect(details.item.bucket).toBe('for_compliance')
  expect(details.rejections.length).toBeGreaterThan(0)
  expect(await sales.resendComplianceLink(agent, compliance.refId)).toMatchObject({ sent: true })
  expect(await sales.sendPdf(agent, compliance.refId)).toMatchObject({ sent: true })

  expect((await failureOf(sales.details(agent2, compliance.refId)))?.status).toBe(404)
  expect((await failureOf(sales.documentContent(agent2, compliance.refId, crypto.randomUUID())))?.status).toBe(404)
  expect((await failureOf(sales.applications(customer)))?.status).toBe(403)
  expect((await failureOf(sales.reassign(agent, compliance.refId, 'AGT-0002')))?.status).toBe(403)

  expect(await sales.reassign(admin, compliance.refId, 'AGT-0002')).toMatchObject({
    agentCode: 'AGT-0002',
    moved: true,
  })
  const bulk = await sales.bulkReassign(admin, 'AGT-0001', [compliance.refId])
  expect(bulk).toEqual({ agentCode: 'AGT-0001', moved: [compliance.refId], unchanged: [] })
  const refused = await failureOf(sales.bulkReassign(admin, 'AGT-0001', ['OO-000000-NOSUCH']))
  expect(refused?.status).toBe(422)
  expect(refused?.fields?.refIDList).toEqual(['OO-000000-NOSUCH'])

  const made = await signedCall(t, 'POST', '/v1/drafts', {
    body: { sections: {} },
    headers: { authorization: `Bearer ${agent}` },
  })
  expect(made.status).toBe(201)
  const draft = (await sales.applications(agent, { status: 'draft' })).items[0]!
  expect(draft.statusLabel).toBe('Draft Application')
  expect(await sales.deleteDraft(admin, draft.refId)).toEqual({ deleted: true, refId: draft.refId })

  expect((await sales.promoCodes(agent, 'SME')).map((p) => p.code)).toContain('SMEBOOST')
  expect((await sales.validatePromoCode(agent, 'fiberwelcome')).code).toBe('FIBERWELCOME')
  expect((await failureOf(sales.validatePromoCode(agent, 'NOPE')))?.status).toBe(422)
})

const jpg = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/government-id.jpg'))
const fileOf = (bytes: Buffer, fileName: string): ComplianceFile => ({
  fileName,
  type: 'jpg',
  subCategory: null,
  size: bytes.length,
  sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
  body: new Blob([new Uint8Array(bytes)]).stream() as ReadableStream<Uint8Array>,
})

it("sends a rejected document again on the customer's behalf, streamed and signed by the client", async () => {
  const [agent, agent2] = await Promise.all([tokenFor('agent@example.com'), tokenFor('agent2@example.com')])
  const { refId } = (await sales.applications(agent, { status: 'for_compliance' })).items[0]!
  const open = await sales.compliance(agent, refId)
  expect(open.openCategories.map((o) => o.category)).toEqual(['governmentIssued'])

  const notTheirs = await failureOf(sales.complianceUpload(agent2, refId, 'governmentIssued', fileOf(jpg, 'id.jpg')))
  expect(notTheirs?.status).toBe(404)
  const garbage = crypto.randomBytes(2000)
  const wrongType = await failureOf(sales.complianceUpload(agent, refId, 'governmentIssued', fileOf(garbage, 'id.jpg')))
  expect(wrongType?.status).toBe(415)
  expect(wrongType?.fields?.file).toHaveLength(1)

  const sent = await sales.complianceUpload(agent, refId, 'governmentIssued', fileOf(jpg, 'id.jpg'))
  expect(sent.file).toMatchObject({ category: 'governmentIssued', salesPartner: true, uploadedByAgentCode: 'AGT-0001' })
  expect(sent.compliance).toEqual({ refId, status: 'documents_in_review', openCategories: [] })
  const details = await sales.details(agent, refId)
  expect(details.documents.find((d) => d.id === sent.file.id)?.salesPartner).toBe(true)
  expect(details.timeline.at(-1)).toMatchObject({ reason: 'Documents sent again by agent AGT-0001' })
  const closed = await failureOf(sales.complianceUpload(agent, refId, 'governmentIssued', fileOf(jpg, 'id.jpg')))
  expect(closed?.status).toBe(409)
})
