/**
 * Step 2 (spec 2, 4, 5, 9): the address cascade, the location type, the building or
 * subdivision, the pin and CHECK SERVICEABILITY.
 *
 * Without JavaScript it is one form: a changed select is sent with Update, the server
 * applies spec 4's clearing rules, saves the choice in the draft and renders the next
 * list; the pin comes from the building or subdivision, or from typed coordinates.
 * With JavaScript the same form is sent as each select changes, after the browser has
 * applied the same rules (reconcileChoice) so nothing stale shows meanwhile; the map
 * (loaded only now) moves the pin, and the address search fills every level at once.
 */
import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation, useSubmit } from 'react-router'
import { useEffect, useRef, useState } from 'react'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { CONTROL_CLASS, LABEL_CLASS, type FieldMeta } from '~/ui/field-parts'
import { Field } from '~/ui/field'
import { FormAlert } from '~/ui/form-alert'
import { locate } from '~/ui/geolocation'
import { Map, type Position } from '~/ui/map'
import { RadioGroup } from '~/ui/radio-group'
import { SelectField, type SelectOption } from '~/ui/select-field'
import { useFormAtHydration } from '~/ui/use-form-at-hydration'
import { useHydrated } from '~/ui/use-hydrated'
import type { MapSettings } from '~/utils/map-settings.server'
import {
  hasPin,
  isReadyToCheck,
  LOCATION_TYPES,
  mapZoom,
  reconcileChoice,
  type AddressChoice,
  type Place,
} from './address-choice'
import { AddressSearch, type SearchHit } from './address-search'
import { INTENT } from './intents'
import { useCheckMode } from './mode'
import { CHECK_TEXT as TEXT } from './texts'

export type AddressLists = {
  regions: SelectOption[]
  provinces: SelectOption[]
  municipalities: SelectOption[]
  barangays: SelectOption[]
  places: Place[]
  failure: string | null
}

type Props = {
  saved: AddressChoice
  lists: AddressLists
  zipCode: string | null
  map: MapSettings
  /** The signed-in agent's code (spec 6: agents type the coordinates), or null. */
  agentCode: string | null
  /** The last CHECK SERVICEABILITY's errors, with what was posted. */
  lastResult: SubmissionResult<string[]> | undefined
  checkError: string | null
}

const FORM_ID = 'check-address'

function fieldMeta(name: keyof AddressChoice, lastResult: SubmissionResult<string[]> | undefined): FieldMeta {
  const id = `${FORM_ID}-${name}`
  return { id, name, errorId: `${id}-error`, errors: lastResult?.error?.[name] ?? undefined }
}

/** A change as the form posts it. */
function postOf(choice: AddressChoice, intent: string) {
  const data = new FormData()
  for (const [name, value] of Object.entries(choice)) data.set(name, value)
  data.set('intent', intent)
  return data
}

const round6 = (value: number) => String(Math.round(value * 1e6) / 1e6)

