/**
 * The drafts service through the real gateway (docs/decisions/0018): a draft lives 4 hours
 * after its last save by the services' clock (spec 9), sections are checked by their
 * schema, and a claimed draft opens only with its owner's bearer token (docs/security.md,
 * Access control).
 */
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADER, computeSignature, newRequestId } from '../../lib/signature.ts'
import { gatewayFromConfig } from '../gateway.ts'
import { signAccessToken, startTestGateway, type TestGateway } from '../testing.ts'
import type { ServiceDeps } from '../context.ts'
import { createDraftService, hashDraftId, MAX_DRAFT_BYTES } from './service.ts'
import { drafts } from './tables.ts'

// One clock for the gateway and the service: tests move it instead of sleeping.
let nowMs = Date.parse('2026-11-22T08:00:00Z')
const advance = (ms: number) => (nowMs += ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ now: () => new Date(nowMs) })
})
afterAll(() => t?.close())

type Answer = { status: number; body: any }

/** A signed call to the gateway, timestamped with the test clock, as a visitor or with a bearer token. */
async function call(method: string, path: string, body?: unknown, accessToken?: string): Promise<Answer> {
  const text = body === undefined ? '' : JSON.stringify(body)
  const requestId = newRequestId()
  const timestamp = Math.floor(nowMs / 1000)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADER.channel]: t.config.channel,
    [HEADER.requestId]: requestId,
    [HEADER.timestamp]: String(timestamp),
    [HEADER.signature]: computeSignature({
      scheme: t.config.UPSTREAM_SIGNATURE_SCHEME,
      secret: t.config.upstreamSecret,
      channel: t.config.channel,
      method,
      pathWithQuery: path,
      requestId,
      timestamp,
      body: text,
    }),
  }
  if (accessToken) headers.authorization = `Bearer ${accessToken}`
  const response = await t.fetch(
    new Request(`http://upstream.internal${path}`, { method, body: text || undefined, headers }),
  )
  return { status: response.status, body: await response.json() }
}

const BASIC_INFO = {
  firstName: 'Juan',
  lastName: 'dela Cruz',
  mobileNo: '(917) 123 4567',
  email: 'juan@example.com',
  checkTerms: true,
}

async function newDraft(sections: Record<string, unknown> = {}, accessToken?: string): Promise<string> {
  const created = await call('POST', '/v1/drafts', { sections }, accessToken)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.data.draftId as string
}

const tokenFor = (sub: string, claims: Record<string, unknown> = {}) =>
  signAccessToken(t, { sub, realm_access: { roles: ['base'] }, ...claims })

describe('a new draft', () => {
  it('has a 256-bit id of which only the hash is stored, and validated sections', async () => {
    const created = await call('POST', '/v1/drafts', { sections: { basicInfo: BASIC_INFO } })
    expect(created.status).toBe(201)
    const { draftId, expiresAt } = created.body.data
    expect(draftId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(expiresAt).toBe(new Date(nowMs + 4 * HOUR).toISOString())
    const rows = await t.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.idHash, hashDraftId(draftId)))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).not.toContain(draftId)

    const read = await call('GET', `/v1/drafts/${draftId}`)
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual({
      draftId,
      expiresAt,
      ownerSub: null,
      // spec 5: names upper-cased; the mobile number as its 10 digits.
      sections: {
        basicInfo: {
          firstName: 'JUAN',
          lastName: 'DELA CRUZ',
          mobileNo: '9171234567',
          email: 'juan@example.com',
          checkTerms: true,
        },
      },
    })
  })

  it('refuses a section the registry does not know, or a bad value, when created with them', async () => {
    const unknown = await call('POST', '/v1/drafts', { sections: { creditCard: { number: '4111' } } })
    expect(unknown.status).toBe(400)
    const bad = await call('POST', '/v1/drafts', { sections: { basicInfo: { ...BASIC_INFO, email: 'juan@' } } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ 'sections.basicInfo.email': ['Invalid email format'] })
  })
})

