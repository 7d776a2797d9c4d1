/**
 * /CheckAvailability's action with real Requests, through the portal's client and the real
 * gateway on the seeded demo coverage (/work/handoff/coverage-demo.md): the server applies
 * spec 4's rules and spec 5's conditions to every submission whatever the browser sent,
 * keeps every choice when it refuses one, and a visitor's check and lead go upstream as
 * 'self' with the portal's source.
 */
import type { AppLoadContext } from 'react-router'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkAvailabilityAction,
  checkAvailabilityView,
} from '../../app/features/check-availability/check-availability.server.ts'
import { visitOf } from '../../app/visit/visit.server.ts'
import { ROLE } from '../../app/auth/roles.ts'
import { leads, serviceabilityChecks } from '../../services/coverage/tables.ts'
import { signAccessToken } from '../../services/testing.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'

let t: TestUpstream
let context: AppLoadContext
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
  context = t.context
})
afterAll(() => t?.close())

const MAKATI = { regionId: '13', provinceId: '000', municipalityId: '80300' }
const BEL_AIR = '80300002'

/** A browser: its cookie jar follows the Set-Cookie of every answer (`signedIn`: a session cookie it holds). */
function browser(signedIn = '') {
  let cookie = ''
  const keep = (headers: Headers) => {
    const line = headers.getSetCookie().find((value) => value.startsWith('draft='))
    if (line) cookie = line.split(';')[0]!
  }
  return {
    async post(form: Record<string, string>, query = '', portal: AppLoadContext = context) {
      const request = new Request(`http://portal.test/CheckAvailability${query}`, {
        method: 'POST',
        headers: {
          cookie: [cookie, signedIn].filter(Boolean).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
      })
      // The route's part: this request's visit, and its form.
      const visit = visitOf(request, portal)
      const answer = await checkAvailabilityAction(visit, await request.formData())
      // The cookies the visit set go on the response (the server sends them: server.ts, sendCookie).
      const sent = new Headers()
      for (const line of visit.cookiesSet) sent.append('set-cookie', line)
      keep(sent)
      if (answer instanceof Response) {
        return { status: answer.status, location: answer.headers.get('location'), data: null }
      }
      const init = (answer as { init?: ResponseInit | null }).init
      return { status: init?.status ?? 200, location: null, data: (answer as { data: Record<string, unknown> }).data }
    },
    async view(query = '', portal: AppLoadContext = context) {
      const url = `http://portal.test/CheckAvailability${query}`
      return checkAvailabilityView(visitOf(new Request(url, { headers: { cookie } }), portal), new URL(url))
    },
  }
}

async function withDetails(lastName: string, signedIn = '') {
  const visitor = browser(signedIn)
  const saved = await visitor.post({
    intent: 'details',
    firstName: 'maria',
    lastName,
    mobileNo: '(917) 123 4567',
    email: `${lastName.toLowerCase()}@example.net`,
    checkTerms: 'on',
  })
  expect(saved).toMatchObject({ status: 302, location: '/CheckAvailability' })
  return visitor
}

/** The same portal, but the coverage service's serviceability call fails (503). */
function withFailingCheck(): AppLoadContext {
  return {
    ...context,
    upstreamFetch: async (request: Request) =>
      new URL(request.url).pathname === '/v2/servicability'
        ? Response.json(
            { status: false, error: { code: 'unavailable', message: 'down', requestId: null } },
            { status: 503 },
          )
        : context.upstreamFetch(request),
  }
}

describe('step 2 submissions on the server', () => {
  it("says 'Some error occured' when the check fails, and keeps every choice (spec 8)", async () => {
    const visitor = await withDetails('CHECKFAILS')
    const building = { ...MAKATI, barangayId: BEL_AIR, locationType: 'Building', placeId: 'DEMO-B-80300-1' }
    const answer = await visitor.post({ intent: 'check', ...building }, '', withFailingCheck())
    expect(answer.status).toBe(503)
    expect(answer.data).toMatchObject({ checkError: 'Some error occured', choice: building })
    const view = await visitor.view()
    expect(view.step === 2 && view.choice).toMatchObject({ ...building, latitude: '14.552968' })

    // The service back: the same choice checks, serviceable.
    const again = await visitor.post({ intent: 'check', ...building })
    expect(again).toMatchObject({ status: 302, location: '/CheckAvailability?dialog=serviceable' })
  })

  it('refuses an incomplete check with its reasons and keeps every choice (spec 5)', async () => {
    const visitor = await withDetails('INCOMPLETE')
    const answer = await visitor.post({ intent: 'check', ...MAKATI, barangayId: BEL_AIR })
    expect(answer.status).toBe(400)
    const reply = answer.data!.address as { error: Record<string, string[]> }
    expect(reply.error).toMatchObject({ locationType: ['Please select a location type'] })
    expect(reply.error['']).toEqual(['Please complete your address and pin before checking.'])
    const view = await visitor.view()
    expect(view.step === 2 && view.choice).toMatchObject({ ...MAKATI, barangayId: BEL_AIR })
  })

  it('clears what spec 4 clears, and an id that is not in its list, whatever the post says', async () => {
    const visitor = await withDetails('CLEARING')
    await visitor.post({
      intent: 'update',
      ...MAKATI,
      barangayId: BEL_AIR,
      locationType: 'Building',
      placeId: 'DEMO-B-80300-1',
    })
    let view = await visitor.view()
    expect(view.step === 2 && view.choice).toMatchObject({ placeId: 'DEMO-B-80300-1', latitude: '14.552968' })

    // A new province posted with the old municipality and below: all of it cleared.
    await visitor.post({
      intent: 'update',
      ...MAKATI,
      provinceId: '028',
      barangayId: BEL_AIR,
      locationType: 'Building',
    })
    view = await visitor.view()
    expect(view.step === 2 && view.choice).toMatchObject({
      regionId: '13',
      provinceId: '',
      municipalityId: '',
      barangayId: '',
      locationType: '',
      placeId: '',
      latitude: '',
    })

    // A forged barangay of another town, and a building of another barangay.
    await visitor.post({ intent: 'update', ...MAKATI })
    await visitor.post({ intent: 'update', ...MAKATI, barangayId: '30600041' })
    view = await visitor.view()
    expect(view.step === 2 && view.choice.barangayId).toBe('')
    await visitor.post({ intent: 'update', ...MAKATI, barangayId: BEL_AIR })
    await visitor.post({ intent: 'update', ...MAKATI, barangayId: BEL_AIR, locationType: 'Building' })
    await visitor.post({
      intent: 'update',
      ...MAKATI,
      barangayId: BEL_AIR,
      locationType: 'Building',
      placeId: 'DEMO-B-30600-1',
    })
    view = await visitor.view()
    expect(view.step === 2 && view.choice).toMatchObject({ locationType: 'Building', placeId: '', latitude: '' })
  })

  it('a non-serviceable building ends in a lead filed as self, with the portal source, once', async () => {
    const visitor = await withDetails('LEAD')
    const address = { ...MAKATI, barangayId: BEL_AIR, locationType: 'Building', placeId: 'DEMO-B-80300-2' }
    await visitor.post({ intent: 'update', ...address })
    const checked = await visitor.post({ intent: 'check', ...address })
    expect(checked).toMatchObject({ status: 302, location: '/CheckAvailability?dialog=not-serviceable' })

    const refused = await visitor.post({ intent: 'lead', additionalMobile: '12345' }, '?dialog=not-serviceable')
    expect(refused.status).toBe(400)
    expect((refused.data!.lead as { error: Record<string, string[]> }).error).toEqual({
      additionalMobile: ['Please provide valid mobile number'],
    })

    const filed = await visitor.post({ intent: 'lead', additionalMobile: '9181234567' }, '?dialog=not-serviceable')
    expect(filed).toMatchObject({ status: 302, location: '/CheckAvailability?dialog=lead-filed' })
    const again = await visitor.post({ intent: 'lead', additionalMobile: '9181234567' }, '?dialog=not-serviceable')
    expect(again.location).toBe('/CheckAvailability?dialog=lead-filed')

    const rows = await t.database.db.select().from(leads).where(eq(leads.lastName, 'LEAD'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ agentCode: 'self', source: context.config.sourceId, firstName: 'MARIA' })
    const checks = await t.database.db.select().from(serviceabilityChecks)
    expect(checks.some((check) => check.agentCode === 'self' && check.siteCode === 'DEMO-B-80300-2')).toBe(true)
  })

  it('never offers nor keeps a configured excluded subdivision (spec 5)', async () => {
    const SAN_LORENZO = '80300025'
    const excluding: AppLoadContext = {
      ...context,
      config: { ...context.config, EXCLUDED_SUBDIVISION_IDS: ['DEMO-S-80300-5'] },
    }
    const visitor = await withDetails('EXCLUDED')
    const address = { ...MAKATI, barangayId: SAN_LORENZO, locationType: 'Subdivision' }
    const offered = async (portal: AppLoadContext) => {
      const view = await visitor.view('', portal)
      return view.step === 2 ? view.lists.places.map((place) => place.id) : []
    }
    await visitor.post({ intent: 'update', ...address }, '', excluding)
    expect(await offered(excluding)).toEqual(['DEMO-S-80300-4'])
    expect(await offered(context)).toEqual(['DEMO-S-80300-5', 'DEMO-S-80300-4'])

    // Posted anyway (a form from before the setting, or made by hand): not kept.
    await visitor.post({ intent: 'update', ...address, placeId: 'DEMO-S-80300-5' }, '', excluding)
    const view = await visitor.view('', excluding)
    expect(view.step === 2 && view.choice).toMatchObject({ locationType: 'Subdivision', placeId: '', latitude: '' })
    // Where it is not excluded the same post keeps it, with its pin.
    await visitor.post({ intent: 'update', ...address, placeId: 'DEMO-S-80300-5' })
    const kept = await visitor.view()
    expect(kept.step === 2 && kept.choice).toMatchObject({
      placeId: 'DEMO-S-80300-5',
      latitude: expect.stringMatching(/^14\./),
    })
  })

  it("an agent's check and lead go upstream as the agent, filed under the code in its token", async () => {
    const claims = { sub: 'agent-lead', realm_access: { roles: [ROLE.salesAgent] }, agentCode: 'AG-0042' }
    const accessToken = await signAccessToken(t, claims)
    const signIn = visitOf(new Request('http://portal.test/login'), context)
    await signIn.session.start({
      claims,
      tokens: {
        accessToken,
        refreshToken: 'not-used',
        idToken: accessToken,
        accessTokenExpiresAt: new Date(Date.now() + 300_000).toISOString(),
      },
    })
    const agent = await withDetails('AGENTLEAD', signIn.cookiesSet[0]!.split(';')[0])
    const address = { ...MAKATI, barangayId: BEL_AIR, locationType: 'Building', placeId: 'DEMO-B-80300-2' }
    await agent.post({ intent: 'update', ...address })
    const checked = await agent.post({ intent: 'check', ...address })
    expect(checked).toMatchObject({ status: 302, location: '/CheckAvailability?dialog=not-serviceable' })
    const filed = await agent.post({ intent: 'lead', additionalMobile: '' }, '?dialog=not-serviceable')
    expect(filed).toMatchObject({ status: 302, location: '/CheckAvailability?dialog=lead-filed' })

    const rows = await t.database.db.select().from(leads).where(eq(leads.lastName, 'AGENTLEAD'))
    expect(rows.map((row) => row.agentCode)).toEqual(['AG-0042'])
    const checks = await t.database.db.select().from(serviceabilityChecks)
    expect(checks.some((check) => check.agentCode === 'AG-0042' && check.siteCode === 'DEMO-B-80300-2')).toBe(true)
  })
})