export function AddressForm({ saved, lists, zipCode, map, agentCode, lastResult, checkError }: Props) {
  const hydrated = useHydrated()
  const { path, kind } = useCheckMode()
  const submit = useSubmit()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const [choice, setChoice] = useState(saved)
  // The server's answer (the saved choice) wins whenever it arrives, unless a newer change
  // is still waiting to be sent (send, below).
  const waiting = useRef<FormData | null>(null)
  const savedKey = JSON.stringify(saved)
  useEffect(() => {
    if (!waiting.current) setChoice(JSON.parse(savedKey) as AddressChoice)
  }, [savedKey])

  const intent = navigation.formData?.get('intent')
  const checking = navigation.state !== 'idle' && (intent === INTENT.check || intent === INTENT.confirm)
  const loading = navigation.state !== 'idle'
  const agent = agentCode !== null
  const building = choice.locationType === 'Building'
  const ready = isReadyToCheck(choice)

  // One change at a time reaches the server: a change made while another is on its way
  // waits for it (the server measures each against the draft the previous one saved), and
  // only the latest waiting one is sent.
  function send(next: AddressChoice, how: string = INTENT.update) {
    const data = postOf(next, how)
    if (navigation.state !== 'idle') waiting.current = data
    else submit(data, { method: 'post', action: path, preventScrollReset: true, replace: true })
  }
  useEffect(() => {
    if (navigation.state !== 'idle' || !waiting.current) return
    const data = waiting.current
    waiting.current = null
    submit(data, { method: 'post', action: path, preventScrollReset: true, replace: true })
  }, [navigation.state, submit, path])

  // A choice made before this screen hydrated (docs/decisions/0032) is in the page, not
  // in `choice`: take it, with the same rules as a change, and send it as a change waiting
  // to be sent (the effect above sends it once the page is idle; the saved choice does not
  // overwrite it meanwhile).
  useFormAtHydration(formRef, (values) => {
    let next = choice
    for (const field of Object.keys(choice) as (keyof AddressChoice)[]) {
      const value = values.get(field)
      if (typeof value === 'string' && value !== next[field]) {
        next = reconcileChoice(next, { ...next, [field]: value } as AddressChoice, lists.places)
      }
    }
    if (next === choice) return
    setChoice(next)
    waiting.current = postOf(next, INTENT.update)
  })

  function change(field: keyof AddressChoice, value: string) {
    const next = reconcileChoice(choice, { ...choice, [field]: value } as AddressChoice, lists.places)
    setChoice(next)
    send(next)
  }

  function movePin(position: Position) {
    setChoice((current) =>
      current.locationType === 'Building'
        ? current
        : { ...current, latitude: round6(position.lat), longitude: round6(position.lng) },
    )
  }

  function pick(hit: SearchHit) {
    const next: AddressChoice = {
      regionId: hit.regionId,
      provinceId: hit.provinceId,
      municipalityId: hit.municipalityId,
      barangayId: hit.barangayId,
      locationType: hit.locationType ?? (choice.barangayId === hit.barangayId ? choice.locationType : ''),
      placeId: hit.placeId ?? '',
      latitude: round6(hit.latitude),
      longitude: round6(hit.longitude),
    }
    if (!next.locationType) next.locationType = 'Others'
    setChoice(next)
    send(next, INTENT.pick)
  }

  // spec 9: with no pin yet on a movable type, the pin starts where the browser says the
  // visitor is, or at the configured centre.
  const needsPin =
    hydrated && (choice.locationType === 'Others' || choice.locationType === 'Subdivision') && !hasPin(choice)
  useEffect(() => {
    if (!needsPin) return
    let live = true
    // spec 8: the configured centre when the browser cannot tell.
    locate().then((position) => live && movePin(position ?? map.center))
    return () => {
      live = false
    }
  }, [needsPin]) // eslint-disable-line react-hooks/exhaustive-deps -- once per pin-less type, not per render

  const pin: Position | null = hasPin(choice) ? { lat: Number(choice.latitude), lng: Number(choice.longitude) } : null
  const coordinatesReadOnly = building || (hydrated && !agent)
  const placeLabel = choice.locationType === 'Subdivision' ? TEXT.subdivision : TEXT.building

  return (
    <Form
      method="post"
      action={path}
      id={FORM_ID}
      ref={formRef}

      className="flex flex-col gap-5"
      aria-describedby={lastResult?.error?.[''] ? `${FORM_ID}-alert` : undefined}
    >
      <p className="text-slate-600 dark:text-slate-300">{TEXT.addressIntro}</p>
      {agentCode ? <p className="text-sm font-semibold">{TEXT.agentNote(agentCode)}</p> : null}
      <FormAlert id={`${FORM_ID}-failure`} errors={lists.failure ? [lists.failure] : undefined} />

      {hydrated ? <AddressSearch onPick={pick} /> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <CascadeSelect
          label={TEXT.region}
          placeholder={TEXT.selectRegion}
          field={fieldMeta('regionId', lastResult)}
          options={lists.regions}
          value={choice.regionId}
          onChange={(value) => change('regionId', value)}
        />
        <CascadeSelect
          label={TEXT.province}
          placeholder={TEXT.selectProvince}
          field={fieldMeta('provinceId', lastResult)}
          options={lists.provinces}
          value={choice.provinceId}
          onChange={(value) => change('provinceId', value)}
        />
        <CascadeSelect
          label={TEXT.municipality}
          placeholder={TEXT.selectMunicipality}
          field={fieldMeta('municipalityId', lastResult)}
          options={lists.municipalities}
          value={choice.municipalityId}
          onChange={(value) => change('municipalityId', value)}
        />
        <CascadeSelect
          label={TEXT.barangay}
          placeholder={TEXT.selectBarangay}
          field={fieldMeta('barangayId', lastResult)}
          options={lists.barangays}
          value={choice.barangayId}
          onChange={(value) => change('barangayId', value)}
        />
      </div>

      <RadioGroup
        legend={TEXT.locationType}
        field={fieldMeta('locationType', lastResult)}
        options={LOCATION_TYPES.map((type) => ({ value: type, label: TEXT.locationTypes[type] }))}
        hint={choice.barangayId ? undefined : TEXT.locationTypeHint}
        // spec 4: disabled until a barangay is chosen.
        disabled={!choice.barangayId}
        value={choice.locationType}
        onValueChange={(value) => change('locationType', value)}
      />

      {choice.locationType === 'Building' || choice.locationType === 'Subdivision' ? (
        <div className="flex flex-col gap-1">
          <CascadeSelect
            label={placeLabel}
            placeholder={building ? TEXT.selectBuilding : TEXT.selectSubdivision}
            field={fieldMeta('placeId', lastResult)}
            options={lists.places.map((place) => ({ value: place.id, label: place.name }))}
            value={choice.placeId}
            onChange={(value) => change('placeId', value)}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.placeNotListed}</p>
        </div>
      ) : (
        // spec 2: Others shows a disabled 'None' field (it posts nothing).
        <div className="flex flex-col gap-1">
          <label htmlFor={`${FORM_ID}-none`} className={LABEL_CLASS}>
            {TEXT.noneLabel}
          </label>
          <input id={`${FORM_ID}-none`} type="text" className={CONTROL_CLASS} value={TEXT.none} disabled readOnly />
        </div>
      )}

      {hydrated ? null : (
        <div className="flex flex-col gap-1">
          <div>
            <Button type="submit" name="intent" value={INTENT.update} variant="secondary">
              {TEXT.update}
            </Button>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.updateHint}</p>
        </div>
      )}

      <div className="flex flex-col gap-1">
        <span className={LABEL_CLASS}>{TEXT.zipCode}</span>
        <p data-testid="zip-code">{choice.barangayId ? (zipCode ?? TEXT.zipCodeUnknown) : '—'}</p>
      </div>

      {choice.locationType ? <MapNote locationType={choice.locationType} /> : null}
      <Map
        label={TEXT.mapLabel}
        position={pin ?? map.center}
        zoom={mapZoom(choice, { referral: kind !== 'check' })}
        tileUrl={map.tileUrl}
        attribution={map.attribution}
        baseLayerUrl={map.baseLayerUrl}
        pin={pin ? { label: TEXT.pinLabel, draggable: !building } : undefined}
        // spec 2: a building's map is disabled.
        locked={building && pin !== null}
        onPositionChange={movePin}
      >
        {pin ? TEXT.mapFallback(choice.latitude, choice.longitude) : TEXT.mapNoPin}
      </Map>

      {choice.locationType ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-bold tracking-wide">{TEXT.coordinates}</legend>
          {!agent && !hydrated && !building ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{TEXT.visitorCoordinatesHint}</p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <CoordinateField
              label={TEXT.latitude}
              field={fieldMeta('latitude', lastResult)}
              value={choice.latitude}
              readOnly={coordinatesReadOnly}
              onChange={(value) => setChoice((current) => ({ ...current, latitude: value }))}
            />
            <CoordinateField
              label={TEXT.longitude}
              field={fieldMeta('longitude', lastResult)}
              value={choice.longitude}
              readOnly={coordinatesReadOnly}
              onChange={(value) => setChoice((current) => ({ ...current, longitude: value }))}
            />
          </div>
        </fieldset>
      ) : (
        <>
          <input type="hidden" name="latitude" value={choice.latitude} />
          <input type="hidden" name="longitude" value={choice.longitude} />
        </>
      )}

      <FormAlert id={`${FORM_ID}-alert`} errors={lastResult?.error?.[''] ?? undefined} />
      <div className="flex flex-wrap items-center gap-3">
        <AppLink to={`${path}?step=1`} className={buttonClass('secondary')}>
          {TEXT.back}
        </AppLink>
        <Button
          type="submit"
          name="intent"
          value={INTENT.check}
          // spec 5: disabled until the choice is complete, and while a check runs.
          disabled={hydrated && (!ready || loading)}
          aria-describedby={checkError ? `${FORM_ID}-check-error` : undefined}
        >
          {checking ? TEXT.checking : TEXT.checkServiceability}
        </Button>
      </div>
      {checkError ? (
        <p id={`${FORM_ID}-check-error`} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {checkError}
        </p>
      ) : null}
    </Form>
  )
}

