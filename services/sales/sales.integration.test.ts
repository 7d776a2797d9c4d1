/**
 * The sales calls through the real gateway (issue 13; docs/decisions/0044), on the demo
 * data (MARIA SANTOS's team: AGT-0001 and AGT-0002, their seeded applications, promo codes):
 * who sees what (every call that takes an id tried by the owner, another agent, the admin,
 * another admin, a customer, an applicant and nobody), the list's search, filters and
 * paging, drafts, an application filed through an agent's draft, reassigning (one and
 * bulk, all or nothing), the PDF summary by email, the compliance link, promo codes and stats.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationPayload } from '../../lib/application.ts'
import { eq } from 'drizzle-orm'
import { DEMO_PAYLOAD } from '../applications/seed.ts'
import { applications } from '../applications/tables.ts'
import type { ServiceDeps } from '../context.ts'
import { createFileService } from '../files/service.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import {
  freeSlotId,
  signAccessToken,
  signedCall,
  signedFetch,
  silentLogger,
  startTestGateway,
  type TestGateway,
  uploadRequiredDocuments,
} from '../testing.ts'
import { DEMO_FILINGS } from './seed.ts'

let clock: Date | null = null
let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now: () => clock ?? new Date(),
    signatureClock: () => new Date(),
  })
})
afterAll(() => t?.close())

type Json = Record<string, unknown>
type Headers = Record<string, string>

async function tokenFor(email: string, extra: Json = {}): Promise<Headers> {
  const user = await findUserRowByEmail(t.database.db, email)
  const token = await signAccessToken(t, {
    sub: user!.id,
    realm_access: { roles: user!.roles },
    agentCode: user!.agentCode,
    accountNumber: user!.accountNumbers,
    ...extra,
  })
  return { authorization: `Bearer ${token}` }
}

async function tokenOf(claims: Json & { sub: string }): Promise<Headers> {
  return { authorization: `Bearer ${await signAccessToken(t, claims)}` }
}

const call = (method: string, path: string, headers: Headers = {}, body?: unknown) =>
  signedCall(t, method, path, { headers, body })

let agent1: Headers
let agent2: Headers
let admin: Headers
let otherAdmin: Headers
let customer: Headers
let applicant: Headers
beforeAll(async () => {
  agent1 = await tokenFor('agent@example.com')
  agent2 = await tokenFor('agent2@example.com')
  admin = await tokenFor('admin@example.com')
  customer = await tokenFor('customer@example.com')
  applicant = await tokenFor('applicant@example.com')
  // A TSM of another team (no agents of MARIA's), with a sales-admin token.
  otherAdmin = await tokenOf({ sub: crypto.randomUUID(), realm_access: { roles: ['base', 'sales-admin'] } })
})

async function list(headers: Headers, query = '') {
  return call('GET', `/v1/sales/applications${query}`, headers)
}

const refsOf = (body: { data: { items: { refId: string }[] } }) => body.data.items.map((item) => item.refId)

/** A reference number of a seeded application of an agent, by its demo number. */
async function seededRef(n: number): Promise<string> {
  const filing = DEMO_FILINGS.find((f) => f.n === n)!
  const answer = await list(admin, `?agentCode=${filing.agentCode}&search=${encodeURIComponent(filing.firstName)}`)
  return answer.body.data.items[0].refId
}

// --- filing through an agent's draft ------------------------------------------------------

const servicesDeps = (): ServiceDeps => ({
  db: t.database.db,
  logger: silentLogger,
  productName: t.config.PRODUCT_NAME,
  now: () => clock ?? new Date(),
  storage: t.storage,
})

// A real JPEG: the files service decodes what it stores (issue 32). Bytes after its end marker
// (each upload's own, below) are ignored by the decoder.
const JPEG = fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/government-id.jpg'))

/** An agent's draft, claimed by making it with their token. */
async function newDraft(agent: Headers): Promise<string> {
  const made = await call('POST', '/v1/drafts', agent, { sections: {} })
  expect(made.status).toBe(201)
  return made.body.data.draftId
}

