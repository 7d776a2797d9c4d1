/**
 * The access-control matrix (issue 32, item 7; docs/security.md, Access control), generated
 * from its one table (tests/access-control/table.ts): one test per cell, each hitting the
 * real portal route with the role's real session, or the real upstream call (signed as the
 * portal's channel) with the role's real access token, on ids owned by customer A or agent
 * team 1. And the table is complete: every portal route and every upstream call with a path
 * parameter has a row, as do the query parameters and fields the table names.
 *
 * One portal for the file; each role signs in once.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from 'react-router'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import routes from '../app/routes.ts'
import { HOME_OF, userKind } from '../app/auth/roles.ts'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { serviceSettingsFromConfig } from '../services/context.ts'
import { gatewayFromConfig } from '../services/gateway.ts'
import type { DemoUser } from '../services/identity/demo-users.ts'
import { TEST_SCRYPT_PARAMS } from '../services/context.ts'
import { simulatedModems } from '../services/devices/tables.ts'
import { seedDemoUsers } from '../services/identity/seed.ts'
import { seedSalesTeam } from '../services/sales/seed.ts'
import { localStorage } from '../services/storage/local.ts'
import { signedCall, signedFetch, silentLogger } from '../services/testing.ts'
import {
  PORTAL_ROWS,
  ROLES,
  TAKES_NO_ID,
  UPSTREAM_ROWS,
  type Fixtures,
  type Outcome,
  type PortalRow,
  type Role,
} from '../tests/access-control/table.ts'
import { CookieJar } from '../tests/support/identity-provider.ts'
import { loadContextOf, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

/** The agent of another team, and their TSM: seeded here (README.md's demo team is team 1). */
const OTHER_TEAM: DemoUser[] = [
  {
    email: 'agent.other.team@example.com',
    password: 'Agent2024',
    firstName: 'RAFAEL',
    lastName: 'OCAMPO',
    mobileNumber: '9170000901',
    roles: ['base', 'sales-agent'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: 'AGT-0901',
  },
  {
    email: 'admin.other.team@example.com',
    password: 'Admin2024',
    firstName: 'LOURDES',
    lastName: 'PADILLA',
    mobileNumber: '9170000902',
    roles: ['base', 'sales-admin'],
    accountNumbers: [],
    activeAccountNumber: null,
    agentCode: null,
  },
]

const USERS: Record<Exclude<Role, 'anonymous'>, { email: string; password: string }> = {
  applicant: { email: 'applicant@example.com', password: 'Applicant2024' },
  customerA: { email: 'customer@example.com', password: 'Customer2024' },
  customerB: { email: 'customer2@example.com', password: 'Customer2024' },
  agent: { email: 'agent@example.com', password: 'Agent2024' },
  otherTeamAgent: { email: OTHER_TEAM[0]!.email, password: OTHER_TEAM[0]!.password },
  salesAdmin: { email: 'admin@example.com', password: 'Admin2024' },
  operator: { email: 'operator@example.com', password: 'Operator2024' },
}

type Session = { jar: CookieJar; accessToken: string | null; home: string }

let t: TestPortal
let context: AppLoadContext
const sessions = {} as Record<Role, Session>
const fixtures = {} as Fixtures

const upstreamOf = () => ({ config: t.config, fetch: t.portal.upstreamFetch })
const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})

