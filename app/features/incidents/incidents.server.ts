/**
 * The operator's incidents screen (issue 37, item 2; docs/product.md, Incidents): the lists and
 * the open form at /ops/incidents, one incident and its forms at /ops/incidents/:id, all as the
 * signed-in operator (anyone else is sent where every role guard sends them). Every form is a
 * plain POST: the open form's address cascade is refreshed with its Update button, as the
 * check-availability screen's, and the server clears a level whose parent changed. A change
 * carries the form's one-time key as its Idempotency-Key. Errors come back beside the fields
 * with what was typed; a change that worked redirects with a toast.
 */
import crypto from 'node:crypto'
import { data } from 'react-router'
import { ROLE } from '~/auth/roles'
import type { Incident, IncidentLists, OpenIncidentBody } from '~/upstream/incidents.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Failure } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { EXCLUSIONS, INCIDENT_KINDS, IncidentIdSchema, type Exclusion, type IncidentKind } from '../../../lib/incidents'
import { fromManilaInput } from '../../../lib/manila-time'
import { INCIDENTS_TEXT as TEXT } from './texts'

export const INCIDENTS_PATH = '/ops/incidents'
export const incidentPath = (id: string) => `${INCIDENTS_PATH}/${id}`
export const NO_STORE = { 'cache-control': 'no-store' }

type Errors = Record<string, string[]>
type Option = { value: string; label: string }

export type OpenFormValues = {
  kind: string
  cause: string
  startedAt: string
  scheduledEndAt: string
  estimatedRestoreAt: string
  exclusion: string
  region: string
  province: string
  municipality: string
  whole: boolean
  barangays: string[]
}

export type OpenFormState = {
  values: OpenFormValues
  errors: Errors
  submissionKey: string
  options: { regions: Option[]; provinces: Option[]; municipalities: Option[]; barangays: Option[] }
  municipalityName: string | null
}

const EMPTY: OpenFormValues = {
  kind: 'outage',
  cause: '',
  startedAt: '',
  scheduledEndAt: '',
  estimatedRestoreAt: '',
  exclusion: 'none',
  region: '',
  province: '',
  municipality: '',
  whole: false,
  barangays: [],
}

const operator = (visit: Visit) => visit.signedIn({ roles: [ROLE.operator] })
const newKey = () => crypto.randomUUID()
const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}
const keyOf = (form: FormData) => {
  const key = text(form, 'submissionKey')
  return /^[A-Za-z0-9-]{8,128}$/.test(key) ? key : newKey()
}

/** The upstream's messages per field, onto the form's fields (areas.* all go beside the areas). */
function fieldErrors(failure: Failure): Errors | null {
  const fields = failure.error.kind === 'rejected' ? failure.error.fields : undefined
  if (!fields) return null
  const errors: Errors = {}
  for (const [name, messages] of Object.entries(fields)) {
    const field = name.startsWith('areas') ? 'areas' : name
    ;(errors[field] ??= []).push(...messages)
  }
  return errors
}

/** A datetime-local value typed in Manila, as the ISO instant the API takes; '' stays undefined. */
function instant(value: string, field: string, errors: Errors): string | undefined {
  if (!value) return undefined
  const at = fromManilaInput(value)
  if (!at) {
    errors[field] = [TEXT.badTime]
    return undefined
  }
  return at.toISOString()
}

/** The cascade's lists for what is chosen, each level kept only while it lies in the level above. */
async function cascade(
  visit: Visit,
  values: OpenFormValues,
): Promise<OpenFormState['options'] & { name: string | null }> {
  const regions = await visit.portal.call((upstream) => upstream.address.regions())
  const regionList = regions.ok ? regions.value : []
  if (!regionList.some((r) => r.id === values.region)) values.region = ''
  const provinces = values.region
    ? await visit.portal.call((upstream) => upstream.address.provinces(values.region))
    : null
  const provinceList = provinces?.ok ? provinces.value : []
  if (!provinceList.some((p) => p.id === values.province)) values.province = ''
  const municipalities = values.province
    ? await visit.portal.call((upstream) => upstream.address.municipalities(values.province))
    : null
  const municipalityList = municipalities?.ok ? municipalities.value : []
  const town = municipalityList.find((m) => m.id === values.municipality)
  if (!town) values.municipality = ''
  const barangays = values.municipality
    ? await visit.portal.call((upstream) => upstream.address.barangays(values.municipality))
    : null
  const barangayList = barangays?.ok ? barangays.value : []
  values.barangays = values.barangays.filter((code) => barangayList.some((b) => b.id === code))
  if (!town) values.whole = false
  return {
    regions: regionList.map((r) => ({ value: r.id, label: r.name })),
    provinces: provinceList.map((p) => ({ value: p.id, label: p.name })),
    municipalities: municipalityList.map((m) => ({ value: m.id, label: m.name })),
    barangays: barangayList.map((b) => ({ value: b.id, label: b.name })),
    name: town?.name ?? null,
  }
}