/** Files an application as the sales wizard does: a claimed draft, its documents, the submission, the draft discarded. */
async function fileThroughDraft(agent: Headers, overrides: Partial<ApplicationPayload> = {}): Promise<string> {
  const draftId = await newDraft(agent)
  await uploadRequiredDocuments(servicesDeps(), draftId)
  const payload = {
    ...DEMO_PAYLOAD,
    emailAddress: `client.${crypto.randomUUID().slice(0, 8)}@example.net`,
    appointment: { slotId: await freeSlotId(t) },
    ...overrides,
  }
  const submitted = await signedCall(t, 'POST', '/v3/applicant-details', {
    body: payload,
    headers: { 'idempotency-key': crypto.randomBytes(32).toString('base64url'), 'x-draft-id': draftId },
  })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
  expect((await call('DELETE', `/v1/drafts/${draftId}`, agent)).status).toBe(200)
  return submitted.body.data.referenceNo
}

// --- the tests -------------------------------------------------------------------------

describe('who may call (docs/security.md, Access control)', () => {
  it('every sales call needs a bearer token (401) of a sales role (403 for a customer or an applicant)', async () => {
    const ref = await seededRef(1)
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/sales/agent-details'],
      ['GET', '/v1/sales/applications'],
      ['PATCH', '/v1/sales/applications', { agentCode: 'AGT-0002', refIDList: [ref] }],
      ['GET', '/v1/sales/stats'],
      ['GET', `/v1/sales/applications/${ref}`],
      ['PATCH', `/v1/sales/applications/${ref}`, { agentCode: 'AGT-0002' }],
      ['DELETE', `/v1/sales/applications/${ref}`],
      ['GET', `/v1/sales/applications/${ref}/documents/${crypto.randomUUID()}/content`],
      ['POST', `/v1/sales/applications/${ref}/notifications/pdf`],
      ['POST', `/v1/sales/applications/${ref}/compliance-links`],
      ['GET', '/v1/sales/promo-codes'],
      ['POST', '/v1/sales/promo-codes/validate', { code: 'FIBERWELCOME' }],
    ]
    for (const [method, path, body] of calls) {
      expect((await call(method, path, {}, body)).status, `${method} ${path} without a token`).toBe(401)
      for (const [who, headers] of [
        ['customer', customer],
        ['applicant', applicant],
      ] as const) {
        const answer = await call(method, path, headers, body)
        expect(answer.status, `${method} ${path} as ${who}`).toBe(403)
      }
    }
  })

  it("another agent's application is 404 on every call that takes an id; its own agent and the admin read it", async () => {
    const ref = await seededRef(3)
    const own = await call('GET', `/v1/sales/applications/${ref}`, agent1)
    expect(own.status).toBe(200)
    expect((await call('GET', `/v1/sales/applications/${ref}`, admin)).status).toBe(200)
    for (const headers of [agent2, otherAdmin]) {
      for (const [method, path, body] of [
        ['GET', `/v1/sales/applications/${ref}`],
        ['PATCH', `/v1/sales/applications/${ref}`, { agentCode: 'AGT-0002' }],
        ['DELETE', `/v1/sales/applications/${ref}`],
        ['GET', `/v1/sales/applications/${ref}/documents/${crypto.randomUUID()}/content`],
        ['POST', `/v1/sales/applications/${ref}/notifications/pdf`],
        ['POST', `/v1/sales/applications/${ref}/compliance-links`],
      ] as [string, string, unknown?][]) {
        const answer = await call(method, path, headers, body)
        expect(answer.status, `${method} ${path}`).toBe(404)
        expect(answer.body.error.message).toBe('No such application.')
      }
    }
  })

  it('a sales agent token without an agent code is told the agent data is unavailable', async () => {
    const codeless = await tokenOf({ sub: crypto.randomUUID(), realm_access: { roles: ['base', 'sales-agent'] } })
    const answer = await call('GET', '/v1/sales/agent-details', codeless)
    expect(answer.status).toBe(403)
    expect(answer.body.error.message).toBe('Sales agent data unavailable!')
  })
})

