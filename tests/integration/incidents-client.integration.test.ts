/**
 * The portal's incidents client (incidentCalls) against the real incidents calls: every
 * answer parses with the portal's Zod schemas (lists, one incident, each change, an area's and
 * an account's incidents), a repeated form key changes nothing, and refusals arrive as the
 * statuses and field messages the operator's screen acts on (issue 37, item 2).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { findUserRowByEmail } from '../../services/identity/users.ts'
import { DEMO_OUTAGE } from '../../services/incidents/seed.ts'
import { signAccessToken, startTestGateway, type TestGateway } from '../../services/testing.ts'
import { testUpstreamClient } from '../support/upstream.ts'
import { incidentCalls } from '../../app/upstream/incidents.server'
import { isUpstreamError } from '../../app/upstream/errors'

let t: TestGateway
let incidents: ReturnType<typeof incidentCalls>
let operator: string
let carlos: string
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
  incidents = incidentCalls(testUpstreamClient(t))
  operator = await signAccessToken(t, { sub: 'operator-1', realm_access: { roles: ['base', 'operator'] } })
  const user = (await findUserRowByEmail(t.database.db, 'customer@example.com'))!
  carlos = await signAccessToken(t, { sub: user.id, accountNumber: user.verifiedAccountNumbers })
})
afterAll(() => t?.close())

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise
    return null
  } catch (error) {
    if (isUpstreamError(error)) return error
    throw error
  }
}

it('opens, changes and resolves an incident, every answer parsed, a repeated key changing nothing', async () => {
  const lists = await incidents.lists(operator)
  expect(lists.current.map((incident) => incident.cause)).toContain(DEMO_OUTAGE.cause)

  const opened = await incidents.open(
    operator,
    { kind: 'outage', cause: 'Client check.', areas: { barangays: ['80300002'], municipalities: [] } },
    'client-key-open-1',
  )
  const again = await incidents.open(
    operator,
    { kind: 'outage', cause: 'Client check.', areas: { barangays: ['80300002'], municipalities: [] } },
    'client-key-open-1',
  )
  expect(again.id).toBe(opened.id)
  await incidents.update(operator, opened.id, 'On it.', 'client-key-update-1')
  await incidents.estimate(operator, opened.id, '2099-01-01T00:00:00Z', 'client-key-estimate-1')
  await incidents.exclusion(operator, opened.id, 'force_majeure', 'client-key-exclusion-1')
  const resolved = await incidents.resolve(operator, opened.id, { text: 'Back.' }, 'client-key-resolve-1')
  expect(resolved.updates.map((update) => update.kind)).toEqual(['update', 'estimate', 'resolved'])
  expect(resolved.audit.map((change) => change.action)).toEqual(['open', 'update', 'estimate', 'exclusion', 'resolve'])
  expect((await incidents.incident(operator, opened.id)).exclusion).toBe('force_majeure')

  const area = await incidents.inArea('80300', { current: true, planned: true, restoredDays: 7 })
  expect(area.restored.map((incident) => incident.id)).toContain(opened.id)
  const mine = await incidents.forAccount(carlos, '1000000000001')
  expect(mine.current.map((incident) => incident.cause)).toEqual([DEMO_OUTAGE.cause])
})

it('answers the service’s refusals as the screen reads them', async () => {
  const refused = await failureOf(
    incidents.open(
      operator,
      { kind: 'outage', cause: 'Nowhere.', areas: { barangays: ['99999999'], municipalities: [] } },
      'client-key-open-2',
    ),
  )
  expect(refused).toMatchObject({ kind: 'rejected', status: 422 })
  expect(refused!.fields!['areas.barangays']).toEqual(['No such barangay: 99999999.'])
  const notFound = await failureOf(incidents.incident(operator, '00000000-0000-4000-8000-000000000000'))
  expect(notFound).toMatchObject({ kind: 'rejected', status: 404 })
  expect(await failureOf(incidents.lists(carlos))).toMatchObject({ kind: 'rejected', status: 403 })
})
