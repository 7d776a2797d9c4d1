/**
 * Refer and Earn and Win Back through the real portal, its embedded provider and the upstream,
 * with plain requests as a browser without JavaScript (issue 15). CARLOS (customer@example.com,
 * 1000000000002, confirmed in the demo data) files a referral from the referral screen; LIZA
 * (customer2) cannot see it or send its invitation again (docs/security.md, Access control);
 * the header logo's /referral/leave ends a referral under way; TERESA (customer5, suspended)
 * is sent back to the reason; a Win Back whose filing fails keeps everything and says so.
 * The journeys in a browser, JS on and off, are tests/e2e/referrals.spec.ts's.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { CookieJar } from '../tests/support/identity-provider.ts'
import { loadContextOf, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const CARLOS = { email: 'customer@example.com', password: 'Customer2024' }
const LIZA = { email: 'customer2@example.com', password: 'Customer2024' }
const TERESA = { email: 'customer5@example.com', password: 'Customer2024' }
const REFER = '/customer/referrals/check-serviceability'
const WINBACK = '/referral/winback/check-serviceability'

let t: TestPortal
let context: AppLoadContext
type Browser = { go: (url: string, init?: RequestInit) => Promise<Response> }

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  context = loadContextOf(t)
}, 300_000)
afterAll(() => t?.close())

function post(browser: Browser, path: string, fields: Record<string, string>) {
  return browser.go(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

function visitor(): Browser {
  const jar = new CookieJar()
  return { go: (url, init) => jar.fetch(new URL(url, t.base).toString(), init) }
}

const text = async (answer: Response) => ({ status: answer.status, html: await answer.text() })

/** Step 1 (the friend) and step 2 at Demo Makati Tower (a building: the check runs at once). */
async function checkAtDemoTower(browser: Browser, path: string, friend: Record<string, string>) {
  const details = await post(browser, path, { intent: 'details', checkTerms: 'on', ...friend })
  expect(details.status, await details.clone().text()).toBe(302)
  const [hit] = (await upstreamFor(context).coverage.search('Demo Makati Tower')).filter((h) => h.kind === 'building')
  expect(hit).toBeDefined()
  const choice = {
    regionId: hit!.regionId,
    provinceId: hit!.provinceId,
    municipalityId: hit!.municipalityId,
    barangayId: hit!.barangayId,
    locationType: 'Building',
    placeId: '',
    latitude: String(hit!.latitude),
    longitude: String(hit!.longitude),
  }
  expect((await post(browser, path, { intent: 'pick', ...choice })).status).toBe(302)
  const page = await text(await browser.go(path))
  const placeId = /<option value="([^"]+)" selected="">Demo Makati Tower<\/option>/.exec(page.html)?.[1]
  expect(placeId, 'the building chosen by its pin').toBeDefined()
  const checked = await post(browser, path, { intent: 'check', ...choice, placeId: placeId! })
  expect(checked.status).toBe(302)
  expect(checked.headers.get('location')).toBe(`${path}?dialog=serviceable`)
}

const friendOf = (tag: string) => ({
  firstName: `Friend${tag}`,
  lastName: 'Mendoza',
  mobileNo: `9${String(Date.now()).slice(-9)}`,
  email: `friend.${tag.toLowerCase()}.${Date.now()}@example.net`,
  alternateMobileNo: '',
})