async function openFormState(
  visit: Visit,
  values: OpenFormValues,
  errors: Errors,
  key: string,
): Promise<OpenFormState> {
  const { name, ...options } = await cascade(visit, values)
  return { values, errors, submissionKey: key, options, municipalityName: name }
}

export async function loadIncidentsPage(visit: Visit): Promise<{ lists: IncidentLists | null; form: OpenFormState }> {
  const me = await operator(visit)
  const lists = await me.call((upstream, token) => upstream.incidents.lists(token))
  if (!lists.ok) visit.logger.warn({ kind: lists.error.kind }, 'incident lists failed')
  return { lists: lists.ok ? lists.value : null, form: await openFormState(visit, { ...EMPTY }, {}, newKey()) }
}

function readOpenForm(form: FormData): OpenFormValues {
  return {
    kind: text(form, 'kind'),
    cause: text(form, 'cause'),
    startedAt: text(form, 'startedAt'),
    scheduledEndAt: text(form, 'scheduledEndAt'),
    estimatedRestoreAt: text(form, 'estimatedRestoreAt'),
    exclusion: text(form, 'exclusion') || 'none',
    region: text(form, 'region'),
    province: text(form, 'province'),
    municipality: text(form, 'municipality'),
    whole: form.get('whole') === 'on',
    barangays: form.getAll('barangay').filter((v): v is string => typeof v === 'string'),
  }
}

/** The open form's POST: Update refreshes the cascade; Open incident opens it, or answers the errors. */
export async function openIncidentAction(visit: Visit, request: Request) {
  const me = await operator(visit)
  const form = await request.formData()
  const values = readOpenForm(form)
  const key = keyOf(form)
  if (text(form, 'intent') !== 'open') {
    return data({ form: await openFormState(visit, values, {}, key) }, { headers: NO_STORE })
  }
  const errors: Errors = {}
  const kind = (INCIDENT_KINDS as readonly string[]).includes(values.kind) ? (values.kind as IncidentKind) : null
  if (!kind) errors.kind = [TEXT.chooseKind]
  if (!values.cause) errors.cause = [TEXT.required]
  const startedAt = instant(values.startedAt, 'startedAt', errors)
  const scheduledEndAt = instant(values.scheduledEndAt, 'scheduledEndAt', errors)
  const estimatedRestoreAt = instant(values.estimatedRestoreAt, 'estimatedRestoreAt', errors)
  if (kind === 'maintenance' && !values.startedAt) errors.startedAt = [TEXT.required]
  if (kind === 'maintenance' && !values.scheduledEndAt) errors.scheduledEndAt = [TEXT.required]
  const exclusion = (EXCLUSIONS as readonly string[]).includes(values.exclusion)
    ? (values.exclusion as Exclusion)
    : 'none'
  // Check the cascade first: only codes it still holds are sent.
  const state = await openFormState(visit, values, errors, key)
  const areas = {
    barangays: values.whole ? [] : values.barangays,
    municipalities: values.whole && values.municipality ? [values.municipality] : [],
  }
  if (areas.barangays.length + areas.municipalities.length === 0) errors.areas = [TEXT.chooseArea]
  if (Object.keys(errors).length > 0 || !kind) {
    return data({ form: { ...state, errors } }, { status: 400, headers: NO_STORE })
  }
  const body: OpenIncidentBody = {
    kind,
    cause: values.cause,
    areas,
    exclusion,
    ...(startedAt ? { startedAt } : {}),
    ...(kind === 'maintenance' && scheduledEndAt ? { scheduledEndAt } : {}),
    ...(estimatedRestoreAt ? { estimatedRestoreAt } : {}),
  }
  const opened = await me.call((upstream, token) => upstream.incidents.open(token, body, key))
  if (!opened.ok) {
    const fields = fieldErrors(opened)
    return data(
      { form: { ...state, errors: fields ?? { _form: [opened.message] } } },
      { status: 400, headers: NO_STORE },
    )
  }
  return redirectWithToast(visit.config, incidentPath(opened.value.id), { kind: 'success', message: TEXT.opened })
}