describe('agent details (spec 7: agent code, type, TSM list)', () => {
  it('an agent: their code, type agent and their TSM', async () => {
    const { status, body } = await call('GET', '/v1/sales/agent-details', agent1)
    expect(status).toBe(200)
    expect(body.status).toBe(true)
    expect(body.data).toMatchObject({
      agentCode: 'AGT-0001',
      firstName: 'JOSE',
      lastName: 'BAUTISTA',
      agentType: 'agent',
      tsm: { firstName: 'MARIA', lastName: 'SANTOS', email: 'admin@example.com' },
      team: [],
    })
  })

  it('an admin: type admin and the team with codes and names; another admin has an empty team', async () => {
    const { body } = await call('GET', '/v1/sales/agent-details', admin)
    expect(body.data.agentType).toBe('admin')
    expect(body.data.team).toEqual([
      { agentCode: 'AGT-0001', firstName: 'JOSE', lastName: 'BAUTISTA', email: 'agent@example.com' },
      { agentCode: 'AGT-0002', firstName: 'TERESA', lastName: 'MENDOZA', email: 'agent2@example.com' },
    ])
    const other = await call('GET', '/v1/sales/agent-details', otherAdmin)
    expect(other.body.data.team).toEqual([])
  })
})

describe('the applications list (spec 7)', () => {
  it('an agent sees only their own, newest first; the admin sees the team and filters by agent', async () => {
    const mine = await list(agent1, '?pageSize=50')
    expect(mine.status).toBe(200)
    const items = mine.body.data.items as { agentCode: string; createdAt: string }[]
    expect(items.length).toBeGreaterThanOrEqual(DEMO_FILINGS.filter((f) => f.agentCode === 'AGT-0001').length)
    expect(new Set(items.map((i) => i.agentCode))).toEqual(new Set(['AGT-0001']))
    const times = items.map((i) => Date.parse(i.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))

    const theirs = await list(agent2, '?pageSize=50')
    expect(new Set(theirs.body.data.items.map((i: { agentCode: string }) => i.agentCode))).toEqual(
      new Set(['AGT-0002']),
    )
    // An agent's agentCode filter is ignored: they see their own.
    const sneaky = await list(agent2, '?agentCode=AGT-0001&pageSize=50')
    expect(new Set(sneaky.body.data.items.map((i: { agentCode: string }) => i.agentCode))).toEqual(
      new Set(['AGT-0002']),
    )

    const team = await list(admin, '?pageSize=50')
    expect(team.body.data.total).toBe(mine.body.data.total + theirs.body.data.total)
    const one = await list(admin, '?agentCode=AGT-0002&pageSize=50')
    expect(one.body.data.total).toBe(theirs.body.data.total)
    const outside = await list(admin, '?agentCode=AGT-0999')
    expect(outside.status).toBe(422)
    expect(outside.body.error.fields.agentCode).toEqual(['Not an agent of your team.'])
    expect((await list(otherAdmin)).body.data.total).toBe(0)
  })

  it('buckets map the statuses; search finds by name, reference, email and mobile', async () => {
    const compliance = await list(agent1, '?status=for_compliance')
    expect(compliance.body.data.items.every((i: { bucket: string }) => i.bucket === 'for_compliance')).toBe(true)
    const approved = await list(admin, '?status=approved&agentCode=AGT-0002')
    // installation_scheduled counts as approved.
    expect(approved.body.data.items.map((i: { applicationStatus: string }) => i.applicationStatus)).toEqual([
      'installation_scheduled',
    ])
    const ref = await seededRef(2)
    for (const search of ['jasmine', 'AQUINO', ref.slice(-6), 'jasmine.aquino@', '09180000002', '918 000 0002']) {
      const found = await list(agent1, `?search=${encodeURIComponent(search)}`)
      expect(refsOf(found.body), search).toEqual([ref])
    }
    expect((await list(agent2, '?search=jasmine')).body.data.total).toBe(0)
  })

  it('pages with a total and a maximum page size; filters by Manila dates', async () => {
    const first = await list(agent1, '?pageSize=2&page=1')
    const second = await list(agent1, '?pageSize=2&page=2')
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 2 })
    expect(first.body.data.items).toHaveLength(2)
    expect(refsOf(second.body).some((ref) => refsOf(first.body).includes(ref))).toBe(false)
    expect((await list(agent1, '?pageSize=51')).status).toBe(422)
    expect((await list(agent1, '?from=2026-02-30')).status).toBe(422)
    const future = await list(agent1, '?from=2999-01-01')
    expect(future.body.data.total).toBe(0)
  })
})