describe('Refer and Earn', () => {
  let carlos: Awaited<ReturnType<typeof signInByRequests>>
  let referralId: string
  let friend: ReturnType<typeof friendOf>

  beforeAll(async () => {
    carlos = await signInByRequests(t.base, CARLOS)
  })

  it('shows the programme, the invite link and the demo referrals with their timelines', async () => {
    const { status, html } = await text(await carlos.go('/customer/referrals'))
    expect(status).toBe(200)
    expect(html).toContain('Referring as account 1000000000002')
    expect(html).toMatch(/\/referral\?invite=[A-Za-z0-9_-]{22}/)
    expect(html).toContain('Reward credited')
    // The demo reward is a credit the next bill takes off (docs/decisions/0076).
    expect(html).toMatch(
      /data-testid="referral-reward"[^>]*><span[^>]*>Reward: ₱500.00<\/span> It comes off your next bill.</,
    )
    expect(html).toContain(`href="${REFER}?step=1"`)
  })

  it('files the referral from the serviceable popup and ends on the success page, the friend out of the draft', async () => {
    friend = friendOf('Alpha')
    await checkAtDemoTower(carlos, REFER, friend)
    const popup = await text(await carlos.go(`${REFER}?dialog=serviceable`))
    expect(popup.html).toContain('SUBMIT REFERRAL')
    const filed = await post(carlos, `${REFER}?dialog=serviceable`, { intent: 'refer' })
    expect(filed.status).toBe(302)
    const location = filed.headers.get('location')!
    expect(location).toMatch(/^\/customer\/referrals\/success\?referral=/)
    referralId = new URL(location, t.base).searchParams.get('referral')!
    const success = await text(await carlos.go(location))
    expect(success.html).toContain(`We emailed ${friend.firstName.toUpperCase()} your invitation.`)
    // The referral ended: step 1 is empty again.
    const again = await text(await carlos.go(`${REFER}?step=1`))
    expect(again.html).not.toContain(friend.email)
    const list = await text(await carlos.go('/customer/referrals'))
    expect(list.html).toContain(friend.firstName.toUpperCase())
    expect(list.html).not.toContain(friend.email)
  })

  it('a refusal ends on the failed page with the service’s words, the friend kept for TRY AGAIN', async () => {
    // The same friend again: one open referral per person (409 already_referred).
    await checkAtDemoTower(carlos, REFER, friend)
    const filed = await post(carlos, `${REFER}?dialog=serviceable`, { intent: 'refer' })
    expect(filed.headers.get('location')).toBe('/customer/referrals/failed')
    const failed = await text(await carlos.go('/customer/referrals/failed'))
    expect(failed.html).toContain('Your referral information was not sent.')
    expect(failed.html).toContain('already has a referral in progress')
    expect(failed.html).toContain(`href="${REFER}?dialog=serviceable"`)
    expect((await text(await carlos.go(`${REFER}?step=1`))).html).toContain(friend.email)
    // Without a failure in the draft the page has nothing to say: back to the referrals.
    await carlos.go('/referral/leave?to=%2Fcustomer')
    const none = await carlos.go('/customer/referrals/failed')
    expect(none.headers.get('location')).toBe('/customer/referrals')
  })

  it('another customer cannot see the referral or send its invitation again', async () => {
    const liza = await signInByRequests(t.base, LIZA)
    const success = await text(await liza.go(`/customer/referrals/success?referral=${referralId}`))
    expect(success.status).toBe(200)
    expect(success.html).not.toContain(friend.firstName.toUpperCase())
    const list = await text(await liza.go('/customer/referrals'))
    expect(list.html).not.toContain(friend.firstName.toUpperCase())
    const resend = await text(await post(liza, '/customer/referrals', { intent: 'resend', referralId }))
    expect(resend.status).toBe(400)
    expect(resend.html).toContain('Your referral link was not sent.')
    // Her own confirmation is still to do: the referral screen sends her back to it.
    const screen = await liza.go(REFER)
    expect(screen.status).toBe(302)
    expect(screen.headers.get('location')).toBe('/customer/referrals')
    // Carlos may send it again: his own.
    const own = await post(carlos, '/customer/referrals', { intent: 'resend', referralId })
    expect(own.status).toBe(302)
  })

  it('the header logo’s /referral/leave ends a referral under way, and goes only to a home', async () => {
    const friendBeta = friendOf('Beta')
    expect((await post(carlos, REFER, { intent: 'details', checkTerms: 'on', ...friendBeta })).status).toBe(302)
    expect((await text(await carlos.go(`${REFER}?step=1`))).html).toContain(friendBeta.email)
    const page = await text(await carlos.go(REFER))
    expect(page.html).toContain(`href="/referral/leave?to=%2Fcustomer"`)
    const left = await carlos.go('/referral/leave?to=%2Fcustomer')
    expect(left.status).toBe(302)
    expect(left.headers.get('location')).toBe('/customer')
    expect((await text(await carlos.go(`${REFER}?step=1`))).html).not.toContain(friendBeta.email)
    const elsewhere = await carlos.go('/referral/leave?to=https%3A%2F%2Fevil.example')
    expect(elsewhere.headers.get('location')).toBe('/')
  })

  it('a customer whose account is suspended is told why, and cannot open the referral screen', async () => {
    const teresa = await signInByRequests(t.base, TERESA)
    const page = await text(await teresa.go('/customer/referrals'))
    expect(page.html).toContain('You cannot refer friends right now')
    expect(page.html).toContain('suspended')
    expect(page.html).not.toContain('REFER A FRIEND')
    const screen = await teresa.go(REFER)
    expect(screen.headers.get('location')).toBe('/customer/referrals')
    const filed = await post(teresa, `${REFER}?dialog=serviceable`, { intent: 'refer' })
    expect(filed.headers.get('location')).toBe('/customer/referrals')
  })
})

describe('Win Back and the invite link, no login', () => {
  it('files a Win Back and ends on its success page', async () => {
    const browser = visitor()
    const former = friendOf('Gamma')
    await checkAtDemoTower(browser, WINBACK, former)
    const filed = await post(browser, `${WINBACK}?dialog=serviceable`, { intent: 'refer' })
    expect(filed.status).toBe(302)
    expect(filed.headers.get('location')).toBe('/referral/winback/success?outcome=serviceable')
    expect((await text(await browser.go('/referral/winback'))).html).not.toContain(former.email)
  })

  it('an unknown or malformed invite says so; a valid one names the referrer by first name only', async () => {
    const browser = visitor()
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-code']) {
      const page = await text(await browser.go(`/referral?invite=${code}`))
      expect(page.html).toContain('This invite link is not valid any more.')
    }
    const carlos = await signInByRequests(t.base, CARLOS)
    const link = /\/referral\?invite=([A-Za-z0-9_-]{22})/.exec(
      (await text(await carlos.go('/customer/referrals'))).html,
    )
    const invited = await text(await browser.go(`/referral?invite=${link![1]}`))
    expect(invited.html).toContain('CARLOS invited you to our fibre')
    expect(invited.html).not.toContain('REYES')
    const accepted = await post(browser, '/referral', { invite: link![1]! })
    expect(accepted.headers.get('location')).toBe('/CheckAvailability')
    expect((await text(await browser.go('/CheckAvailability'))).html).toContain(
      'Invited by CARLOS: your application counts as their referral.',
    )
  })
})
