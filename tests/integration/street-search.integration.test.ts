/**
 * /CheckAvailability's address search with a geocoder (issue 36, item 5; docs/decisions/0073),
 * through the portal's client and the real gateway, the geocoder a local stand-in answering in
 * Nominatim's shape (tests/support/geocoder.ts): a street is listed after the seeded places,
 * even when they would fill the list, and choosing it fills every level of the address with the
 * pin on the street and leads on to the check.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchHit } from '../../app/features/check-availability/address-search.tsx'
import {
  checkAvailabilityAction,
  checkAvailabilityView,
  searchAddresses,
} from '../../app/features/check-availability/check-availability.server.ts'
import { visitOf } from '../../app/visit/visit.server.ts'
import { startGeocoderStandIn, type GeocoderStandIn } from '../support/geocoder.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'

const JUPITER_STREET = 'Jupiter Street, Bel-Air, City of Makati, Metro Manila'

let standIn: GeocoderStandIn
let t: TestUpstream
let context: AppLoadContext
beforeAll(async () => {
  standIn = await startGeocoderStandIn()
  // The stand-in answers at once, but a busy machine (CI's two cores) can hold the first search
  // past the 2 s default; the time limit has tests of its own (services/address/geocoder.integration.test.ts).
  t = await startTestUpstream({ seed: true, env: { GEOCODER_URL: standIn.url, GEOCODER_TIMEOUT_MS: '5000' } })
  context = t.context
}, 300_000)
afterAll(async () => {
  await t?.close()
  await standIn?.close()
})

/** A browser without JavaScript's cookies: the draft cookie follows every answer. */
function browser() {
  let cookie = ''
  const request = (query = '', init: RequestInit = {}) =>
    new Request(`http://portal.test/CheckAvailability${query}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    })
  return {
    async post(form: Record<string, string>) {
      const req = request('', { method: 'POST', body: new URLSearchParams(form) })
      const visit = visitOf(req, context)
      const answer = await checkAvailabilityAction(visit, await req.formData())
      const line = visit.cookiesSet.find((value) => value.startsWith('draft='))
      if (line) cookie = line.split(';')[0]!
      return answer instanceof Response
        ? { status: answer.status, location: answer.headers.get('location') }
        : { status: (answer as { init?: ResponseInit | null }).init?.status ?? 200, location: null }
    },
    async search(q: string) {
      const form = new FormData()
      form.set('q', q)
      return searchAddresses(visitOf(request(), context), form)
    },
    async view() {
      const url = 'http://portal.test/CheckAvailability'
      return checkAvailabilityView(visitOf(new Request(url, { headers: { cookie } }), context), new URL(url))
    },
  }
}

describe('the address search with a geocoder', () => {
  it('lists the streets after the seeded places, and keeps room for them when the seeded places fill the list', async () => {
    const visitor = browser()
    const { hits } = await visitor.search('Bel-Air')
    expect(hits[0]!.label).toBe('Bel-Air, City of Makati, Metro Manila')
    expect(hits.at(-2)!.label).toBe(JUPITER_STREET)
    expect(hits.at(-1)!.label).toBe('Gorordo Avenue, Lahug, City of Cebu, Cebu')

    // 'san' finds more seeded barangays than the list shows; the two streets still end it.
    const many = await visitor.search('san')
    expect(many.hits).toHaveLength(8)
    expect(many.hits.slice(6).map((hit) => hit.label)).toEqual([
      JUPITER_STREET,
      'Gorordo Avenue, Lahug, City of Cebu, Cebu',
    ])
    expect(many.hits.slice(0, 6).every((hit) => hit.locationType !== 'Others')).toBe(true)
  })

  it('a street chosen fills the address as Others with the pin on the street, and leads on to the check', async () => {
    const visitor = browser()
    const details = await visitor.post({
      intent: 'details',
      firstName: 'maria',
      lastName: 'STREET',
      mobileNo: '(917) 123 4567',
      email: 'street@example.net',
      checkTerms: 'on',
    })
    expect(details).toMatchObject({ status: 302, location: '/CheckAvailability' })

    const street = (await visitor.search('Jupiter Street Makati')).hits.find((hit) => hit.label === JUPITER_STREET)
    expect(street).toEqual<SearchHit>({
      label: JUPITER_STREET,
      regionId: '13',
      provinceId: '000',
      municipalityId: '80300',
      barangayId: '80300002',
      latitude: 14.5626,
      longitude: 121.0266,
      locationType: 'Others',
    })
    // What the screen's pick() posts for it (address-form.tsx).
    const choice = {
      regionId: street!.regionId,
      provinceId: street!.provinceId,
      municipalityId: street!.municipalityId,
      barangayId: street!.barangayId,
      locationType: 'Others',
      placeId: '',
      latitude: String(street!.latitude),
      longitude: String(street!.longitude),
    }
    // Others chosen: the pin demo opens, as for any Others choice (spec 4).
    expect(await visitor.post({ intent: 'pick', ...choice })).toMatchObject({
      status: 302,
      location: '/CheckAvailability?dialog=pin-demo',
    })
    const view = await visitor.view()
    expect(view.step === 2 && view.choice).toEqual(choice)

    // CHECK SERVICEABILITY: the pin is confirmed first, then the check runs at the street.
    expect(await visitor.post({ intent: 'check', ...choice })).toMatchObject({
      status: 302,
      location: '/CheckAvailability?dialog=confirm',
    })
    const checked = await visitor.post({ intent: 'confirm' })
    expect(checked.status).toBe(302)
    expect(checked.location).toMatch(/^\/CheckAvailability\?dialog=(serviceable|not-serviceable)$/)
  })
})
