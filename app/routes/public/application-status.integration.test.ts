/**
 * The status lookup, the compliance page and the applications' /verifyEmail ids: the
 * routes' loaders and actions with real Requests against the real gateway and the seeded
 * demo application (issue 10 parts 3 and 4; docs/decisions/0033).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_APPLICATION } from '../../../services/applications/seed'
import { TRACKING_LIMITS } from '../../../services/applications/tracking'
import { latestMessagesFor } from '../../../services/notifications/outbox'
import { settleRoute, unwrapRouteResult } from '../../../tests/support/route-result'
import { startTestUpstream, type TestUpstream } from '../../../tests/support/upstream'
import { complianceAccess } from '~/features/application-status/compliance.server'
import { visitOf } from '~/visit/visit.server'
import { TEXT } from '~/features/application-status/texts'
import { action as verifyAction, loader as verifyLoader } from '../account/verify-email'
import { action as statusAction, loader as statusLoader } from './application-status'
import { action as lookupAction } from './check-status-lookup'
import { action as complianceAction, loader as complianceLoader } from './compliance'
import { routeArgs } from '../../../tests/support/route-args'

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())

const DEMO = DEMO_APPLICATION

function request(path: string, fields?: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {}
  return new Request(
    `http://localhost${path}`,
    fields ? { method: 'POST', body: new URLSearchParams(fields), headers } : { headers },
  )
}

const settle = settleRoute
const unwrap = unwrapRouteResult

const status = (refNo: string, refIdentifier: string) =>
  settle(
    statusLoader(routeArgs({ request: request(`/${refNo}/x`), params: { refNo, refIdentifier }, context: t.context })),
  )

describe('the status lookup', () => {
  it('sends the right pair, email or mobile, to its status page', async () => {
    for (const [identifier, shown] of [
      [DEMO.emailAddress.toUpperCase(), encodeURIComponent(DEMO.emailAddress)],
      [`+63 ${DEMO.mobileNumber}`, DEMO.mobileNumber],
    ] as const) {
      const answer = await settle(
        lookupAction(
          routeArgs({
            request: request('/check-status/lookup', { referenceNo: DEMO.referenceNo.toLowerCase(), identifier }),
            params: {},
            context: t.context,
          }),
        ),
      )
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe(`/${DEMO.referenceNo}/${shown}`)
    }
    const page = await status(DEMO.referenceNo, DEMO.emailAddress)
    expect(page.status).toBe(200)
    expect(page.body.view).toMatchObject({ referenceNo: DEMO.referenceNo, status: 'for_compliance' })
    expect(page.body.view.timeline.map((e: { status: string }) => e.status)).toEqual([
      'submitted',
      'documents_in_review',
      'for_compliance',
    ])
    expect(page.body.view.rejections).toHaveLength(2)
  })

  it('answers a wrong identifier and an unknown reference with the same message, and the form back without the identifier', async () => {
    const wrong = await settle(
      lookupAction(
        routeArgs({
          request: request('/check-status/lookup', { referenceNo: 'OO-261102-WRNG01', identifier: DEMO.emailAddress }),
          params: {},
          context: t.context,
        }),
      ),
    )
    expect(wrong.status).toBe(404)
    expect(wrong.body).toEqual({
      values: { referenceNo: 'OO-261102-WRNG01', identifier: '' },
      errors: { form: TEXT.notFound },
    })
    const page = await status('OO-261102-WRNG02', DEMO.emailAddress)
    expect(page.status).toBe(404)
    expect(page.body).toEqual({ view: null, referenceNo: 'OO-261102-WRNG02', identifier: '', message: TEXT.notFound })
    const invalid = await settle(
      lookupAction(
        routeArgs({
          request: request('/check-status/lookup', { referenceNo: 'nope', identifier: 'nope' }),
          params: {},
          context: t.context,
        }),
      ),
    )
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors).toEqual({ referenceNo: TEXT.referenceInvalid, identifier: TEXT.identifierInvalid })
  })

  it('stops a reference after too many misses, the right pair too', async () => {
    const ref = 'OO-261102-ZMT001'
    for (let i = 0; i < TRACKING_LIMITS.lookupFailuresPerReference; i++) {
      expect((await status(ref, `guess${i}@example.net`)).status).toBe(404)
    }
    const limited = await status(ref, 'guess@example.net')
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/Too many attempts/)
  })

  it('is not found for two segments that are not a reference', async () => {
    expect((await status('plans-x', 'anything')).status).toBe(404)
    expect((await status('no-such', 'page')).body).toBeNull()
  })
})

describe('the compliance page', () => {
  it('shows the rejected categories only after the emailed code, to that browser and that link only', async () => {
    const resend = await settle(
      statusAction(
        routeArgs({
          request: request(`/${DEMO.referenceNo}/x`, { intent: 'resend' }),
          params: { refNo: DEMO.referenceNo, refIdentifier: DEMO.mobileNumber },
          context: t.context,
        }),
      ),
    )
    expect(resend.body).toEqual({ sent: true })
    const [linkMail] = await latestMessagesFor(t.database.db, DEMO.emailAddress, 1)
    const id = /\/compliance\/([A-Za-z0-9_-]{43})/.exec(linkMail!.body!)![1]!
    const path = `/compliance/${id}`

    const before = await settle(
      complianceLoader(routeArgs({ request: request(path), params: { id }, context: t.context })),
    )
    expect(before.body).toEqual({ state: 'start' })

    const sent = await settle(
      complianceAction(routeArgs({ request: request(path, { intent: 'send' }), params: { id }, context: t.context })),
    )
    expect(sent.body).toMatchObject({ state: 'code', maskedEmail: expect.stringMatching(/^d\*+t@example\.com$/) })
    const [codeMail] = await latestMessagesFor(t.database.db, DEMO.emailAddress, 1)
    const code = /is (\d{6})\./.exec(codeMail!.body!)![1]!

    const wrong = await settle(
      complianceAction(
        routeArgs({
          request: request(path, { intent: 'verify', code: code === '000000' ? '111111' : '000000' }),
          params: { id },
          context: t.context,
        }),
      ),
    )
    expect(wrong.status).toBe(422)
    expect(wrong.body.error).toBe('The code is not correct. 4 tries left.')

    const right = await settle(
      complianceAction(
        routeArgs({ request: request(path, { intent: 'verify', code }), params: { id }, context: t.context }),
      ),
    )
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe(path)
    const cookie = right.headers.get('set-cookie')!.split(';')[0]!
    expect(right.headers.get('set-cookie')).toMatch(/HttpOnly/i)

    const open = await settle(
      complianceLoader(routeArgs({ request: request(path, undefined, cookie), params: { id }, context: t.context })),
    )
    expect(open.body.state).toBe('open')
    expect(open.body.view.openCategories.map((r: { category: string }) => r.category)).toEqual([
      'governmentIssued',
      'proofOfBilling',
    ])

    // The same cookie with another id opens nothing; the link without the cookie neither, and it is spent.
    const otherId = 'b'.repeat(43)
    expect(
      await complianceAccess(visitOf(request(`/compliance/${otherId}`, undefined, cookie), t.context), otherId),
    ).toBeNull()
    expect(
      (await settle(complianceLoader(routeArgs({ request: request(path), params: { id }, context: t.context })))).body,
    ).toEqual({ state: 'start' })
    const again = await settle(
      complianceAction(routeArgs({ request: request(path, { intent: 'send' }), params: { id }, context: t.context })),
    )
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ state: 'invalid', message: TEXT.linkInvalid })
  })

  it('answers 404 for an id that cannot be a link', async () => {
    const answer = await settle(
      complianceLoader(
        routeArgs({ request: request('/compliance/short'), params: { id: 'short' }, context: t.context }),
      ),
    )
    expect(answer.status).toBe(404)
    expect(answer.body.state).toBe('invalid')
  })
})

describe('/verifyEmail for applications (OO and CVG)', () => {
  it('routes OO and CVG ids to the applications and fails a dead one as an application', async () => {
    for (const kind of ['OO', 'CVG']) {
      const token = `${kind}-${'c'.repeat(43)}`
      const loaded = unwrap(
        await verifyLoader(
          routeArgs({ request: request(`/verifyEmail/${token}`), params: { token }, context: t.context }),
        ),
      )
      expect(loaded.body).toMatchObject({ service: 'application', state: 'ready' })
      const acted = unwrap(
        await verifyAction(
          routeArgs({ request: request(`/verifyEmail/${token}`, {}), params: { token }, context: t.context }),
        ),
      )
      expect(acted.status).toBe(400)
      expect(acted.body).toEqual({ state: 'failed', referenceNo: null })
    }
    const registration = 'c'.repeat(43)
    const loaded = unwrap(
      await verifyLoader(
        routeArgs({
          request: request(`/verifyEmail/${registration}`),
          params: { token: registration },
          context: t.context,
        }),
      ),
    )
    expect(loaded.body).toMatchObject({ service: 'registration', state: 'ready' })
  })
})
