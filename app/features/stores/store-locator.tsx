/**
 * The store locator's page (issue 16): the kind and province (a GET form), nearest first (a
 * posted place, or with JavaScript "Near me"), the list, and with JavaScript the map (spec 9:
 * markers of 25 px, zoom 8 over the stores; the highlighted store 65 px at zoom 16; the
 * configured centre when the browser's location is refused). Leaflet loads only when the map
 * shows (app/ui/map.tsx).
 */
import { Form, useFetcher, useLocation } from 'react-router'
import { useEffect, useMemo, useState } from 'react'
import {
  hoursLines,
  STORE_PAYMENT_CHANNEL_LABELS,
  STORE_SERVICE_LABELS,
  STORE_TYPE_LABELS,
  STORE_TYPES,
} from '../../../lib/stores'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { plainField } from '~/ui/field-parts'
import { Field } from '~/ui/field'
import { locate } from '~/ui/geolocation'
import { Map, type MapMarker } from '~/ui/map'
import { RadioGroup } from '~/ui/radio-group'
import { SelectField } from '~/ui/select-field'
import { useHydrated } from '~/ui/use-hydrated'
import type { StoreItem, StoreLocatorView } from './stores.server'
import { distanceText, STORES_TEXT as TEXT } from './texts'

// spec 9: zoom 8 over the stores (destination markers), 16 on the highlighted store.
const STORES_ZOOM = 8
const HIGHLIGHT_ZOOM = 16

function centroid(stores: StoreItem[]) {
  const lat = stores.reduce((sum, store) => sum + store.latitude, 0) / stores.length
  const lng = stores.reduce((sum, store) => sum + store.longitude, 0) / stores.length
  return { lat, lng }
}

/** The page; `posted` is the answer of a nearest-first request (a fetcher's, or the document's without JavaScript). */
export function StoreLocator({ view: loaded, posted }: { view: StoreLocatorView; posted?: StoreLocatorView }) {
  const hydrated = useHydrated()
  const location = useLocation()
  // One fetcher per query: a new kind or province starts again from the loader's list.
  const fetcher = useFetcher<StoreLocatorView>({ key: `stores${location.search}` })
  const view = fetcher.data ?? posted ?? loaded
  const [selected, setSelected] = useState(view.highlight)
  const [locating, setLocating] = useState(false)
  useEffect(() => setSelected(view.highlight), [view])

  const stores = useMemo(() => view.stores ?? [], [view.stores])
  const chosen = stores.find((store) => store.id === selected)
  const { center, zoom } = useMemo(() => {
    if (chosen) return { center: { lat: chosen.latitude, lng: chosen.longitude }, zoom: HIGHLIGHT_ZOOM }
    if (stores.length > 0 && !view.locationRefused) return { center: centroid(stores), zoom: STORES_ZOOM }
    return { center: view.map.center, zoom: STORES_ZOOM }
  }, [chosen, stores, view.locationRefused, view.map.center])
  const markers: MapMarker[] = stores.map((store) => ({
    id: store.id,
    position: { lat: store.latitude, lng: store.longitude },
    label: store.name,
    highlighted: store.id === selected,
  }))

  async function nearMe() {
    setLocating(true)
    const found = await locate()
    setLocating(false)
    const data = new FormData()
    data.set('type', view.query.type)
    data.set('province', view.query.province)
    if (found) {
      data.set('intent', 'here')
      data.set('lat', String(found.lat))
      data.set('lng', String(found.lng))
    } else {
      data.set('intent', 'refused')
    }
    fetcher.submit(data, { method: 'post', action: `${view.path}${location.search}` })
  }

  function showOnMap(id: string) {
    setSelected(id)
    document.getElementById('store-map')?.scrollIntoView({ block: 'nearest' })
  }

  const busy = locating || fetcher.state !== 'idle'
  const retryHref = `${view.path}${location.search}`
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.title}</h1>
        <p>{view.page === 'pay' ? TEXT.intro.pay : TEXT.intro.help}</p>
      </div>

      <Form method="get" action={view.path} className="flex flex-col gap-4 md:flex-row md:items-end">
        <RadioGroup
          legend={TEXT.typeLegend}
          field={plainField('store-type', 'type', view.query.type, view.errors.type ? [view.errors.type] : undefined)}
          options={STORE_TYPES.map((type) => ({ value: type, label: STORE_TYPE_LABELS[type] }))}
        />
        <div className="flex flex-col gap-2 md:min-w-72">
          <SelectField
            label={TEXT.province}
            field={plainField(
              'store-province',
              'province',
              view.query.province,
              view.errors.province ? [view.errors.province] : undefined,
            )}
            placeholder={TEXT.provincePlaceholder}
            options={view.provinces.map((province) => ({
              value: province.provinceCode,
              label:
                province.stores > 0
                  ? `${province.provinceName} (${TEXT.count(province.stores)})`
                  : province.provinceName,
            }))}
          />
        </div>
        <Button type="submit" variant="secondary">
          {TEXT.show}
        </Button>
      </Form>
      {view.provincesFailed ? <Failure text={TEXT.provincesFailed} retryHref={retryHref} /> : null}

      <fetcher.Form
        method="post"
        action={`${view.path}${location.search}`}
        className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 md:flex-row md:items-end dark:border-slate-700"
      >
        <h2 className="sr-only">{TEXT.nearHeading}</h2>
        <input type="hidden" name="type" value={view.query.type} />
        <input type="hidden" name="province" value={view.query.province} />
        <div className="flex-1">
          <Field
            label={TEXT.near}
            hint={TEXT.nearHint}
            field={plainField('store-near', 'near', view.near, view.errors.near ? [view.errors.near] : undefined)}
            inputProps={{ type: 'text', autoComplete: 'off', maxLength: 100 }}
          />
        </div>
        <Button type="submit" name="intent" value="place" variant="secondary" disabled={busy}>
          {TEXT.sortByDistance}
        </Button>
        {hydrated ? (
          <Button type="button" onClick={nearMe} disabled={busy}>
            {TEXT.nearMe}
          </Button>
        ) : null}
      </fetcher.Form>
      <p aria-live="polite" className="text-sm">
        {locating ? TEXT.locating : view.locationRefused ? TEXT.locationRefused : ''}
      </p>

      {hydrated && (stores.length > 0 || view.locationRefused) ? (
        <div id="store-map">
          <Map
            label={TEXT.mapLabel}
            position={center}
            zoom={zoom}
            tileUrl={view.map.tileUrl}
            baseLayerUrl={view.map.baseLayerUrl}
            attribution={view.map.attribution}
            markers={markers}
            onMarkerSelect={setSelected}
          >
            {TEXT.mapFallback}
          </Map>
        </div>
      ) : null}

      <StoreList view={view} selected={selected} onShow={hydrated ? showOnMap : null} retryHref={retryHref} />
    </section>
  )
}

