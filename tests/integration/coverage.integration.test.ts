import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceabilityOutcome } from '../../app/upstream/coverage.server'
import { isUpstreamError } from '../../app/upstream/errors'
import type { Lead, ServiceabilityOrder } from '../../lib/coverage-schemas'
import { leads, serviceabilityChecks } from '../../services/coverage/tables.ts'
import { signAccessToken } from '../../services/testing.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'

// The demo network of the seed (/work/handoff/coverage-demo.md, docs/operations.md):
// Makati's Bel-Air holds a served tower and a building in the full south-west quarter,
// San Lorenzo a served subdivision.
const BEL_AIR = '80300002'
const SAN_LORENZO = '80300025'

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isUpstreamError(error)) throw new Error(`expected an upstream rejection, got ${String(error)}`)
  return { status: error.status, fields: error.fields }
}

// The portal's typed client through the real gateway: in-process and over HTTP.
describe.each(['in-process', 'http'] as const)('coverage calls, %s', (transport) => {
  let t: TestUpstream
  beforeAll(async () => {
    t = await startTestUpstream({ seed: true, transport })
  })
  afterAll(() => t?.close())

  const coverage = () => t.upstream.coverage
  const order = (extra: Partial<ServiceabilityOrder>): ServiceabilityOrder => ({
    referenceNo: 'REF-0001',
    locationType: 'Others',
    latitude: 14.5764,
    longitude: 121.0851,
    subscriberName: 'JUAN DELA CRUZ',
    ...extra,
  })

  it('lists the buildings and subdivisions of a barangay, named inside the portal as id and name', async () => {
    const buildings = await coverage().buildings(BEL_AIR)
    expect(buildings).toContainEqual({
      id: 'DEMO-B-80300-1',
      name: 'Demo Makati Tower',
      latitude: 14.552968,
      longitude: 121.035477,
    })
    const subdivisions = await coverage().subdivisions(SAN_LORENZO)
    expect(subdivisions.map((s) => s.id)).toEqual(['DEMO-S-80300-5', 'DEMO-S-80300-4'])
    expect(await coverage().buildings('01242001')).toEqual([]) // a barangay with none
    expect(await rejection(coverage().buildings('99999999'))).toMatchObject({ status: 404 })
    expect(await rejection(coverage().buildings('80300-002'))).toMatchObject({ status: 400 })
  })

  it('answers a served building Y and a building in the full quarter N, with the nearest NAP', async () => {
    const served = await coverage().check(
      order({
        locationType: 'Building',
        buildingOrSubdiviCode: 'DEMO-B-80300-1',
        latitude: 14.552968,
        longitude: 121.035477,
      }),
    )
    expect(served).toEqual({ status: true, data: [{ serviceType: 'GPON', serviceable: 'Y' }], nearestNapMeters: 0 })
    expect(serviceabilityOutcome(served)).toBe('serviceable')

    const full = await coverage().check(
      order({
        locationType: 'Building',
        buildingOrSubdiviCode: 'DEMO-B-80300-2',
        latitude: 14.542176,
        longitude: 121.024328,
      }),
    )
    expect(full.data).toEqual([{ serviceType: 'GPON', serviceable: 'N' }])
    expect(serviceabilityOutcome(full)).toBe('not-serviceable')
    expect(full.nearestNapMeters).toBe(0)

    const subdivision = await coverage().check(
      order({
        locationType: 'Subdivision',
        buildingOrSubdiviCode: 'DEMO-S-80300-4',
        latitude: 14.554767,
        longitude: 121.027115,
      }),
    )
    expect(serviceabilityOutcome(subdivision)).toBe('serviceable')
  })

  it('refuses an order outside the Philippines or without its building, field by field', async () => {
    expect(await rejection(coverage().check(order({ latitude: 35.68, longitude: 139.76 })))).toEqual({
      status: 422,
      fields: {
        latitude: ['Coordinates must lie in the Philippines.'],
        longitude: ['Coordinates must lie in the Philippines.'],
      },
    })
    expect(await rejection(coverage().check(order({ locationType: 'Building' })))).toMatchObject({
      status: 422,
      fields: { buildingOrSubdiviCode: ['Choose a building.'] },
    })
  })

  it("records an agent's check under the code in its token, and refuses a body naming another agent", async () => {
    const accessToken = await signAccessToken(t, {
      sub: 'agent-1',
      realm_access: { roles: ['sales-agent'] },
      agentCode: 'AG-0042',
    })
    const answer = await coverage().check(order({ referenceNo: `REF-AGENT-${transport}` }), { accessToken })
    expect(serviceabilityOutcome(answer)).toBe('not-serviceable')
    const [logged] = await t.database.db
      .select()
      .from(serviceabilityChecks)
      .where(eq(serviceabilityChecks.referenceNo, `REF-AGENT-${transport}`))
    expect(logged).toMatchObject({ agentCode: 'AG-0042', serviceable: 'N', locationType: 'Others' })
    expect(await rejection(coverage().check(order({ agentCode: 'AG-9999' }), { accessToken }))).toMatchObject({
      status: 403,
    })
  })

  const leadOf = (extra: Partial<Lead>): Lead => ({
    emaiID: 'lead@example.net',
    firstName: 'Maria',
    lastName: 'Santos',
    mobileNumber: '(917) 123 4567',
    province: 'METRO MANILA',
    municipality: 'City of Pasig',
    barangay: 'Kapitolyo',
    region: 'National Capital Region (NCR)',
    agentCode: 'self',
    source: t.config.sourceId,
    latitude: 14.5764,
    longitude: 121.0851,
    ...extra,
  })

  it('files a lead with the spec spelling emaiID, and refuses a bad mobile number with spec 5 message', async () => {
    const lead = leadOf({})
    expect(await coverage().fileLead(lead)).toEqual({ status: true, leadId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(await rejection(coverage().fileLead({ ...lead, alternateMobileNumber: '12345' }))).toMatchObject({
      status: 422,
      fields: { alternateMobileNumber: ['Please provide valid mobile number'] },
    })
  })

  it("files an agent's lead under the code in its token, and refuses a body naming another agent", async () => {
    const accessToken = await signAccessToken(t, {
      sub: 'agent-1',
      realm_access: { roles: ['sales-agent'] },
      agentCode: 'AG-0042',
    })
    const lead = leadOf({ emaiID: 'agent.lead@example.net', firstName: 'Pedro', lastName: `AGENT-${transport}` })
    const { leadId } = await coverage().fileLead(lead, { accessToken })
    const [filed] = await t.database.db.select().from(leads).where(eq(leads.id, leadId))
    expect(filed).toMatchObject({ agentCode: 'AG-0042', lastName: `AGENT-${transport.toUpperCase()}` })
    expect(await rejection(coverage().fileLead({ ...lead, agentCode: 'AG-9999' }, { accessToken }))).toMatchObject({
      status: 403,
    })
  })

  it('searches barangays, buildings and subdivisions in the Philippines, with the address parts', async () => {
    const [lahug] = await coverage().search('lahug cebu')
    expect(lahug).toEqual({
      kind: 'barangay',
      label: 'Lahug, City of Cebu, Cebu',
      regionId: '07',
      provinceId: '022',
      municipalityId: '30600',
      barangayId: '30600041',
      latitude: expect.closeTo(10.317, 2),
      longitude: expect.closeTo(123.891, 2),
      parts: 3,
    })
    const tower = (await coverage().search('Demo Makati Tower'))[0]
    expect(tower).toMatchObject({ kind: 'building', barangayId: BEL_AIR, parts: 4, latitude: 14.552968 })
    expect(await coverage().search('zzzqqq')).toEqual([])
    expect((await coverage().search('san')).length).toBeLessThanOrEqual(10)
  })
})