describe('drafts (spec 4: Draft Application)', () => {
  it("an agent's claimed draft is listed as a Draft Application, deleted by its agent (status true), not by another", async () => {
    const draftId = await newDraft(agent1)
    const drafts = await list(agent1, '?status=draft')
    const draft = drafts.body.data.items.find((i: { kind: string }) => i.kind === 'draft')
    expect(draft).toMatchObject({ bucket: 'draft', statusLabel: 'Draft Application', agentCode: 'AGT-0001' })
    expect(draft.refId).toMatch(/^DR-[0-9A-Z]{10}$/)
    expect(draft.refId).not.toContain(draftId.slice(0, 10))
    // The newest item of the unfiltered list.
    expect(refsOf((await list(agent1)).body)[0]).toBe(draft.refId)

    expect((await call('GET', `/v1/sales/applications/${draft.refId}`, agent2)).status).toBe(404)
    expect((await call('DELETE', `/v1/sales/applications/${draft.refId}`, agent2)).status).toBe(404)
    expect((await call('DELETE', `/v1/sales/applications/${draft.refId}`, otherAdmin)).status).toBe(404)
    const details = await call('GET', `/v1/sales/applications/${draft.refId}`, admin)
    expect(details.body.data.item.kind).toBe('draft')

    const deleted = await call('DELETE', `/v1/sales/applications/${draft.refId}`, agent1)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ status: true, data: { deleted: true, refId: draft.refId } })
    expect((await call('GET', `/v1/drafts/${draftId}`, agent1)).status).toBe(404)
    expect((await call('DELETE', `/v1/sales/applications/${draft.refId}`, agent1)).status).toBe(404)
  })

  it('a submitted application is not deleted here (409)', async () => {
    const answer = await call('DELETE', `/v1/sales/applications/${await seededRef(1)}`, agent1)
    expect(answer.status).toBe(409)
  })
})

