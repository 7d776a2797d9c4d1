/**
 * A local stand-in for a geocoder (issue 36, item 5): an HTTP server that answers Nominatim's
 * `/search` in its jsonv2 shape and Photon's `/api` in GeoJSON, from fixtures modelled on real
 * answers for Philippine streets, and records what it was asked. It can also fail: an error
 * status, an answer that is not JSON, or no answer at all (until the test closes it).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInMode = 'answer' | 'error' | 'not-json' | 'wrong-shape' | 'silent'

export type AskedRequest = { url: URL; headers: http.IncomingHttpHeaders }

const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright'

/** Nominatim's jsonv2 answer with addressdetails=1: two streets in known barangays, one abroad, one nowhere we know. */
export const NOMINATIM_ANSWER = [
  {
    place_id: 101,
    licence: LICENCE,
    osm_type: 'way',
    osm_id: 23_451,
    lat: '14.5626',
    lon: '121.0266',
    category: 'highway',
    type: 'residential',
    place_rank: 26,
    importance: 0.0533,
    addresstype: 'road',
    name: 'Jupiter Street',
    display_name: 'Jupiter Street, Bel-Air, Makati, Fourth District, Metro Manila, 1209, Philippines',
    address: {
      road: 'Jupiter Street',
      quarter: 'Bel-Air',
      city: 'Makati',
      state_district: 'Fourth District',
      region: 'Metro Manila',
      'ISO3166-2-lvl3': 'PH-00',
      postcode: '1209',
      country: 'Philippines',
      country_code: 'ph',
    },
    boundingbox: ['14.5601', '14.5650', '121.0231', '121.0301'],
  },
  {
    place_id: 102,
    licence: LICENCE,
    osm_type: 'way',
    osm_id: 88_812,
    lat: '10.3307',
    lon: '123.8991',
    category: 'highway',
    type: 'secondary',
    place_rank: 26,
    importance: 0.0741,
    addresstype: 'road',
    name: 'Gorordo Avenue',
    display_name: 'Gorordo Avenue, Lahug, Cebu City, Cebu, Central Visayas, 6000, Philippines',
    address: {
      road: 'Gorordo Avenue',
      suburb: 'Lahug',
      city: 'Cebu City',
      province: 'Cebu',
      state: 'Central Visayas',
      'ISO3166-2-lvl3': 'PH-07',
      postcode: '6000',
      country: 'Philippines',
      country_code: 'ph',
    },
    boundingbox: ['10.3150', '10.3380', '123.8950', '123.9010'],
  },
  {
    // Across the border: a geocoder that ignored countrycodes must not put it on the list.
    place_id: 103,
    licence: LICENCE,
    osm_type: 'way',
    osm_id: 55_001,
    lat: '5.9804',
    lon: '116.0735',
    category: 'highway',
    type: 'primary',
    place_rank: 26,
    importance: 0.06,
    addresstype: 'road',
    name: 'Jalan Tun Fuad Stephens',
    display_name: 'Jalan Tun Fuad Stephens, Kota Kinabalu, Sabah, 88000, Malaysia',
    address: {
      road: 'Jalan Tun Fuad Stephens',
      city: 'Kota Kinabalu',
      state: 'Sabah',
      postcode: '88000',
      country: 'Malaysia',
      country_code: 'my',
    },
    boundingbox: ['5.97', '5.99', '116.06', '116.08'],
  },
  {
    // Said to be in the Philippines, but its point is far outside the country's box.
    place_id: 104,
    licence: LICENCE,
    osm_type: 'node',
    osm_id: 55_002,
    lat: '25.0330',
    lon: '121.5654',
    category: 'highway',
    type: 'residential',
    place_rank: 26,
    importance: 0.01,
    addresstype: 'road',
    name: 'Jupiter Street',
    display_name: 'Jupiter Street, Bel-Air, Makati, Philippines',
    address: { road: 'Jupiter Street', quarter: 'Bel-Air', city: 'Makati', country_code: 'ph' },
    boundingbox: ['25.03', '25.04', '121.56', '121.57'],
  },
  {
    // In the Philippines, but in no town of the PSGC list: it could not fill the address.
    place_id: 105,
    licence: LICENCE,
    osm_type: 'way',
    osm_id: 55_003,
    lat: '14.6000',
    lon: '121.0000',
    category: 'highway',
    type: 'residential',
    place_rank: 26,
    importance: 0.01,
    addresstype: 'road',
    name: 'Atlantis Road',
    display_name: 'Atlantis Road, Poseidonia, Atlantis, Philippines',
    address: {
      road: 'Atlantis Road',
      quarter: 'Poseidonia',
      city: 'Atlantis',
      country: 'Philippines',
      country_code: 'ph',
    },
    boundingbox: ['14.59', '14.61', '120.99', '121.01'],
  },
]

/** Photon's answer for the same Makati street (GeoJSON, longitude first). */
export const PHOTON_ANSWER = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [121.0266, 14.5626] },
      properties: {
        osm_type: 'W',
        osm_id: 23_451,
        osm_key: 'highway',
        osm_value: 'residential',
        type: 'street',
        name: 'Jupiter Street',
        postcode: '1209',
        district: 'Bel-Air',
        city: 'Makati',
        county: 'Fourth District',
        state: 'Metro Manila',
        country: 'Philippines',
        countrycode: 'PH',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [116.0735, 5.9804] },
      properties: {
        type: 'street',
        name: 'Jalan Tun Fuad Stephens',
        city: 'Kota Kinabalu',
        country: 'Malaysia',
        countrycode: 'MY',
      },
    },
  ],
}

export type GeocoderStandIn = {
  url: string
  asked: AskedRequest[]
  mode: StandInMode
  close(): Promise<void>
}

export async function startGeocoderStandIn(mode: StandInMode = 'answer'): Promise<GeocoderStandIn> {
  const asked: AskedRequest[] = []
  const state = { mode }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    asked.push({ url, headers: request.headers })
    if (state.mode === 'silent') return // never answers: the caller's time limit ends it
    if (state.mode === 'error') {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>')
      return
    }
    const body =
      state.mode === 'not-json'
        ? '<html>maintenance</html>'
        : state.mode === 'wrong-shape'
          ? JSON.stringify({ error: 'Nothing to search for.' })
          : url.pathname === '/api'
            ? JSON.stringify(PHOTON_ANSWER)
            : url.pathname === '/search'
              ? JSON.stringify(NOMINATIM_ANSWER)
              : null
    if (body === null) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    get mode() {
      return state.mode
    },
    set mode(next: StandInMode) {
      state.mode = next
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