export type IncidentForms = { submissionKey: string }

export type IncidentStatus = 'current' | 'planned' | 'resolved'

export async function loadIncident(
  visit: Visit,
  id: string,
): Promise<{ incident: Incident; status: IncidentStatus; submissionKey: string }> {
  const me = await operator(visit)
  if (!IncidentIdSchema.safeParse(id).success) throw new Response(TEXT.notFound, { status: 404 })
  const found = await me.call((upstream, token) => upstream.incidents.incident(token, id))
  if (!found.ok) {
    if (found.error.kind === 'rejected' && found.error.status === 404)
      throw new Response(TEXT.notFound, { status: 404 })
    throw new Response(found.message, { status: 503 })
  }
  const incident = found.value
  const status = incident.resolvedAt ? 'resolved' : Date.parse(incident.startedAt) > Date.now() ? 'planned' : 'current'
  return { incident, status, submissionKey: newKey() }
}

export type IncidentActionData = {
  intent: string
  values: Record<string, string>
  errors: Errors
  submissionKey: string
}

const TOASTS: Record<string, string> = {
  update: TEXT.posted,
  estimate: TEXT.estimated,
  exclusion: TEXT.excluded,
  resolve: TEXT.resolvedToast,
}

/** One incident's forms: post an update, change the estimate, mark the exclusion, resolve. */
export async function incidentAction(visit: Visit, request: Request, id: string) {
  const me = await operator(visit)
  if (!IncidentIdSchema.safeParse(id).success) throw new Response(TEXT.notFound, { status: 404 })
  const form = await request.formData()
  const intent = text(form, 'intent')
  const key = keyOf(form)
  const values = {
    text: text(form, 'text'),
    estimatedRestoreAt: text(form, 'estimatedRestoreAt'),
    exclusion: text(form, 'exclusion'),
    resolvedAt: text(form, 'resolvedAt'),
  }
  const errors: Errors = {}
  const refuse = (found: Errors) =>
    data({ intent, values, errors: found, submissionKey: key } satisfies IncidentActionData, {
      status: 400,
      headers: NO_STORE,
    })
  let call
  if (intent === 'update') {
    if (!values.text) return refuse({ text: [TEXT.required] })
    call = me.call((upstream, token) => upstream.incidents.update(token, id, values.text, key))
  } else if (intent === 'estimate') {
    const at = instant(values.estimatedRestoreAt, 'estimatedRestoreAt', errors)
    if (!values.estimatedRestoreAt) errors.estimatedRestoreAt = [TEXT.required]
    if (!at) return refuse(errors)
    call = me.call((upstream, token) => upstream.incidents.estimate(token, id, at, key))
  } else if (intent === 'exclusion') {
    const exclusion = (EXCLUSIONS as readonly string[]).find((e) => e === values.exclusion) as Exclusion | undefined
    if (!exclusion) return refuse({ exclusion: [TEXT.required] })
    call = me.call((upstream, token) => upstream.incidents.exclusion(token, id, exclusion, key))
  } else if (intent === 'resolve') {
    const resolvedAt = instant(values.resolvedAt, 'resolvedAt', errors)
    if (Object.keys(errors).length > 0) return refuse(errors)
    const body = { ...(resolvedAt ? { resolvedAt } : {}), ...(values.text ? { text: values.text } : {}) }
    call = me.call((upstream, token) => upstream.incidents.resolve(token, id, body, key))
  } else {
    return refuse({ _form: [TEXT.formFailed] })
  }
  const answer = await call
  if (!answer.ok) {
    if (answer.error.kind === 'rejected' && answer.error.status === 404)
      throw new Response(TEXT.notFound, { status: 404 })
    return refuse(fieldErrors(answer) ?? { _form: [answer.message] })
  }
  return redirectWithToast(visit.config, incidentPath(id), { kind: 'success', message: TOASTS[intent]! })
}