describe('resuming a draft by order id (spec 4, issue 13 item 2)', () => {
  const orderIdOf = async (agent: Headers) => {
    const drafts = await list(agent, '?status=draft')
    return drafts.body.data.items.find((i: { kind: string }) => i.kind === 'draft').refId as string
  }

  it('a new id opens the draft (with its sections and documents) for its agent; the previous id opens nothing', async () => {
    const draftId = await newDraft(agent1)
    const saved = await call('PUT', `/v1/drafts/${draftId}/sections/customerCategory`, agent1, {
      category: 'SME',
      isWorkingGovtEmbassyWorker: false,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const files = createFileService(servicesDeps())
    const bytes = Buffer.concat([JPEG, crypto.randomBytes(8)])
    await files.upload(
      draftId,
      {
        category: 'governmentIssued',
        subCategory: null,
        fileName: 'id.jpg',
        type: 'jpg',
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      },
      Readable.toWeb(Readable.from([bytes])) as WebReadableStream<Uint8Array>,
    )
    const orderId = await orderIdOf(agent1)
    const before = await call('GET', `/v1/drafts/${draftId}`, agent1)

    const resumed = await call('POST', `/v1/sales/applications/${orderId}/resume`, agent1)
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
    const { draftId: newId, orderId: newOrderId, expiresAt, customerSegment } = resumed.body.data
    expect(resumed.body.status).toBe(true)
    expect(customerSegment).toBe('SME')
    expect(newId).not.toBe(draftId)
    expect(newOrderId).toMatch(/^DR-[0-9A-Z]{10}$/)
    expect(newOrderId).not.toBe(orderId)
    expect(expiresAt).toBe(before.body.data.expiresAt)

    const opened = await call('GET', `/v1/drafts/${newId}`, agent1)
    expect(opened.status).toBe(200)
    expect(opened.body.data.sections.customerCategory).toMatchObject({ category: 'SME' })
    expect((await files.list(newId)).map((f) => f.fileName)).toEqual(['id.jpg'])
    expect((await call('GET', `/v1/drafts/${draftId}`, agent1)).status).toBe(404)
    // The list names it by its new order id; the previous one is gone.
    expect(await orderIdOf(agent1)).toBe(newOrderId)
    expect((await call('POST', `/v1/sales/applications/${orderId}/resume`, agent1)).status).toBe(404)
    expect((await call('DELETE', `/v1/sales/applications/${newOrderId}`, agent1)).status).toBe(200)
  })

  it('another agent, another admin, an expired draft and an unknown order id are 404; a customer 403', async () => {
    await newDraft(agent1)
    const orderId = await orderIdOf(agent1)
    expect((await call('POST', `/v1/sales/applications/${orderId}/resume`, agent2)).status).toBe(404)
    expect((await call('POST', `/v1/sales/applications/${orderId}/resume`, otherAdmin)).status).toBe(404)
    expect((await call('POST', `/v1/sales/applications/${orderId}/resume`, customer)).status).toBe(403)
    expect((await call('POST', '/v1/sales/applications/DR-0000000000/resume', agent1)).status).toBe(404)
    expect((await call('POST', `/v1/sales/applications/${await seededRef(1)}/resume`, agent1)).status).toBe(404)

    clock = new Date(Date.now() + 5 * 3_600_000)
    try {
      expect((await call('POST', `/v1/sales/applications/${orderId}/resume`, agent1)).status).toBe(404)
    } finally {
      clock = null
    }
    // The admin resumes a team member's draft; it stays the agent's.
    const byAdmin = await call('POST', `/v1/sales/applications/${orderId}/resume`, admin)
    expect(byAdmin.status).toBe(200)
    expect((await call('GET', `/v1/drafts/${byAdmin.body.data.draftId}`, agent1)).status).toBe(200)
    expect((await call('DELETE', `/v1/sales/applications/${byAdmin.body.data.orderId}`, agent1)).status).toBe(200)
  })
})

describe("an application filed through an agent's draft", () => {
  let ref: string
  beforeAll(async () => {
    // What the body claims is ignored: the draft was claimed by AGT-0001.
    ref = await fileThroughDraft(agent1, {
      agentCode: 'AGT-0002',
      consentsWitnessedBy: 'AGT-0002',
      promoCode: 'HOME1000',
    })
  })

  it("carries the draft's agent code, whatever the body said; a public submission is 'self'", async () => {
    const details = await call('GET', `/v1/sales/applications/${ref}`, agent1)
    expect(details.status).toBe(200)
    expect(details.body.data.item.agentCode).toBe('AGT-0001')
    expect(details.body.data.application.agentCode).toBe('AGT-0001')
    // The consents were witnessed by the draft's agent, whoever the body named. A promo code is the
    // cart's (issue 33; services/orders/promo-pricing.integration.test.ts), never the body's.
    expect(details.body.data.application.consentsWitnessedBy).toBe('AGT-0001')
    expect(details.body.data.application.promoCode).toBeNull()
    expect((await call('GET', `/v1/sales/applications/${ref}`, agent2)).status).toBe(404)

    const publicFiling = await signedCall(t, 'POST', '/v3/applicant-details', {
      body: {
        ...DEMO_PAYLOAD,
        emailAddress: 'walk.in@example.net',
        agentCode: 'AGT-0001',
        consentsWitnessedBy: 'AGT-0001',
        promoCode: 'HOME1000',
        appointment: { slotId: await freeSlotId(t) },
      },
      headers: { 'idempotency-key': crypto.randomBytes(32).toString('base64url') },
    })
    expect(publicFiling.status).toBe(201)
    expect((await call('GET', `/v1/sales/applications/${publicFiling.body.data.referenceNo}`, agent1)).status).toBe(404)
    // Without an agent's draft, no witness and no promo code, whatever the body said.
    const [stored] = await t.database.db
      .select({ payload: applications.payload })
      .from(applications)
      .where(eq(applications.referenceNo, publicFiling.body.data.referenceNo))
    expect(stored!.payload).toMatchObject({ agentCode: 'self', consentsWitnessedBy: null, promoCode: null })
  })

  it('details: everything filed, the documents (bytes for its agent and the admin only), the timeline', async () => {
    const { body } = await call('GET', `/v1/sales/applications/${ref}`, agent1)
    expect(body.data.item).toMatchObject({ kind: 'application', bucket: 'submitted', applicationStatus: 'submitted' })
    expect(body.data.application.firstName).toBe('DEMO')
    expect(body.data.appointment).toMatch(/^\w+day, \w+ \d{2}, \d{4}, /)
    expect(body.data.timeline[0]).toMatchObject({ kind: 'status', status: 'submitted' })
    expect(body.data.documents.length).toBeGreaterThan(0)
    const document = body.data.documents[0]
    expect(document.contentPath).toBe(`/v1/sales/applications/${ref}/documents/${document.id}/content`)
    for (const headers of [agent1, admin]) {
      const bytes = await signedFetch(t, 'GET', document.contentPath, { headers })
      expect(bytes.status).toBe(200)
      expect(bytes.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(bytes.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await bytes.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    }
    for (const headers of [agent2, otherAdmin]) {
      expect((await signedFetch(t, 'GET', document.contentPath, { headers })).status).toBe(404)
    }
    expect((await signedFetch(t, 'GET', document.contentPath, { headers: customer })).status).toBe(403)
    // A file of another application under this reference is not found.
    const other = await seededRef(1)
    expect(
      (
        await signedFetch(t, 'GET', `/v1/sales/applications/${other}/documents/${document.id}/content`, {
          headers: agent1,
        })
      ).status,
    ).toBe(404)
  })

  it('the PDF summary goes to the customer by email through the outbox, a few times an hour', async () => {
    const sent = await call('POST', `/v1/sales/applications/${ref}/notifications/pdf`, agent1)
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ status: true, data: { sent: true } })
    const details = await call('GET', `/v1/sales/applications/${ref}`, agent1)
    const [message] = await latestMessagesFor(t.database.db, details.body.data.item.emailAddress)
    expect(message!.subject).toContain(ref)
    expect(message!.attachments).toHaveLength(1)
    const pdf = Buffer.from(message!.attachments![0]!.contentBase64, 'base64')
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(message!.attachments![0]!.fileName).toBe(`application-${ref}.pdf`)
    await call('POST', `/v1/sales/applications/${ref}/notifications/pdf`, admin)
    await call('POST', `/v1/sales/applications/${ref}/notifications/pdf`, agent1)
    const fourth = await call('POST', `/v1/sales/applications/${ref}/notifications/pdf`, agent1)
    expect(fourth.status).toBe(429)
  })

  it('resending the compliance link: only while the application waits for documents', async () => {
    expect((await call('POST', `/v1/sales/applications/${ref}/compliance-links`, agent1)).status).toBe(409)
    const waiting = await seededRef(3)
    const resent = await call('POST', `/v1/sales/applications/${waiting}/compliance-links`, agent1)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ status: true, data: { sent: true } })
    const filing = DEMO_FILINGS.find((f) => f.n === 3)!
    const [message] = await latestMessagesFor(t.database.db, `${filing.firstName.toLowerCase()}.torres@example.com`)
    expect(message!.body).toContain(waiting)
  })
})

