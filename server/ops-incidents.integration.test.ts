/**
 * The operator's incidents screen through the real portal and upstream (issue 37, item 2): the
 * lists, the open form's address cascade with its Update button, errors beside the fields with
 * the input kept, and an incident opened, updated, re-estimated, marked and resolved, each by a
 * plain form post as a browser without JavaScript sends it. Only the operator gets the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_OUTAGE } from '../services/incidents/seed.ts'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const OPERATOR = { email: 'operator@example.com', password: 'Operator2024' }
const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
// Metro Manila, City of Pasig, barangay Ugong.
const AREA = { region: '13', province: '000', municipality: '81200' }
const UGONG = '81200029'

let t: TestPortal
let operator: Awaited<ReturnType<typeof signInByRequests>>

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  operator = await signInByRequests(t.base, OPERATOR)
})
afterAll(() => t?.close())

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;').replaceAll('<', '&lt;')

/** A form post as a browser without JavaScript sends it. */
function post(path: string, fields: [string, string][]) {
  return operator.go(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

const keyOf = (html: string) => /name="submissionKey" value="([^"]+)"/.exec(html)![1]!

describe('the operator’s incidents screen', () => {
  it('lists the current incidents and refreshes the address cascade with Update', async () => {
    const page = await operator.go('/ops/incidents')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(escaped(DEMO_OUTAGE.cause))
    expect(html).toContain('Current incidents')
    // Reached from the other operator page.
    expect(await (await operator.go('/ops/analytics')).text()).toContain('href="/ops/incidents"')

    const updated = await post('/ops/incidents', [
      ['intent', 'areas'],
      ['kind', 'outage'],
      ['cause', 'Typed before Update.'],
      ...Object.entries(AREA),
    ])
    expect(updated.status).toBe(200)
    const cascade = await updated.text()
    expect(cascade).toContain('All of City of Pasig')
    expect(cascade).toContain(`value="${UGONG}"`)
    expect(cascade).toContain('Typed before Update.')

    // A changed province clears the city and its barangays.
    const changed = await post('/ops/incidents', [
      ['intent', 'areas'],
      ['region', '13'],
      ['province', '999999'],
      ['municipality', '81200'],
      ['barangay', UGONG],
    ])
    expect(await changed.text()).not.toContain('All of City of Pasig')
  })

  it('answers errors beside the fields and keeps what was typed', async () => {
    const answer = await post('/ops/incidents', [
      ['intent', 'open'],
      ['kind', 'outage'],
      ['cause', ''],
      ['estimatedRestoreAt', 'tomorrow'],
      ...Object.entries(AREA),
    ])
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toMatch(/id="open-cause-error"[^>]*><li>Fill this in\.<\/li>/)
    expect(html).toMatch(/id="open-estimatedRestoreAt-error"[^>]*><li>Enter a date and time\.<\/li>/)
    expect(html).toMatch(/id="open-areas-error"[^>]*><li>Choose at least one barangay/)
    expect(html).toContain('All of City of Pasig')

    // Maintenance announced now for tomorrow cannot be excluded as planned: the service's rule, beside the field.
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 16)
    const later = new Date(Date.now() + 8 * 3_600_000 + 26 * 3_600_000).toISOString().slice(0, 16)
    const planned = await post('/ops/incidents', [
      ['intent', 'open'],
      ['kind', 'maintenance'],
      ['cause', 'Cabinet upgrade.'],
      ['startedAt', tomorrow],
      ['scheduledEndAt', later],
      ['exclusion', 'planned_announced'],
      ...Object.entries(AREA),
      ['barangay', UGONG],
    ])
    expect(planned.status).toBe(400)
    const refused = await planned.text()
    expect(refused).toMatch(/id="open-exclusion-error"[^>]*><li>Planned maintenance is excluded only when/)
    expect(refused).toContain('Cabinet upgrade.')
  })

  it('opens, updates, re-estimates, marks and resolves an incident with plain forms', async () => {
    const form = await (await operator.go('/ops/incidents')).text()
    const opened = await post('/ops/incidents', [
      ['submissionKey', keyOf(form)],
      ['intent', 'open'],
      ['kind', 'outage'],
      ['cause', 'OLT card failed at the Ugong exchange.'],
      ...Object.entries(AREA),
      ['barangay', UGONG],
    ])
    expect(opened.status).toBe(302)
    const path = opened.headers.get('location')!
    expect(path).toMatch(/^\/ops\/incidents\/[0-9a-f-]{36}$/)
    let page = await (await operator.go(path)).text()
    expect(page).toContain('OLT card failed at the Ugong exchange.')
    expect(page).toContain('Ugong, City of Pasig')

    expect(
      (
        await post(path, [
          ['submissionKey', keyOf(page)],
          ['intent', 'update'],
          ['text', 'Spare card on its way.'],
        ])
      ).status,
    ).toBe(302)
    page = await (await operator.go(path)).text()
    expect(page).toContain('Spare card on its way.')

    const badEstimate = await post(path, [
      ['intent', 'estimate'],
      ['estimatedRestoreAt', 'soon'],
    ])
    expect(badEstimate.status).toBe(400)
    expect(await badEstimate.text()).toMatch(/id="estimate-estimatedRestoreAt-error"[^>]*><li>Enter a date and time\./)
    // 2030-01-01 10:30 in Manila.
    expect(
      (
        await post(path, [
          ['intent', 'estimate'],
          ['estimatedRestoreAt', '2030-01-01T10:30'],
        ])
      ).status,
    ).toBe(302)
    page = await (await operator.go(path)).text()
    expect(page).toContain('Estimated restore time changed to January 01, 2030 • 10:30 AM.')

    const planned = await post(path, [
      ['intent', 'exclusion'],
      ['exclusion', 'planned_announced'],
    ])
    expect(planned.status).toBe(400)
    expect(await planned.text()).toMatch(/id="exclusion-exclusion-error"[^>]*><li>Planned maintenance is excluded/)
    expect(
      (
        await post(path, [
          ['intent', 'exclusion'],
          ['exclusion', 'third_party'],
        ])
      ).status,
    ).toBe(302)

    expect(
      (
        await post(path, [
          ['intent', 'resolve'],
          ['text', 'Card replaced.'],
        ])
      ).status,
    ).toBe(302)
    page = await (await operator.go(path)).text()
    expect(page).toContain('Resolved. Card replaced.')
    expect(page).toContain('Third-party cause')
    expect(page).not.toContain('Post an update')
    const list = await (await operator.go('/ops/incidents')).text()
    expect(list.indexOf('OLT card failed')).toBeGreaterThan(list.indexOf('Resolved in the last 7 days'))
  })

  it('sends anyone but the operator away, for the page and its forms', async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    const page = await customer.go('/ops/incidents', { redirect: 'manual' })
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/customer')
    const posted = await customer.go('/ops/incidents', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['intent', 'open'],
        ['cause', 'x'],
      ]).toString(),
    })
    expect(posted.status).toBe(302)
    expect(posted.headers.get('location')).toBe('/customer')
    const anonymous = await fetch(new URL('/ops/incidents', t.base), { redirect: 'manual' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toMatch(/^\/login/)
  })
})