/** spec 8: a call that failed, said with a link that asks again (the same choices). */
function Failure({ text, retryHref }: { text: string; retryHref: string }) {
  return (
    <p role="alert" className="text-red-700 dark:text-red-300">
      {text}{' '}
      <AppLink to={retryHref} className="font-semibold underline">
        {TEXT.retry}
      </AppLink>
    </p>
  )
}

function StoreList({
  view,
  selected,
  onShow,
  retryHref,
}: {
  view: StoreLocatorView
  selected: string | null
  onShow: ((id: string) => void) | null
  retryHref: string
}) {
  if (view.storesFailed) return <Failure text={TEXT.storesFailed} retryHref={retryHref} />
  if (view.stores === null) return <p>{TEXT.chooseProvince}</p>
  if (view.stores.length === 0) return <p>{TEXT.noStores}</p>
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">
        {STORE_TYPE_LABELS[view.query.type]}: {TEXT.count(view.stores.length)}
      </h2>
      {view.origin ? <p className="text-sm">{TEXT.orderedFrom(view.origin)}</p> : null}
      {view.distanceFailed ? (
        <p role="status" className="text-sm">
          {TEXT.distanceFailed}
        </p>
      ) : null}
      {view.stores.some((store) => store.demo) ? <p className="text-sm italic">{TEXT.demo}</p> : null}
      <ol className="flex flex-col gap-3" aria-label={STORE_TYPE_LABELS[view.query.type]}>
        {view.stores.map((store, index) => (
          <StoreCard
            key={store.id}
            store={store}
            nearest={index === 0 && view.origin !== null}
            selected={store.id === selected}
            onShow={onShow}
          />
        ))}
      </ol>
    </div>
  )
}

function StoreCard({
  store,
  nearest,
  selected,
  onShow,
}: {
  store: StoreItem
  nearest: boolean
  selected: boolean
  onShow: ((id: string) => void) | null
}) {
  const headingId = `store-${store.id}`
  return (
    <li
      aria-labelledby={headingId}
      aria-current={selected || undefined}
      className={`flex flex-col gap-2 rounded-lg border p-4 ${
        selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-bold">
          {store.name}
        </h3>
        {nearest ? (
          <span className="rounded bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">{TEXT.nearest}</span>
        ) : null}
        {store.openNow === null ? null : (
          <span
            className={
              store.openNow ? 'font-semibold text-green-800 dark:text-green-300' : 'text-slate-600 dark:text-slate-300'
            }
          >
            {store.openNow ? TEXT.openNow : TEXT.closedNow}
          </span>
        )}
        {store.distance ? (
          <span className="text-sm">
            {store.distance.kind === 'road'
              ? TEXT.byRoad(distanceText(store.distance.meters))
              : TEXT.crowFlies(distanceText(store.distance.meters))}
          </span>
        ) : null}
      </div>
      <p>{store.address}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{TEXT.hours}</dt>
        <dd>
          {hoursLines(store.hours).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </dd>
        <dt className="font-semibold">{TEXT.services}</dt>
        <dd>{store.services.map((service) => STORE_SERVICE_LABELS[service]).join(', ')}</dd>
        {store.paymentChannels.length > 0 ? (
          <>
            <dt className="font-semibold">{TEXT.channels}</dt>
            <dd>{store.paymentChannels.map((channel) => STORE_PAYMENT_CHANNEL_LABELS[channel]).join(', ')}</dd>
          </>
        ) : null}
        {store.phone ? (
          <>
            <dt className="font-semibold">{TEXT.phone}</dt>
            <dd>
              <a href={`tel:${store.phone.replace(/[^+\d]/g, '')}`} className="underline">
                {/* A telephone number does not break across lines. */}
                {store.phone.replace(/ /g, '\u00a0')}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {onShow ? (
        <div>
          <Button type="button" variant="ghost" aria-pressed={selected} onClick={() => onShow(store.id)}>
            {selected ? TEXT.onMap : TEXT.showOnMap}
          </Button>
        </div>
      ) : null}
    </li>
  )
}
