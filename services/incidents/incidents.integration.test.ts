/**
 * Incidents through the real gateway (issue 37, item 2; docs/decisions/0075): areas checked
 * against the PSGC list, a municipality covering its barangays, the account's incidents by its
 * barangay, every change audited with who made it, the 48-hour rule of the planned exclusion,
 * the NMS channel's own signature and its Idempotency-Key, and who may run incidents.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { idempotentAnswers } from '../replay/tables.ts'
import { DEMO_OUTAGE } from './seed.ts'
import { incidentsAffectingAccount, incidentsInArea } from './service.ts'
import { incidentAudit, incidents } from './tables.ts'

const NMS_SECRET = 'test-nms-secret-0123456789-abcdefghijkl'
const HOUR_MS = 3_600_000
// Pasig: San Antonio (CARLOS's 001), Ugong (his 002); Makati's Poblacion (LIZA's 003).
const PASIG = '81200'
const SAN_ANTONIO = '81200019'
const UGONG = '81200029'
const MAKATI_POBLACION = '80300020'

let nowMs = Date.parse('2030-03-02T02:00:00Z')
const now = () => new Date(nowMs)

let t: TestGateway
let operator: Record<string, string>
beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now,
    signatureClock: () => new Date(),
    env: { NMS_CHANNEL_SECRET: NMS_SECRET },
  })
  const token = await signAccessToken(t, { sub: 'operator-subject-1', realm_access: { roles: ['base', 'operator'] } })
  operator = { authorization: `Bearer ${token}` }
})
afterAll(() => t?.close())

const asOperator = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  signedCall(t, method, path, { body, headers: { ...operator, ...headers } })
const asNms = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  signedCall(t, method, path, { body, headers, channel: 'NMS', secret: NMS_SECRET })

const iso = (ms: number) => new Date(ms).toISOString()

describe('incidents', () => {
  it('opens an outage over a whole municipality, which covers every barangay in it', async () => {
    const opened = await asOperator('POST', '/v1/incidents', {
      kind: 'outage',
      cause: 'Feeder cable damaged by a crane in Pasig.',
      areas: { municipalities: [PASIG] },
      estimatedRestoreAt: iso(nowMs + 6 * HOUR_MS),
    })
    expect(opened.status).toBe(201)
    expect(opened.body.data.areas).toEqual([
      { level: 'municipality', code: PASIG, name: 'City of Pasig, Metro Manila' },
    ])
    const id = opened.body.data.id

    // CARLOS's 002 (Ugong) is reached through the city; LIZA's 003 in Makati is not.
    const reached = await incidentsAffectingAccount(t.database.db, '1000000000002', now())
    expect(reached.map((incident) => incident.id)).toContain(id)
    expect(await incidentsAffectingAccount(t.database.db, '1000000000003', now())).toEqual([])

    const inUgong = await incidentsInArea(t.database.db, UGONG, { current: true }, now())
    expect(inUgong.current.map((incident) => incident.id)).toContain(id)
    // The public read: by barangay or by city, without who posted or the audit.
    const pub = await asOperator('GET', `/v1/incidents/public?area=${SAN_ANTONIO}&current=true`)
    expect(pub.status).toBe(200)
    expect(pub.body.data.current.map((incident: { id: string }) => incident.id)).toEqual(expect.arrayContaining([id]))
    expect(JSON.stringify(pub.body.data)).not.toContain('operator-subject-1')
    const makati = await signedCall(t, 'GET', `/v1/incidents/public?area=${MAKATI_POBLACION}&current=true`)
    expect(makati.body.data.current).toEqual([])

    await asOperator('POST', `/v1/incidents/${id}/resolve`, {})
  })

  it('an incident for one barangay reaches its accounts only, and a city query finds it', async () => {
    const reached = await incidentsAffectingAccount(t.database.db, '1000000000001', now())
    expect(reached.map((incident) => incident.cause)).toEqual([DEMO_OUTAGE.cause])
    expect(await incidentsAffectingAccount(t.database.db, '1000000000002', now())).toEqual([])
    const city = await incidentsInArea(t.database.db, PASIG, { current: true }, now())
    expect(city.current.map((incident) => incident.cause)).toContain(DEMO_OUTAGE.cause)
  })

  it('answers the incidents reaching an account to its holder only', async () => {
    const carlos = await signAccessToken(t, {
      sub: 'carlos',
      realm_access: { roles: ['base', 'customer'] },
      accountNumber: ['1000000000001', '1000000000002'],
    })
    const own = await signedCall(t, 'POST', '/v1/incidents/account', {
      body: { accountNumber: '1000000000001' },
      headers: { authorization: `Bearer ${carlos}` },
    })
    expect(own.status).toBe(200)
    expect(own.body.data.current.map((i: { cause: string }) => i.cause)).toContain(DEMO_OUTAGE.cause)
    expect(JSON.stringify(own.body.data)).not.toContain('audit')
    const other = await signedCall(t, 'POST', '/v1/incidents/account', {
      body: { accountNumber: '1000000000003' },
      headers: { authorization: `Bearer ${carlos}` },
    })
    expect(other.status).toBe(403)
  })

  it('refuses area codes that are not in the PSGC list, beside the field', async () => {
    const refused = await asOperator('POST', '/v1/incidents', {
      kind: 'outage',
      cause: 'Somewhere unknown.',
      areas: { barangays: ['99999999'], municipalities: [] },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.error.fields['areas.barangays']).toEqual(['No such barangay: 99999999.'])
    const none = await asOperator('POST', '/v1/incidents', { kind: 'outage', cause: 'Nowhere.', areas: {} })
    expect(none.status).toBe(422)
  })

  it('keeps every update and estimate in order and audits every change with who made it', async () => {
    const opened = await asOperator('POST', '/v1/incidents', {
      kind: 'outage',
      cause: 'Power loss at the Makati exchange.',
      areas: { barangays: [MAKATI_POBLACION] },
    })
    const id = opened.body.data.id
    nowMs += 10 * 60_000
    await asOperator('POST', `/v1/incidents/${id}/updates`, { text: 'Generators are on their way.' })
    nowMs += 10 * 60_000
    await asNms('POST', `/v1/incidents/${id}/estimate`, { estimatedRestoreAt: iso(nowMs + 2 * HOUR_MS) })
    await asOperator('POST', `/v1/incidents/${id}/exclusion`, { exclusion: 'third_party' })
    await asOperator('POST', `/v1/incidents/${id}/areas`, {
      areas: { barangays: [MAKATI_POBLACION, '80300002'], municipalities: [] },
    })
    nowMs += 60 * 60_000
    const resolved = await asOperator('POST', `/v1/incidents/${id}/resolve`, { text: 'Power is back.' })
    expect(resolved.status).toBe(200)
    expect(resolved.body.data.resolvedAt).toBe(iso(nowMs))
    expect(
      resolved.body.data.updates.map((u: { kind: string; text: string | null; postedBy: string }) => [
        u.kind,
        u.text,
        u.postedBy,
      ]),
    ).toEqual([
      ['update', 'Generators are on their way.', 'user:operator-subject-1'],
      ['estimate', null, 'channel:NMS'],
      ['resolved', 'Power is back.', 'user:operator-subject-1'],
    ])
    const audit = await t.database.db.select().from(incidentAudit).where(eq(incidentAudit.incidentId, id))
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['open', 'user:operator-subject-1'],
      ['update', 'user:operator-subject-1'],
      ['estimate', 'channel:NMS'],
      ['exclusion', 'user:operator-subject-1'],
      ['areas', 'user:operator-subject-1'],
      ['resolve', 'user:operator-subject-1'],
    ])
    // A resolved incident no longer changes (its exclusion still may, for the rebate).
    expect((await asOperator('POST', `/v1/incidents/${id}/updates`, { text: 'Again.' })).status).toBe(409)
    expect((await asOperator('POST', `/v1/incidents/${id}/exclusion`, { exclusion: 'none' })).status).toBe(200)
  })

  it('excludes maintenance as planned only when announced at least 48 hours ahead', async () => {
    const maintenance = (announcedHoursAhead: number) => ({
      kind: 'maintenance',
      cause: 'Upgrading the Bel-Air cabinet.',
      areas: { barangays: ['80300002'] },
      startedAt: iso(nowMs + announcedHoursAhead * HOUR_MS),
      scheduledEndAt: iso(nowMs + (announcedHoursAhead + 4) * HOUR_MS),
      exclusion: 'planned_announced',
    })
    const late = await asOperator('POST', '/v1/incidents', maintenance(47))
    expect(late.status).toBe(422)
    expect(late.body.error.fields.exclusion[0]).toMatch(/at least 48 hours/)
    const ahead = await asOperator('POST', '/v1/incidents', maintenance(48))
    expect(ahead.status).toBe(201)
    expect(ahead.body.data).toMatchObject({ kind: 'maintenance', exclusion: 'planned_announced' })
    // An outage is never planned.
    const opened = await asOperator('POST', '/v1/incidents', {
      kind: 'outage',
      cause: 'Cut.',
      areas: { barangays: ['80300002'] },
    })
    const refused = await asOperator('POST', `/v1/incidents/${opened.body.data.id}/exclusion`, {
      exclusion: 'planned_announced',
    })
    expect(refused.status).toBe(422)
    // The maintenance shows as planned for its area, not as current.
    const lists = await asOperator('GET', '/v1/incidents')
    expect(lists.body.data.planned.map((i: { id: string }) => i.id)).toContain(ahead.body.data.id)
    expect(lists.body.data.current.map((i: { id: string }) => i.id)).not.toContain(ahead.body.data.id)
  })

  it('answers a repeated Idempotency-Key with the same answer and changes nothing; another body is 422', async () => {
    const body = { kind: 'outage', cause: 'NMS: OLT port down at Ugong.', areas: { barangays: [UGONG] } }
    const key = { 'idempotency-key': 'nms-alarm-000123' }
    const first = await asNms('POST', '/v1/incidents', body, key)
    expect(first.status).toBe(201)
    const again = await asNms('POST', '/v1/incidents', body, key)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    const rows = await t.database.db.select().from(incidents).where(eq(incidents.cause, body.cause))
    expect(rows).toHaveLength(1)
    const other = await asNms('POST', '/v1/incidents', { ...body, cause: 'Another alarm.' }, key)
    expect(other.status).toBe(422)
    expect(other.body.error.code).toBe('idempotency_key_reused')
    expect(await t.database.db.select().from(incidents).where(eq(incidents.cause, 'Another alarm.'))).toHaveLength(0)

    // An update twice with one key: posted once.
    const id = first.body.data.id
    const updateKey = { 'idempotency-key': 'nms-alarm-000124' }
    await asNms('POST', `/v1/incidents/${id}/updates`, { text: 'Port reset.' }, updateKey)
    const twice = await asNms('POST', `/v1/incidents/${id}/updates`, { text: 'Port reset.' }, updateKey)
    expect(twice.body.data.updates).toHaveLength(1)
    // The answers are kept in Postgres.
    expect((await t.database.db.select().from(idempotentAnswers)).length).toBeGreaterThanOrEqual(2)
  })

  it('refuses the NMS channel signed with any secret but its own, and outside the incidents calls', async () => {
    const forged = await signedCall(t, 'POST', '/v1/incidents', {
      body: { kind: 'outage', cause: 'Forged.', areas: { barangays: [UGONG] } },
      channel: 'NMS',
    })
    expect(forged.status).toBe(401)
    expect(forged.body.error.message).toBe('Invalid signature.')
    const elsewhere = await asNms('GET', '/v1/region')
    expect(elsewhere.status).toBe(401)
  })

  it('refuses the NMS channel altogether where NMS_CHANNEL_SECRET is unset', async () => {
    const closed = await startTestGateway({ seed: false })
    try {
      const refused = await signedCall(closed, 'GET', '/v1/incidents', { channel: 'NMS', secret: NMS_SECRET })
      expect(refused.status).toBe(401)
      expect(refused.body.error.message).toBe('Unknown or missing channel name.')
    } finally {
      await closed.close()
    }
  })

  it('lets only the operator role and the NMS channel run incidents', async () => {
    const customer = await signAccessToken(t, { sub: 'c-1', realm_access: { roles: ['base', 'customer'] } })
    const open = { kind: 'outage', cause: 'Nope.', areas: { barangays: [UGONG] } }
    const asCustomer = await signedCall(t, 'POST', '/v1/incidents', {
      body: open,
      headers: { authorization: `Bearer ${customer}` },
    })
    expect(asCustomer.status).toBe(403)
    expect((await signedCall(t, 'POST', '/v1/incidents', { body: open })).status).toBe(401)
    expect((await signedCall(t, 'GET', '/v1/incidents')).status).toBe(401)
    expect((await asNms('GET', '/v1/incidents')).status).toBe(200)
  })
})