describe('expiry: 4 hours after the last save (spec 9), by the injected clock', () => {
  it('is alive at 3h59m and gone at 4h01m, for reads and writes alike, and the row is deleted', async () => {
    const draftId = await newDraft({ basicInfo: BASIC_INFO })
    advance(3 * HOUR + 59 * MINUTE)
    expect((await call('GET', `/v1/drafts/${draftId}`)).status).toBe(200)
    advance(2 * MINUTE)
    const gone = await call('GET', `/v1/drafts/${draftId}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error.code).toBe('draft_not_found')
    expect((await call('PUT', `/v1/drafts/${draftId}/sections/basicInfo`, BASIC_INFO)).status).toBe(404)
    expect(
      await t.database.db
        .select()
        .from(drafts)
        .where(eq(drafts.idHash, hashDraftId(draftId))),
    ).toEqual([])
  })

  it('starts again at each save: saved at +3h, it is still there at +6h59m and gone at +7h01m', async () => {
    const draftId = await newDraft()
    advance(3 * HOUR)
    const saved = await call('PUT', `/v1/drafts/${draftId}/sections/basicInfo`, BASIC_INFO)
    expect(saved.status).toBe(200)
    expect(saved.body.data.expiresAt).toBe(new Date(nowMs + 4 * HOUR).toISOString())
    advance(3 * HOUR + 59 * MINUTE)
    const read = await call('GET', `/v1/drafts/${draftId}`)
    expect(read.status).toBe(200)
    expect(read.body.data.sections.basicInfo.firstName).toBe('JUAN')
    advance(2 * MINUTE)
    expect((await call('GET', `/v1/drafts/${draftId}`)).status).toBe(404)
  })

  it('starts again when extended (issue 38, item 6: Continue), changing nothing else; an ended one is not found', async () => {
    const draftId = await newDraft({ basicInfo: BASIC_INFO })
    const before = (await call('GET', `/v1/drafts/${draftId}`)).body.data.sections
    advance(3 * HOUR + 55 * MINUTE)
    const extended = await call('POST', `/v1/drafts/${draftId}/extend`)
    expect(extended.status).toBe(200)
    expect(extended.body.data).toEqual({ expiresAt: new Date(nowMs + 4 * HOUR).toISOString() })
    advance(3 * HOUR + 59 * MINUTE)
    const read = await call('GET', `/v1/drafts/${draftId}`)
    expect(read.status).toBe(200)
    expect(read.body.data.sections).toEqual(before)
    advance(2 * MINUTE)
    const ended = await call('POST', `/v1/drafts/${draftId}/extend`)
    expect(ended.status).toBe(404)
    expect(ended.body.error.code).toBe('draft_not_found')
    expect((await call('GET', `/v1/drafts/${draftId}`)).status).toBe(404)
  })

  it('purges expired drafts nobody comes back for when a new draft is made', async () => {
    const forgotten = await newDraft({ basicInfo: BASIC_INFO })
    advance(4 * HOUR + MINUTE)
    await newDraft()
    expect(
      await t.database.db
        .select()
        .from(drafts)
        .where(eq(drafts.idHash, hashDraftId(forgotten))),
    ).toEqual([])
  })
})

describe('sections', () => {
  it("refuses a bad value with 400 and each field's spec 5 message, and keeps what was there", async () => {
    const draftId = await newDraft({ basicInfo: BASIC_INFO })
    const bad = await call('PUT', `/v1/drafts/${draftId}/sections/basicInfo`, {
      firstName: '',
      lastName: 'Cruz2',
      mobileNo: '7171234567',
      email: 'not-an-email',
      checkTerms: true,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({
      firstName: ['Please enter first name'],
      lastName: ['Invalid last name'],
      mobileNo: ['Invalid mobile number'],
      email: ['Invalid email format'],
    })
    const tooLong = await call('PUT', `/v1/drafts/${draftId}/sections/basicInfo`, {
      ...BASIC_INFO,
      firstName: 'A'.repeat(51),
      mobileNo: '',
    })
    expect(tooLong.body.error.fields).toEqual({
      firstName: ['Input limit exceeded'],
      mobileNo: ['This field required'],
    })
    const read = await call('GET', `/v1/drafts/${draftId}`)
    expect(read.body.data.sections.basicInfo.firstName).toBe('JUAN')
  })

  it('answers 404 for a section the registry does not know', async () => {
    const draftId = await newDraft()
    const unknown = await call('PUT', `/v1/drafts/${draftId}/sections/creditCard`, { number: '4111' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('section_not_found')
    expect((await call('DELETE', `/v1/drafts/${draftId}/sections/creditCard`)).status).toBe(404)
  })

  it('clears one section, then discards the whole draft', async () => {
    const draftId = await newDraft({ basicInfo: BASIC_INFO })
    const cleared = await call('DELETE', `/v1/drafts/${draftId}/sections/basicInfo`)
    expect(cleared.status).toBe(200)
    expect((await call('GET', `/v1/drafts/${draftId}`)).body.data.sections).toEqual({})
    expect((await call('DELETE', `/v1/drafts/${draftId}`)).status).toBe(200)
    expect((await call('GET', `/v1/drafts/${draftId}`)).status).toBe(404)
    expect((await call('DELETE', `/v1/drafts/${draftId}`)).status).toBe(404)
  })

  it('answers an id that cannot be one like an unknown id', async () => {
    for (const id of ['short', 'x'.repeat(43) + '%2F..', "' OR 1=1 --"]) {
      const answer = await call('GET', `/v1/drafts/${encodeURIComponent(id)}`)
      expect(answer.status, id).toBe(404)
    }
    expect((await call('GET', `/v1/drafts/${'A'.repeat(43)}`)).body.error.code).toBe('draft_not_found')
  })
})

describe('ownership', () => {
  it('once claimed, a draft opens only with the owner’s token: without one, or with another user’s, it is not found', async () => {
    const owner = await tokenFor('user-owner')
    const stranger = await tokenFor('user-stranger')
    const draftId = await newDraft({ basicInfo: BASIC_INFO })

    expect((await call('POST', `/v1/drafts/${draftId}/claim`)).status).toBe(401)
    const claimed = await call('POST', `/v1/drafts/${draftId}/claim`, undefined, owner)
    expect(claimed.status).toBe(200)
    expect(claimed.body.data).toMatchObject({ ownerSub: 'user-owner', agentCode: null })

    const path = `/v1/drafts/${draftId}`
    for (const token of [undefined, stranger]) {
      const who = token ? 'another user' : 'no token'
      const read = await call('GET', path, undefined, token)
      expect(read.status, who).toBe(404)
      expect(read.body.error.code, who).toBe('draft_not_found')
      expect((await call('PUT', `${path}/sections/basicInfo`, BASIC_INFO, token)).status, who).toBe(404)
      expect((await call('DELETE', `${path}/sections/basicInfo`, undefined, token)).status, who).toBe(404)
      expect((await call('DELETE', path, undefined, token)).status, who).toBe(404)
      expect((await call('POST', `${path}/extend`, undefined, token)).status, who).toBe(404)
    }
    // Someone else claiming it is refused the same way; the owner again is fine.
    expect((await call('POST', `${path}/claim`, undefined, stranger)).status).toBe(404)
    expect((await call('POST', `${path}/claim`, undefined, owner)).status).toBe(200)

    const read = await call('GET', path, undefined, owner)
    expect(read.status).toBe(200)
    expect(read.body.data.ownerSub).toBe('user-owner')
    expect((await call('PUT', `${path}/sections/basicInfo`, BASIC_INFO, owner)).status).toBe(200)
    expect((await call('DELETE', path, undefined, owner)).status).toBe(200)
  })

  it("keeps an agent's code with a draft the agent claims, and owns a draft a signed-in caller creates", async () => {
    const agent = await tokenFor('user-agent', {
      realm_access: { roles: ['base', 'sales-agent'] },
      agentCode: 'AG-0042',
    })
    const draftId = await newDraft({}, agent)
    expect((await call('GET', `/v1/drafts/${draftId}`)).status).toBe(404)
    expect((await call('GET', `/v1/drafts/${draftId}`, undefined, agent)).body.data.ownerSub).toBe('user-agent')
    const [row] = await t.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.idHash, hashDraftId(draftId)))
    expect(row?.agentCode).toBe('AG-0042')
  })

  it('refuses a bearer token that does not verify, rather than reading the call as anonymous', async () => {
    const draftId = await newDraft()
    const forged = await tokenFor('user-owner', {})
    const [header, payload] = forged.split('.')
    const answer = await call('GET', `/v1/drafts/${draftId}`, undefined, `${header}.${payload}.AAAA`)
    expect(answer.status).toBe(401)
  })
})

describe('logs', () => {
  it('never carry a draft id: the gateway logs its paths with the id replaced', async () => {
    const lines: string[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) })
    const gateway = gatewayFromConfig(t.config, {
      db: t.database.db,
      logger,
      productName: t.config.PRODUCT_NAME,
      now: () => new Date(nowMs),
    })
    const draftId = await newDraft()
    // An unsigned call is refused, and the refusal is logged with its path.
    const refused = await gateway.fetch(new Request(`http://upstream.internal/v1/drafts/${draftId}/sections/basicInfo`))
    expect(refused.status).toBe(401)
    expect(lines.join('')).toContain('/v1/drafts/:draftId/sections/basicInfo')
    expect(lines.join('')).not.toContain(draftId)
  })
})

describe('a save (one statement, issue 8)', () => {
  const service = () => createDraftService({ db: t.database.db, now: () => new Date(nowMs) } as ServiceDeps)

  it('refuses a change that would take the draft past its size limit with 413, and keeps what was there', async () => {
    const draftId = await newDraft({ basicInfo: BASIC_INFO })
    const big = { text: 'x'.repeat(MAX_DRAFT_BYTES) }
    await expect(service().saveSection(draftId, 'plan', big, null)).rejects.toMatchObject({
      httpStatus: 413,
      code: 'draft_too_large',
    })
    // Just under the limit passes: the limit is on the whole draft as stored, not a section.
    const stored = await t.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.idHash, hashDraftId(draftId)))
    const room = MAX_DRAFT_BYTES - Buffer.byteLength(JSON.stringify(stored[0]!.sections)) - 200
    await service().saveSection(draftId, 'plan', { text: 'x'.repeat(room) }, null)
    const after = await call('GET', `/v1/drafts/${draftId}`)
    expect(after.body.data.sections.basicInfo).toMatchObject({ firstName: 'JUAN', email: BASIC_INFO.email })
    expect(after.body.data.sections.plan.text).toHaveLength(room)
    // A draft nobody can use is still a 404, not a 413.
    await expect(service().saveSection('x'.repeat(43), 'plan', big, null)).rejects.toMatchObject({ httpStatus: 404 })
  })

  it('keeps both of two sections saved at the same moment', async () => {
    const draftId = await newDraft()
    const lead = { leadId: 'L-1', referenceNo: 'CA-1' }
    await Promise.all([
      call('PUT', `/v1/drafts/${draftId}/sections/basicInfo`, BASIC_INFO),
      service().saveSection(draftId, 'lead', lead, null),
    ])
    const sections = (await call('GET', `/v1/drafts/${draftId}`)).body.data.sections
    expect(sections).toEqual({ basicInfo: expect.objectContaining({ email: BASIC_INFO.email }), lead })
  })
})
