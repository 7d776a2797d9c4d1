/**
 * The store locator (issue 16; spec 7, 8, 9): one page under the /help and /payBill prefixes.
 * - The kind of store and the province are a GET form: the URL can be shared and it works
 *   without JavaScript. The list is in the upstream's province order (town, then name).
 * - Nearest first needs a place: the browser's location ("Near me", posted with JavaScript), a
 *   barangay or town the visitor types (posted: it works without JavaScript), or the pin of the
 *   visitor's own serviceability draft. A location is posted, never put in a URL, and nothing
 *   keeps it: it is measured from (distance-matrix.server.ts) and forgotten.
 * - Failures (spec 8): the stores or provinces call failing says so with a retry link and keeps
 *   the choices; distances that cannot be measured leave the list in province order.
 */
import { data } from 'react-router'
import { z } from 'zod'
import { isOpenAt, parseOpeningHours, STORE_TYPES, type StoreType } from '../../../lib/stores'
import { hasControlCharacters, UNSUPPORTED_CHARACTERS } from '../../../lib/control-characters'
import type { Store, StoreProvince } from '~/upstream/stores.server'
import type { Visit } from '~/visit/visit.server'
import { mapSettings, type MapSettings } from '~/utils/map-settings.server'
import {
  distanceMatrixFor,
  straightLineMeters,
  ROAD_DESTINATIONS_MAX,
  type DistanceKind,
  type DistanceMatrix,
  type Point,
} from './distance-matrix.server'
import { HELP_STORES_PATH, PAY_STORES_PATH } from './links'
import { STORES_TEXT as TEXT } from './texts'

export const STORE_PAGES = {
  help: { path: HELP_STORES_PATH, defaultType: 'business-centre' },
  pay: { path: PAY_STORES_PATH, defaultType: 'payment-centre' },
} as const satisfies Record<string, { path: string; defaultType: StoreType }>
export type StorePageKind = keyof typeof STORE_PAGES

/** Without a province, nearest first lists this many stores of the kind, from every province. */
export const NEAREST_ANYWHERE = 10

const PROVINCE_CODE = /^[0-9]{1,10}$/

export type StoreItem = {
  id: string
  name: string
  address: string
  latitude: number
  longitude: number
  hours: string
  openNow: boolean | null
  services: Store['services']
  paymentChannels: Store['paymentChannels']
  phone: string | null
  demo: boolean
  distance: { meters: number; kind: DistanceKind } | null
}

export type StoreQuery = { type: StoreType; province: string }

export type StoreLocatorView = {
  page: StorePageKind
  path: string
  query: StoreQuery
  errors: { type?: string; province?: string; near?: string }
  provinces: StoreProvince[]
  provincesFailed: boolean
  /** null: nothing asked yet (no province, no place). */
  stores: StoreItem[] | null
  storesFailed: boolean
  /** Where "nearest first" measured from, in words; null when the list is in province order. */
  origin: string | null
  /** The place the visitor typed, kept for the form. */
  near: string
  /** The browser's location could not be read or was refused: the map shows its default centre. */
  locationRefused: boolean
  distanceFailed: boolean
  /** The store the map highlights (the nearest one after "Near me", or the one chosen). */
  highlight: string | null
  map: MapSettings
}

function readQuery(url: URL, page: StorePageKind): { query: StoreQuery; errors: StoreLocatorView['errors'] } {
  const errors: StoreLocatorView['errors'] = {}
  const typeParam = url.searchParams.get('type')
  let type: StoreType = STORE_PAGES[page].defaultType
  if (typeParam !== null && typeParam !== '') {
    if ((STORE_TYPES as readonly string[]).includes(typeParam)) type = typeParam as StoreType
    else errors.type = TEXT.badType
  }
  const provinceParam = url.searchParams.get('province') ?? ''
  let province = ''
  if (provinceParam !== '') {
    if (PROVINCE_CODE.test(provinceParam)) province = provinceParam
    else errors.province = TEXT.badProvince
  }
  return { query: { type, province }, errors }
}

function addressOf(store: Store): string {
  return [store.addressLine, store.barangayName, store.municipalityName, store.provinceName].filter(Boolean).join(', ')
}

export function storeItem(store: Store, now: Date): StoreItem {
  const hours = parseOpeningHours(store.hours)
  return {
    id: store.storeId,
    name: store.name,
    address: addressOf(store),
    latitude: store.latitude,
    longitude: store.longitude,
    hours: store.hours,
    openNow: hours.ok ? isOpenAt(hours.rules, now) : null,
    services: store.services,
    paymentChannels: store.paymentChannels,
    phone: store.phone ?? null,
    demo: store.demo,
    distance: null,
  }
}