describe("the applicant's email verification in the agent's view (spec 4, issue 33)", () => {
  it('is not yet until the customer opens the emailed link, then says when', async () => {
    const ref = await fileThroughDraft(agent1)
    const before = await call('GET', `/v1/sales/applications/${ref}`, agent1)
    expect(before.body.data.emailVerifiedAt).toBeNull()
    const messages = await latestMessagesFor(t.database.db, before.body.data.item.emailAddress)
    const link = messages.map((m) => /\/verifyEmail\/OO-([A-Za-z0-9_-]{43})/.exec(m.body ?? '')?.[1]).find(Boolean)
    expect(link, 'the verification email sent on submission').toBeTruthy()
    expect((await call('PATCH', '/v1/applications/verify-email/oo', {}, { token: link })).status).toBe(200)
    const after = await call('GET', `/v1/sales/applications/${ref}`, agent1)
    expect(after.body.data.emailVerifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })
})

describe('reassigning (spec 3: agentCode, refIDList)', () => {
  it('an agent may not reassign (403 on their own, 404 on another agent’s)', async () => {
    const ref = await fileThroughDraft(agent1)
    const refused = await call('PATCH', `/v1/sales/applications/${ref}`, agent1, { agentCode: 'AGT-0002' })
    expect(refused.status).toBe(403)
    const bulk = await call('PATCH', '/v1/sales/applications', agent1, { agentCode: 'AGT-0001', refIDList: [ref] })
    expect(bulk.status).toBe(403)
  })

  it('the admin moves one application to another agent of the team (status true); the timeline shows it', async () => {
    const ref = await fileThroughDraft(agent1)
    const moved = await call('PATCH', `/v1/sales/applications/${ref}`, admin, { agentCode: 'AGT-0002' })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ status: true, data: { refId: ref, agentCode: 'AGT-0002', moved: true } })
    expect((await call('GET', `/v1/sales/applications/${ref}`, agent1)).status).toBe(404)
    const now = await call('GET', `/v1/sales/applications/${ref}`, agent2)
    expect(now.body.data.item.agentCode).toBe('AGT-0002')
    expect(now.body.data.timeline.at(-1)).toMatchObject({
      kind: 'reassigned',
      fromAgentCode: 'AGT-0001',
      toAgentCode: 'AGT-0002',
    })
    const outside = await call('PATCH', `/v1/sales/applications/${ref}`, admin, { agentCode: 'AGT-0999' })
    expect(outside.status).toBe(422)
  })

  it('bulk: all or nothing, answering which moved; references and agents outside the team are refused', async () => {
    const [a, b] = [await fileThroughDraft(agent1), await fileThroughDraft(agent1)]
    const publicFiling = await signedCall(t, 'POST', '/v3/applicant-details', {
      body: { ...DEMO_PAYLOAD, emailAddress: 'self.filed@example.net', appointment: { slotId: await freeSlotId(t) } },
      headers: { 'idempotency-key': crypto.randomBytes(32).toString('base64url') },
    })
    const outsider = publicFiling.body.data.referenceNo as string

    const refused = await call('PATCH', '/v1/sales/applications', admin, {
      agentCode: 'AGT-0002',
      refIDList: [a, outsider, 'OO-000000-NOSUCH'],
    })
    expect(refused.status).toBe(422)
    expect(refused.body.error.fields.refIDList).toEqual([outsider, 'OO-000000-NOSUCH'])
    expect((await call('GET', `/v1/sales/applications/${a}`, agent1)).status).toBe(200)

    const otherTeam = await call('PATCH', '/v1/sales/applications', otherAdmin, {
      agentCode: 'AGT-0002',
      refIDList: [a],
    })
    expect(otherTeam.status).toBe(422)

    const moved = await call('PATCH', '/v1/sales/applications', admin, { agentCode: 'AGT-0002', refIDList: [a, b] })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ status: true, data: { agentCode: 'AGT-0002', moved: [a, b], unchanged: [] } })
    const again = await call('PATCH', '/v1/sales/applications', admin, { agentCode: 'AGT-0002', refIDList: [a] })
    expect(again.body.data).toMatchObject({ moved: [], unchanged: [a] })
    expect((await call('GET', `/v1/sales/applications/${b}`, agent2)).status).toBe(200)
  })
})

