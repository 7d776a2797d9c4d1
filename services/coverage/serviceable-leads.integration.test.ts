/**
 * spec 7's serviceable leads (issue 33, item 7): a draft whose check was serviceable and that
 * expires without an application becomes one lead, recorded once however many copies purge,
 * and only a sales admin reads them (their team's and the visitors' own).
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PAYLOAD } from '../applications/seed.ts'
import type { ServiceDeps } from '../context.ts'
import { createDraftService } from '../drafts/service.ts'
import {
  bearerOf,
  freeSlotId,
  signAccessToken,
  signedCall,
  silentLogger,
  startTestGateway,
  uploadRequiredDocuments,
  type TestGateway,
} from '../testing.ts'

const HOUR = 3_600_000
let nowMs = Date.now()
let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true, now: () => new Date(nowMs), signatureClock: () => new Date() })
})
afterAll(() => t?.close())

type Headers = Record<string, string>
const call = (method: string, path: string, headers: Headers = {}, body?: unknown) =>
  signedCall(t, method, path, { headers, body })

const tokenFor = (email: string): Promise<Headers> => bearerOf(t, email)

const deps = (): ServiceDeps => ({
  db: t.database.db,
  logger: silentLogger,
  productName: t.config.PRODUCT_NAME,
  now: () => new Date(nowMs),
  storage: t.storage,
})

/** What step 1 and step 2 of the check leave in a draft, with the check's outcome. */
function checked(email: string, outcome: 'serviceable' | 'not-serviceable' | null) {
  return {
    basicInfo: { firstName: 'Rosa', lastName: 'Lim', mobileNo: '0917 555 0123', email, checkTerms: true },
    serviceability: {
      choice: {
        regionId: '13',
        provinceId: '1376',
        municipalityId: '137602',
        barangayId: '137602001',
        locationType: 'Building',
        placeId: 'B-1',
        latitude: '14.5547',
        longitude: '121.0244',
      },
      names: {
        region: 'National Capital Region (NCR)',
        province: 'Metro Manila',
        municipality: 'Makati',
        barangay: 'Bel-Air',
        place: 'Demo Makati Tower',
      },
      zipCode: '1209',
      result: outcome ? { outcome, checkedAt: new Date(nowMs).toISOString(), referenceNo: `CHK-${email}` } : null,
    },
  }
}

async function draftWith(sections: Record<string, unknown>, headers: Headers = {}): Promise<string> {
  const made = await call('POST', '/v1/drafts', headers, { sections })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.data.draftId
}

const unique = (tag: string) => `${tag}.${crypto.randomUUID().slice(0, 8)}@example.net`

async function leadsSeenBy(headers: Headers) {
  const answer = await call('GET', '/v1/sales/serviceable-leads', headers)
  return { status: answer.status, emails: (answer.body.data ?? []).map((lead: { email: string }) => lead.email) }
}

let admin: Headers
let agent: Headers
let otherAdmin: Headers
beforeAll(async () => {
  admin = await tokenFor('admin@example.com')
  agent = await tokenFor('agent@example.com')
  const other = await signAccessToken(t, { sub: crypto.randomUUID(), realm_access: { roles: ['base', 'sales-admin'] } })
  otherAdmin = { authorization: `Bearer ${other}` }
})

describe('an expired draft', () => {
  it('with a serviceable check becomes one lead, whichever of two copies purges it', async () => {
    const email = unique('serviceable')
    await draftWith(checked(email, 'serviceable'))
    const notServiceable = unique('not-serviceable')
    await draftWith(checked(notServiceable, 'not-serviceable'))
    const unchecked = unique('unchecked')
    await draftWith(checked(unchecked, null))
    // Before its 4 hours are over nothing is a lead.
    expect((await leadsSeenBy(admin)).emails).not.toContain(email)

    nowMs += 4 * HOUR + 60_000
    // Two copies of the services purge at the same moment.
    await Promise.all([createDraftService(deps()).purgeExpired(), createDraftService(deps()).purgeExpired()])
    await createDraftService(deps()).purgeExpired()

    const seen = await call('GET', '/v1/sales/serviceable-leads', admin)
    expect(seen.status).toBe(200)
    const leads = seen.body.data.filter((lead: { email: string }) => lead.email === email)
    expect(leads).toEqual([
      expect.objectContaining({
        firstName: 'ROSA',
        lastName: 'LIM',
        mobileNumber: '9175550123',
        address: 'Demo Makati Tower, Bel-Air, Makati, Metro Manila',
        checkReferenceNo: `CHK-${email}`,
        agentCode: 'self',
      }),
    ])
    const emails = seen.body.data.map((lead: { email: string }) => lead.email)
    expect(emails).not.toContain(notServiceable)
    expect(emails).not.toContain(unchecked)
  })

  it('that became an application leaves no lead', async () => {
    const email = unique('applied')
    const draftId = await draftWith(checked(email, 'serviceable'))
    await uploadRequiredDocuments(deps(), draftId)
    const slotId = await freeSlotId(t)
    const submitted = await signedCall(t, 'POST', '/v3/applicant-details', {
      body: { ...DEMO_PAYLOAD, emailAddress: email, appointment: { slotId } },
      headers: { 'idempotency-key': crypto.randomBytes(32).toString('base64url'), 'x-draft-id': draftId },
    })
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
    // The portal's discard did not arrive: the draft expires like any other.
    nowMs += 4 * HOUR + 60_000
    await createDraftService(deps()).purgeExpired()
    expect((await leadsSeenBy(admin)).emails).not.toContain(email)
  })
})

describe('who reads the leads', () => {
  it("an agent's check is its team's: their admin sees it, another team's admin and the agent do not", async () => {
    const email = unique('agent-checked')
    await draftWith(checked(email, 'serviceable'), agent)
    nowMs += 4 * HOUR + 60_000
    await createDraftService(deps()).purgeExpired()
    const mine = await call('GET', '/v1/sales/serviceable-leads', admin)
    expect(mine.body.data.find((lead: { email: string }) => lead.email === email)).toMatchObject({
      agentCode: 'AGT-0001',
    })
    expect((await leadsSeenBy(otherAdmin)).emails).not.toContain(email)
    expect((await leadsSeenBy(agent)).status).toBe(403)
    expect((await leadsSeenBy({})).status).toBe(401)
  })
})