/**
 * The stores nearest `origin` first. The matrix measures at most `limit` of them (or, for a road
 * service, its largest table), chosen as the crow flies; the others follow, as the crow flies.
 * A matrix that fails, or answers anything but a finite distance per store, leaves the list as it
 * came (the province order) and says so (spec 8: FAILED_GET_DISTANCE).
 */
export async function nearestFirst(
  stores: StoreItem[],
  origin: Point,
  matrix: DistanceMatrix,
  limit?: number,
): Promise<{ stores: StoreItem[]; failed: boolean }> {
  try {
    const byCrow = stores
      .map((store) => ({ store, meters: straightLineMeters(origin, { lat: store.latitude, lng: store.longitude }) }))
      .sort((a, b) => a.meters - b.meters)
    if (byCrow.some(({ meters }) => !Number.isFinite(meters))) throw new Error('a distance is not a number')
    const shortlist = byCrow.slice(0, Math.min(limit ?? byCrow.length, ROAD_DESTINATIONS_MAX))
    const rest = limit === undefined ? byCrow.slice(shortlist.length) : []
    const measured = await matrix.measure(
      origin,
      shortlist.map(({ store }) => ({ lat: store.latitude, lng: store.longitude })),
    )
    if (measured.meters.length !== shortlist.length || measured.meters.some((m) => !Number.isFinite(m))) {
      throw new Error('the distance matrix answered the wrong number of distances')
    }
    const ordered = shortlist
      .map(({ store }, index) => ({ ...store, distance: { meters: measured.meters[index]!, kind: measured.kind } }))
      .sort((a, b) => a.distance.meters - b.distance.meters)
    const after = rest.map(({ store, meters }) => ({ ...store, distance: { meters, kind: 'straight-line' as const } }))
    return { stores: [...ordered, ...after], failed: false }
  } catch {
    return { stores, failed: true }
  }
}

/** The visitor's own serviceability pin (their draft), when they have checked an address. */
async function draftPin(visit: Visit): Promise<Point | null> {
  const draft = await visit.draft.read()
  // No draft service just now: the list is still the province's, in its order.
  if (!draft.ok) return null
  const choice = draft.value?.sections.serviceability?.choice
  const lat = Number(choice?.latitude)
  const lng = Number(choice?.longitude)
  if (!choice?.latitude || !choice.longitude || !Number.isFinite(lat) || !Number.isFinite(lng)) return null
  return { lat, lng }
}

type Origin = { point: Point; label: string } | null

async function buildView(
  visit: Visit,
  page: StorePageKind,
  url: URL,
  extra: { origin: Origin; near?: string; nearError?: string; locationRefused?: boolean; highlightNearest?: boolean },
): Promise<StoreLocatorView> {
  const { config, logger } = visit
  const { query, errors } = readQuery(url, page)
  if (extra.nearError) errors.near = extra.nearError

  const provincesCall = visit.portal
    .call(({ stores }) => stores.provinces(query.type))
    .then((listed) =>
      listed.ok ? { ok: true as const, list: listed.value } : { ok: false as const, list: [] as StoreProvince[] },
    )
  const origin = extra.origin ?? (await draftPin(visit).then((point) => point && { point, label: TEXT.checkedAddress }))
  const wantsList = query.province !== '' || origin !== null
  const storesCall = wantsList
    ? visit.portal
        .call(({ stores }) => stores.stores(query.type, query.province || undefined))
        .then((listed) =>
          listed.ok ? { ok: true as const, list: listed.value } : { ok: false as const, list: [] as Store[] },
        )
    : Promise.resolve(null)
  const [provinces, storesAnswer] = await Promise.all([provincesCall, storesCall])

  if (query.province && provinces.ok && !provinces.list.some((p) => p.provinceCode === query.province)) {
    errors.province = TEXT.badProvince
  }

  const now = new Date()
  let stores = storesAnswer?.ok ? storesAnswer.list.map((store) => storeItem(store, now)) : null
  let distanceFailed = false
  if (stores && origin) {
    const matrix = distanceMatrixFor(config, (reason) =>
      logger.warn({ event: 'stores.distance_unusable', reason }, 'road distances not used'),
    )
    const ordered = await nearestFirst(stores, origin.point, matrix, query.province ? undefined : NEAREST_ANYWHERE)
    stores = ordered.failed && !query.province ? stores.slice(0, NEAREST_ANYWHERE) : ordered.stores
    distanceFailed = ordered.failed
    if (ordered.failed) logger.warn({ event: 'stores.distance_failed' }, 'store distances could not be measured')
  }

  const chosen = url.searchParams.get('store')
  const highlight =
    stores && chosen && stores.some((store) => store.id === chosen)
      ? chosen
      : extra.highlightNearest && stores?.[0]?.distance
        ? stores[0].id
        : null

  // The provinces call failed: the chosen province stays chosen (named by its stores when they came).
  const provinceList =
    !provinces.ok && query.province
      ? [
          {
            provinceCode: query.province,
            provinceName: storesAnswer?.list[0]?.provinceName ?? TEXT.chosenProvince,
            regionName: null,
            stores: storesAnswer?.list.length ?? 0,
          },
        ]
      : provinces.list

  return {
    page,
    path: STORE_PAGES[page].path,
    query,
    errors,
    provinces: provinceList,
    provincesFailed: !provinces.ok,
    stores,
    storesFailed: storesAnswer !== null && !storesAnswer.ok,
    origin: stores && origin && !distanceFailed ? origin.label : null,
    near: extra.near ?? '',
    locationRefused: extra.locationRefused ?? false,
    distanceFailed,
    highlight,
    map: mapSettings(config),
  }
}