describe('promo codes (spec 7)', () => {
  it('lists the codes valid today, by segment, and checks a typed one', async () => {
    const all = await call('GET', '/v1/sales/promo-codes', agent1)
    expect(all.body.data.promoCodes.map((p: { code: string }) => p.code)).toEqual([
      'FIBERWELCOME',
      'HOME1000',
      'SMEBOOST',
    ])
    const sme = await call('GET', '/v1/sales/promo-codes?segment=SME', agent1)
    expect(sme.body.data.promoCodes.map((p: { code: string }) => p.code)).toEqual(['FIBERWELCOME', 'SMEBOOST'])
    const valid = await call('POST', '/v1/sales/promo-codes/validate', agent1, { code: ' home1000 ' })
    expect(valid.body.data).toMatchObject({ code: 'HOME1000', discountPesos: 1000 })
    const wrongSegment = await call('POST', '/v1/sales/promo-codes/validate', agent1, {
      code: 'HOME1000',
      segment: 'SME',
    })
    expect(wrongSegment.status).toBe(422)
    expect(wrongSegment.body.error.fields.code).toEqual(['This promo code is not valid.'])
  })
})

describe('stats (Manila weeks and months, the services clock)', () => {
  it('this week, this month, conversion and 14 days for a new agent, and for the admin by agent', async () => {
    const agent = await tokenOf({
      sub: crypto.randomUUID(),
      realm_access: { roles: ['base', 'sales-agent'] },
      agentCode: 'AGT-0777',
    })
    const at = (iso: string) => (clock = new Date(iso))
    try {
      at('2026-10-30T02:00:00Z') // last month
      await fileThroughDraft(agent)
      at('2026-11-10T02:00:00Z') // this month, an earlier week
      await fileThroughDraft(agent)
      at('2026-11-23T01:00:00Z') // Monday 09:00 Manila: this week
      await fileThroughDraft(agent)
      at('2026-11-24T17:30:00Z') // Wednesday 01:30 Manila
      await fileThroughDraft(agent)
      at('2026-11-25T02:00:00Z') // Wednesday 10:00 Manila: a draft, still live
      await newDraft(agent)
      const { status, body } = await call('GET', '/v1/sales/stats', agent)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({
        agentCode: 'AGT-0777',
        today: '2026-11-25',
        thisWeek: { from: '2026-11-23', submitted: 2, drafts: 1, filed: 3 },
        thisMonth: { from: '2026-11-01', submitted: 3, drafts: 1, filed: 4 },
        conversion: { filed: 4, submitted: 3, rate: 0.75 },
      })
      expect(body.data.daily).toHaveLength(14)
      expect(body.data.daily[0].date).toBe('2026-11-12')
      expect(body.data.daily.at(-1)).toEqual({ date: '2026-11-25', drafts: 1, submitted: 1 })
      expect(body.data.daily.find((d: { date: string }) => d.date === '2026-11-23')).toEqual({
        date: '2026-11-23',
        drafts: 0,
        submitted: 1,
      })
      // MARIA's team does not include AGT-0777.
      expect((await call('GET', '/v1/sales/stats?agentCode=AGT-0777', admin)).status).toBe(422)
      const team = await call('GET', '/v1/sales/stats?agentCode=AGT-0002', admin)
      expect(team.body.data.agentCode).toBe('AGT-0002')
    } finally {
      clock = null
    }
  })
})