function CascadeSelect({
  label,
  placeholder,
  field,
  options,
  value,
  onChange,
}: {
  label: string
  placeholder: string
  field: FieldMeta
  options: SelectOption[]
  value: string
  onChange: (value: string) => void
}) {
  return (
    <SelectField
      label={label}
      field={field}
      options={options}
      placeholder={placeholder}
      selectProps={{
        defaultValue: undefined,
        value,
        onChange: (event) => onChange(event.target.value),
        // Nothing to choose until the level above is chosen.
        disabled: options.length === 0 && !value,
      }}
    />
  )
}

function CoordinateField({
  label,
  field,
  value,
  readOnly,
  onChange,
}: {
  label: string
  field: FieldMeta
  value: string
  readOnly: boolean
  onChange: (value: string) => void
}) {
  return (
    <Field
      label={label}
      field={field}
      hint={readOnly ? undefined : TEXT.coordinatesHint}
      inputProps={{
        type: 'text',
        inputMode: 'decimal',
        autoComplete: 'off',
        defaultValue: undefined,
        value,
        readOnly,
        onChange: (event) => onChange(event.target.value),
      }}
    />
  )
}

/** spec 2: what the map lets the visitor do for each location type. */
function MapNote({ locationType }: { locationType: AddressChoice['locationType'] }) {
  const { path } = useCheckMode()
  if (locationType === 'Building') return <p className="text-sm font-semibold">{TEXT.buildingMapNote}</p>
  return (
    <p className="text-sm">
      {locationType === 'Subdivision' ? TEXT.subdivisionMapNote : TEXT.othersMapNote}{' '}
      <AppLink to={`${path}?dialog=pin-demo`} className="font-semibold underline">
        {TEXT.demoVideoLink}
      </AppLink>
    </p>
  )
}