export async function storeLocatorPage(visit: Visit, page: StorePageKind, url: URL) {
  return buildView(visit, page, url, { origin: null })
}

const Latitude = z.coerce.number().min(-90).max(90)
const Longitude = z.coerce.number().min(-180).max(180)
const NearFormSchema = z.discriminatedUnion('intent', [
  // "Near me": the browser's location, posted by the page's code.
  z.object({ intent: z.literal('here'), lat: Latitude, lng: Longitude }),
  // The browser could not tell (refused, timed out): the map shows its default centre.
  z.object({ intent: z.literal('refused') }),
  // A barangay or town the visitor typed.
  z.object({ intent: z.literal('place'), near: z.string().trim().max(100).default('') }),
])

/**
 * Nearest first (a POST: the place is not put in the URL). The form carries the kind and the
 * province as the GET form does, so the answer is the same page, ordered.
 */
export async function storeLocatorAction(visit: Visit, page: StorePageKind, pageUrl: URL, form: FormData) {
  const url = new URL(pageUrl)
  for (const name of ['type', 'province'] as const) {
    const value = form.get(name)
    if (typeof value === 'string') url.searchParams.set(name, value)
  }
  const parsed = NearFormSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    const near = typeof form.get('near') === 'string' ? String(form.get('near')) : ''
    return data(await buildView(visit, page, url, { origin: null, near, nearError: TEXT.badLocation }), 400)
  }
  const choice = parsed.data
  if (choice.intent === 'refused') {
    return buildView(visit, page, url, { origin: null, locationRefused: true })
  }
  if (choice.intent === 'here') {
    return buildView(visit, page, url, {
      origin: { point: { lat: choice.lat, lng: choice.lng }, label: TEXT.yourLocation },
      highlightNearest: true,
    })
  }
  if (hasControlCharacters(choice.near)) {
    // A control character is never part of a place's name (issue 32): said beside the field,
    // not sent to the address search, which refuses it.
    return data(
      await buildView(visit, page, url, {
        origin: null,
        near: choice.near,
        nearError: UNSUPPORTED_CHARACTERS,
      }),
      400,
    )
  }
  if (choice.near.length < 2) {
    return data(
      await buildView(visit, page, url, { origin: null, near: choice.near, nearError: TEXT.placeMissing }),
      400,
    )
  }
  const found = await visit.portal.call(({ coverage }) => coverage.search(choice.near))
  const hits = found.ok ? found.value : null
  const place = hits?.find((hit) => hit.kind === 'barangay') ?? hits?.[0]
  if (!place) {
    return data(
      await buildView(visit, page, url, {
        origin: null,
        near: choice.near,
        nearError: hits === null ? TEXT.distanceFailed : TEXT.placeNotFound,
      }),
      hits === null ? 503 : 400,
    )
  }
  return buildView(visit, page, url, {
    // A barangay is placed at its town's centre (the address search's own rule): say so.
    origin: {
      point: { lat: place.latitude, lng: place.longitude },
      label: place.kind === 'barangay' ? TEXT.townCentreOf(place.label) : place.label,
    },
    near: choice.near,
    highlightNearest: true,
  })
}