/** A call as customer A that must succeed: the fixtures' data. */
async function asA(method: string, callPath: string, body?: unknown, headers: Record<string, string> = {}) {
  const answer = await signedCall(upstreamOf(), method, callPath, {
    body,
    headers: { ...bearer(sessions.customerA.accessToken), ...headers },
  })
  if (answer.status >= 300) throw new Error(`${method} ${callPath}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.data
}

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  context = loadContextOf(t, 'access')
  await seedDemoUsers(t.database.db, TEST_SCRYPT_PARAMS, new Date(), OTHER_TEAM)
  await seedSalesTeam(t.database.db, {
    admin: OTHER_TEAM[1]!.email,
    agents: [{ email: OTHER_TEAM[0]!.email, agentCode: OTHER_TEAM[0]!.agentCode! }],
  })

  sessions.anonymous = { jar: new CookieJar(), accessToken: null, home: '/' }
  for (const [role, user] of Object.entries(USERS) as [Exclude<Role, 'anonymous'>, (typeof USERS)['agent']][]) {
    const browser = await signInByRequests(t.base, user)
    const session = (await upstreamFor(context).sessions.current(browser.id))!
    const roles = (
      JSON.parse(Buffer.from(session.tokens.accessToken.split('.')[1]!, 'base64url').toString()) as {
        realm_access: { roles: string[] }
      }
    ).realm_access.roles
    sessions[role] = { jar: browser.jar, accessToken: session.tokens.accessToken, home: HOME_OF[userKind(roles)] }
  }

  // Customer A's things, made through the upstream as A (team 1's application is seeded).
  fixtures.account = '1000000000001'
  const bills = await asA('GET', `/v1/payments/bill-history?accountNumber=${fixtures.account}`)
  fixtures.statementMonth = bills.statementMonths[0]
  const inbox = await asA('GET', '/notifications?page=1&size=5')
  fixtures.notificationId = inbox.content[0].id
  const [concernType] = await asA('GET', '/v1/support/concern-types')
  const [subType] = await asA('GET', `/v1/support/concern-types/${concernType.code}/sub-types`)
  const ticket = await asA(
    'POST',
    '/v1/support/concern',
    {
      accountNumber: fixtures.account,
      concernType: concernType.code,
      subType: subType.code,
      description: 'The access-control matrix files this concern.',
    },
    { 'idempotency-key': 'access-control-matrix-ticket' },
  )
  fixtures.ticketReference = ticket.referenceNumber
  fixtures.concernType = concernType.code
  fixtures.concernSubType = subType.code
  const payment = await asA('POST', '/v1/pay/initialise', {
    accountNumber: fixtures.account,
    amount: 100,
    channelGroup: 'OVER THE COUNTER',
  })
  fixtures.paymentId = payment.payment.id
  fixtures.paymentReference = payment.payment.reference
  const referrals = await asA('GET', '/v1/referrals?accountNumber=1000000000002')
  const referral = referrals.referrals[0]
  fixtures.referralId = referral.id
  fixtures.refereeName = referral.referee.firstName
  fixtures.deviceId = (await asA('POST', '/v1/devices/device-id', { accountNumber: fixtures.account })).deviceId
  const list = await signedCall(upstreamOf(), 'GET', '/v1/sales/applications?search=MIGUEL', {
    headers: bearer(sessions.agent.accessToken),
  })
  fixtures.applicationRef = list.body.data.items[0].refId
  fixtures.applicationEmail = 'miguel.torres@example.com'
  fixtures.draftId = (await asA('POST', '/v1/drafts', {})).draftId
  await asA('POST', `/v1/drafts/${fixtures.draftId}/claim`)
  fixtures.cartId = (await asA('POST', '/v1/carts/instance', undefined, { 'x-draft-id': fixtures.draftId })).cartId
  // issue 37, item 6: customer A's modem on 002 goes silent (no outage there), and A reports it.
  fixtures.repairAccount = '1000000000002'
  await t.database.db
    .update(simulatedModems)
    .set({ silentSince: new Date(Date.now() - 3_600_000) })
    .where(eq(simulatedModems.accountNumber, fixtures.repairAccount))
  const report = await asA('POST', '/v1/repairs/no-internet/start', { accountNumber: fixtures.repairAccount })
  fixtures.repairReportId = report.reportId
  const opened = await asA('POST', '/v1/repairs/no-internet/answer', {
    accountNumber: fixtures.repairAccount,
    reportId: report.reportId,
    answer: 'skip',
  })
  fixtures.repairTicket = opened.ticketReference
  fixtures.repairSlotId = opened.slots.filter((slot: { available: number }) => slot.available > 0).at(-1).slotId
  const incident = await signedCall(upstreamOf(), 'POST', '/v1/incidents', {
    body: { kind: 'outage', cause: 'The access-control fixture.', areas: { barangays: ['80300002'] } },
    headers: bearer(sessions.operator.accessToken),
  })
  fixtures.incidentId = incident.body.data.id
}, 240_000)
afterAll(() => t?.close())

/** What a cell must see: the status, and for a redirect where it goes. */
function expected(outcome: Outcome, role: Role, row: PortalRow) {
  switch (outcome) {
    case 'allowed': {
      const to = typeof row.allowedTo === 'function' ? row.allowedTo(fixtures, role) : row.allowedTo
      return to ? { status: 302, to } : { status: 200, to: null }
    }
    case 'login':
      return { status: 302, to: '/login' }
    case 'home':
      return { status: 302, to: sessions[role].home }
    case 'back':
      return { status: 302, to: row.backTo ?? null }
    case 'sales':
      return { status: 302, to: row.salesTo ?? null }
    default:
      return { status: outcome, to: null }
  }
}

const RANK: Record<string, number> = { allowed: 1 }
/** Refused cells first, then allowed: a call that changes something runs after those that must not. */
const inOrder = (cells: Record<Role, Outcome>) =>
  [...ROLES].sort((a, b) => (RANK[String(cells[a])] ?? 0) - (RANK[String(cells[b])] ?? 0))

describe('the portal routes', () => {
  for (const row of PORTAL_ROWS) {
    describe(`${row.method} /${row.route}`, () => {
      for (const role of inOrder(row.cells)) {
        const outcome = row.cells[role]
        it(`${role}: ${outcome}`, async () => {
          const { path: target, form } = row.request(fixtures)
          const answer = await sessions[role].jar.fetch(
            `${t.base}${target}`,
            form
              ? {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: new URLSearchParams(form),
                }
              : {},
          )
          const text = await answer.text()
          const location = answer.headers.get('location')
          const want = expected(outcome, role, row)
          const where = location ? new URL(location, t.base).pathname : null
          expect({ status: answer.status, to: want.to === null ? null : where }).toEqual(want)
          if (row.secret) {
            const shown = text.includes(row.secret.text(fixtures))
            expect(shown, 'the resource is on the page').toBe(row.secret.shownTo.includes(role))
          }
        })
      }
    })
  }
})

describe('the upstream calls (the portal channel, each role’s own access token)', () => {
  for (const row of UPSTREAM_ROWS) {
    describe(row.route, () => {
      for (const role of inOrder(row.cells)) {
        const outcome = row.cells[role]
        it(`${role}: ${outcome}`, async () => {
          const method = row.route.split(' ')[0]!
          const { path: target, body, headers } = row.request(fixtures)
          const answer = await signedFetch(upstreamOf(), method, target, {
            body: method === 'GET' ? undefined : body,
            headers: { ...bearer(sessions[role].accessToken), ...headers },
          })
          const text = await answer.text()
          const status =
            outcome === 'allowed'
              ? answer.status >= 200 && answer.status < 300
                ? 'allowed'
                : answer.status
              : answer.status
          expect(status).toBe(outcome)
          if (row.secret) {
            const shown = text.includes(row.secret.text(fixtures))
            expect(shown, 'the resource is in the answer').toBe(row.secret.shownTo.includes(role))
          }
        })
      }
    })
  }
})

describe('the table is complete', () => {
  /** Every path app/routes.ts declares, with its parents' paths. */
  function portalPaths(entries: RouteConfigEntry[], prefix = ''): string[] {
    return entries.flatMap((entry) => {
      const own = entry.path ? (prefix ? `${prefix}/${entry.path}` : entry.path) : prefix
      return [...(entry.path ? [own] : []), ...portalPaths(entry.children ?? [], own)]
    })
  }

  it('every portal route with a path parameter has a row', async () => {
    const withParameters = portalPaths(await routes).filter((p) => /(^|\/)[:*]/.test(p))
    const covered = new Set<string>([...PORTAL_ROWS.map((row) => row.route), ...TAKES_NO_ID.portal])
    expect(withParameters.filter((p) => !covered.has(p))).toEqual([])
    expect(withParameters.length).toBeGreaterThan(20)
  })

  it('every upstream call with a path parameter has a row', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-routes-'))
    const gateway = gatewayFromConfig(t.config, {
      db: t.database.db,
      logger: silentLogger,
      productName: t.config.PRODUCT_NAME,
      settings: serviceSettingsFromConfig(t.config),
      now: () => new Date(),
      storage: localStorage(dir),
    })
    fs.rmSync(dir, { recursive: true, force: true })
    const calls = new Set(
      gateway.routes.filter((r) => r.method !== 'ALL' && r.path.includes('/:')).map((r) => `${r.method} ${r.path}`),
    )
    const covered = new Set(UPSTREAM_ROWS.map((row) => row.route))
    expect([...calls].filter((call) => !covered.has(call))).toEqual([])
    // And every row names a call that exists (a renamed route leaves no stale row behind).
    const all = new Set(gateway.routes.map((r) => `${r.method} ${r.path}`))
    expect(UPSTREAM_ROWS.map((row) => row.route).filter((route) => !all.has(route))).toEqual([])
  })

  it('every query parameter of the portal that carries an id has a row', () => {
    // The names an id goes by in a query (docs/security.md, Logs and privacy keeps ids out of
    // paths where it can, so a page reads them here): any page that reads one needs a row.
    const ID_NAMES =
      /^(id|account|accountNumber|bill|statement|payment|paymentId|application|refId|reference|document|file|fileId|ticket|notification|referral|device|deviceId|draft|order|orderId)$/
    const read = new Set<string>()
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) return walk(full)
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
      })
    for (const file of walk(path.join(import.meta.dirname, '../app'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/searchParams\.get(?:All)?\('([^']+)'\)/g)) {
        if (ID_NAMES.test(match[1]!)) read.add(match[1]!)
      }
    }
    const covered = new Set(PORTAL_ROWS.flatMap((row) => row.idQuery ?? []))
    expect([...read].filter((name) => !covered.has(name))).toEqual([])
    expect(read.size).toBeGreaterThan(0)
    // And each row's request sends the query parameters it names.
    for (const row of PORTAL_ROWS) {
      const query = new URL(row.request(fixtures).path, t.base).searchParams
      for (const name of row.idQuery ?? []) expect(query.has(name), `${row.route} ?${name}`).toBe(true)
    }
  })

  it('every row names a portal route that exists', async () => {
    const all = new Set(portalPaths(await routes))
    expect(PORTAL_ROWS.map((row) => row.route).filter((route) => !all.has(route))).toEqual([])
  })
})
