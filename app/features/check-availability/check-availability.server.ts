/**
 * /CheckAvailability on the server (spec 2, 4, 5, 7, 8): what each step shows, and the one
 * action behind every button. Everything the visitor chose lives in the draft (the
 * basicInfo and serviceability sections; visit.draft), never in the browser
 * or a URL, so every step works without JavaScript: a select advances through the
 * Update button, a popup is a page the server renders open (?dialog=), and a reload or
 * the back button shows what the draft holds.
 *
 * The clearing rules of spec 4 (reconcileChoice) run here on every submission, whatever
 * the browser did before it.
 */
import crypto from 'node:crypto'
import { data, redirect } from 'react-router'
import type { ServiceabilitySection } from '../../../lib/check-availability-sections'
import { SALES_ROLES, isSales } from '~/auth/roles'
import type { SelectOption } from '~/ui/select-field'
import { serviceabilityOutcome } from '~/upstream/coverage.server'
import { controlCharacterErrors, failureReply, formConstraint, parseWithZod } from '~/utils/form.server'
import { mapSettings } from '~/utils/map-settings.server'
import { upstreamStatus } from '~/utils/upstream-failure'
import type { Caller, UserCaller } from '~/visit/call.server'
import type { Draft } from '~/visit/draft.server'
import type { Visit } from '~/visit/visit.server'
import {
  choiceFromForm,
  EMPTY_CHOICE,
  isReadyToCheck,
  keepKnown,
  reconcileChoice,
  type AddressChoice,
  type Place,
} from './address-choice'
import type { SearchHit } from './address-search'
import { INTENT, DIALOGS, type Dialog } from './intents'
import { MODE_PATHS, type CheckModeKind } from './mode'
import {
  addressCheckSchema,
  DetailsSchema,
  LeadSchema,
  ReferDetailsSchema,
  WinbackDetailsSchema,
  type Details,
} from './schemas'
import { CHECK_TEXT as TEXT } from './texts'
import type { Referee } from '../../../lib/referrals'

/** What a referral's result button files (issue 15): the mode's own call, given the draft's referee and check. */
export type ReferralFiling = (
  visit: Visit,
  input: {
    draft: Draft
    referee: Referee
    section: ServiceabilitySection & { result: NonNullable<ServiceabilitySection['result']> }
  },
) => Promise<Response | ReturnType<typeof data<{ formError: string }>>>

/**
 * The screen's mode (mode.ts): the visitor's own check, or a referral or Win Back, whose
 * step 1 is the referee (the draft's `referral` section) and whose result files a referral.
 */
export type ScreenMode = { kind: CheckModeKind; fileReferral?: ReferralFiling }

export const CHECK_MODE: ScreenMode = { kind: 'check' }

/** The draft's referral kind for each referral mode. */
const REFERRAL_KIND = { refer: 'MGM', winback: 'WINBACK' } as const

// spec 9: agent code default 'self'.
const SELF = 'self'

/**
 * Who checks: the signed-in sales agent checking for a customer (spec 6), who calls as
 * themselves (the upstream records their token's agent code), or the portal, as 'self',
 * for everyone else (and in a referral). Worked out once per request.
 */
type Checker = { agent: UserCaller | null; caller: Caller; agentCode: string }
const CHECKER = Symbol('checker')

function checkerOf(visit: Visit, mode: ScreenMode = CHECK_MODE): Promise<Checker> {
  const portal: Checker = { agent: null, caller: visit.portal, agentCode: SELF }
  if (mode.kind !== 'check') return Promise.resolve(portal)
  return visit.once(CHECKER, async () => {
    const user = await visit.user()
    if (!user || !isSales(user.roles)) return portal
    const agent = await visit.signedIn({ roles: SALES_ROLES })
    return { agent, caller: agent, agentCode: agent.claims.agentCode ?? SELF }
  })
}

/** The referee a referral mode's step 1 saved (the draft's referral section of its kind). */
function refereeOf(draft: Draft | null, mode: ScreenMode): Referee | null {
  if (mode.kind === 'check') return null
  const referral = draft?.sections.referral
  return referral && referral.kind === REFERRAL_KIND[mode.kind] ? (referral.referee ?? null) : null
}

/** Step 1's fields from the draft: spec 3 basicInfo, or in a referral the referee. */
function detailsOf(draft: Draft | null, mode: ScreenMode = CHECK_MODE) {
  if (mode.kind !== 'check') {
    const referee = refereeOf(draft, mode)
    if (!referee) return null
    return {
      firstName: referee.firstName,
      lastName: referee.lastName,
      mobileNumber: referee.mobileNo,
      email: referee.email,
      alternateMobile: referee.alternateMobileNo ?? '',
    }
  }
  const basicInfo = draft?.sections.basicInfo
  if (!basicInfo) return null
  return {
    firstName: basicInfo.firstName,
    lastName: basicInfo.lastName,
    mobileNumber: basicInfo.mobileNo,
    email: basicInfo.email,
  }
}

function sectionOf(draft: Draft | null): ServiceabilitySection {
  return (
    draft?.sections.serviceability ?? {
      choice: { ...EMPTY_CHOICE },
      names: {},
      zipCode: null,
      result: null,
    }
  )
}

/** The configured subdivision ids no visitor may choose (spec 5: five of them). */
function excludedSubdivisions(visit: Visit) {
  return new Set(visit.config.EXCLUDED_SUBDIVISION_IDS)
}

type Lists = {
  regions: SelectOption[]
  provinces: SelectOption[]
  municipalities: SelectOption[]
  barangays: SelectOption[]
  places: Place[]
  zipCode: string | null
  /** spec 8: a list that did not load says so; the choices stay. */
  failure: string | null
}

const asOptions = (items: { id: string; name: string; isActive: boolean }[]) =>
  items.filter((item) => item.isActive).map((item) => ({ value: item.id, label: item.name }))

/**
 * The lists step 2 shows for a choice: each level's options once its parent is chosen,
 * the barangay's buildings or subdivisions for those types (less the excluded
 * subdivisions), and the zip code of the barangay. Address lists are cached upstream
 * calls (app/upstream/address.server.ts).
 */
export async function listsFor(visit: Visit, choice: AddressChoice): Promise<Lists> {
  const lists: Lists = {
    regions: [],
    provinces: [],
    municipalities: [],
    barangays: [],
    places: [],
    zipCode: null,
    failure: null,
  }
  const loaded = await visit.portal.call(async (upstream) => {
    const [regions, provinces, municipalities, barangays] = await Promise.all([
      upstream.address.regions(),
      choice.regionId ? upstream.address.provinces(choice.regionId) : [],
      choice.provinceId ? upstream.address.municipalities(choice.provinceId) : [],
      choice.municipalityId ? upstream.address.barangays(choice.municipalityId) : [],
    ])
    lists.regions = asOptions(regions)
    lists.provinces = asOptions(provinces)
    lists.municipalities = asOptions(municipalities)
    lists.barangays = asOptions(barangays)
    const barangay = barangays.find((item) => item.id === choice.barangayId)
    if (barangay) {
      // spec 7: the zip code by barangay; the lists carry it, else the zip code call answers.
      lists.zipCode =
        barangay.zipCode ??
        municipalities.find((item) => item.id === choice.municipalityId)?.zipCode ??
        (await upstream.address.zipCode({
          provinceCode: choice.provinceId,
          municipalityCode: choice.municipalityId,
          barangayCode: choice.barangayId,
        }))
    }
    if (barangay && choice.locationType === 'Building') {
      lists.places = await upstream.coverage.buildings(choice.barangayId)
    } else if (barangay && choice.locationType === 'Subdivision') {
      const excluded = excludedSubdivisions(visit)
      lists.places = (await upstream.coverage.subdivisions(choice.barangayId)).filter(
        (subdivision) => !excluded.has(subdivision.id),
      )
    }
  })
  if (!loaded.ok) lists.failure = loaded.message
  return lists
}

const knownOptions = (lists: Lists) => ({
  regions: lists.regions.map((option) => option.value),
  provinces: lists.provinces.map((option) => option.value),
  municipalities: lists.municipalities.map((option) => option.value),
  barangays: lists.barangays.map((option) => option.value),
})

/** The names of a choice, from its lists: what a lead and the application carry (spec 3). */
function namesOf(choice: AddressChoice, lists: Lists): ServiceabilitySection['names'] {
  const label = (options: SelectOption[], id: string) => options.find((option) => option.value === id)?.label
  return {
    region: label(lists.regions, choice.regionId),
    province: label(lists.provinces, choice.provinceId),
    municipality: label(lists.municipalities, choice.municipalityId),
    barangay: label(lists.barangays, choice.barangayId),
    place: lists.places.find((place) => place.id === choice.placeId)?.name,
  }
}

function dialogOf(url: URL): Dialog | null {
  const value = url.searchParams.get('dialog')
  return DIALOGS.find((dialog) => dialog === value) ?? null
}

/** What /CheckAvailability shows: step 1, or step 2 with its lists, pin and open popup. */
export async function checkAvailabilityView(visit: Visit, url: URL, mode: ScreenMode = CHECK_MODE) {
  const query = url.searchParams
  const [checker, read] = await Promise.all([checkerOf(visit, mode), visit.draft.read()])
  // spec 8: the drafts service did not answer; step 1 says so and still works.
  const draft = read.ok ? read.value : null
  const details = detailsOf(draft, mode)
  const { config } = visit
  const shared = {
    mode: mode.kind,
    draftFailure: read.ok ? null : read.message,
    agentCode: checker.agent ? checker.agentCode : null,
    details,
    constraint: { details: formConstraint(detailsSchemaOf(mode)), lead: formConstraint(LeadSchema) },
  }
  // spec 4: step 2 only after valid details and consent; Back (?step=1) returns to them.
  if (!details || query.get('step') === '1') return { ...shared, step: 1 as const }

  const section = sectionOf(draft)
  const lists = await listsFor(visit, section.choice)
  let dialog = dialogOf(url)
  // A popup about a result shows only the result the draft holds.
  if (dialog === 'serviceable' && section.result?.outcome !== 'serviceable') dialog = null
  if (dialog === 'not-serviceable' && section.result?.outcome !== 'not-serviceable') dialog = null
  if (dialog === 'confirm' && !isReadyToCheck(section.choice)) dialog = null
  if (dialog === 'lead-filed' && (!draft?.sections.lead || mode.kind !== 'check')) dialog = null
  return {
    ...shared,
    step: 2 as const,
    choice: section.choice,
    lists,
    zipCode: lists.zipCode ?? section.zipCode,
    dialog,
    leadId: dialog === 'lead-filed' ? (draft?.sections.lead?.leadId ?? null) : null,
    map: mapSettings(config),
  }
}

/** Step 1's schema in each mode. */
function detailsSchemaOf(mode: ScreenMode) {
  return mode.kind === 'refer' ? ReferDetailsSchema : mode.kind === 'winback' ? WinbackDetailsSchema : DetailsSchema
}

/** Redirect back to the screen, with a popup open (the draft's cookie, when it changed, is the visit's to send). */
function back(mode: ScreenMode, dialog?: Dialog) {
  const path = MODE_PATHS[mode.kind]
  return redirect(dialog ? `${path}?dialog=${dialog}` : path)
}

/**
 * Every button of /CheckAvailability (docs/conventions.md, Forms: one intent per button).
 * Answers a redirect (Post/Redirect/Get: a reload never posts again), or the form's
 * errors with the input kept.
 */
export async function checkAvailabilityAction(visit: Visit, form: FormData, mode: ScreenMode = CHECK_MODE) {
  const intent = form.get('intent')
  switch (intent) {
    case INTENT.details:
      return saveDetails(visit, form, mode)
    case INTENT.update:
    case INTENT.pick:
    case INTENT.check:
      return saveChoice(visit, form, intent, mode)
    case INTENT.confirm:
      return confirmAndCheck(visit, mode)
    case INTENT.lead:
      if (mode.kind !== 'check') break
      return fileLead(visit, form)
    case INTENT.refer:
      if (!mode.fileReferral) break
      return fileReferral(visit, mode, mode.fileReferral)
  }
  return data({ formError: TEXT.unknownAction }, { status: 400 })
}

/**
 * A referral's result button (issue 15): the referee and the check from the draft, filed by
 * the mode's call. Without a referee or a result there is nothing to file: back to the screen.
 */
async function fileReferral(visit: Visit, mode: ScreenMode, file: ReferralFiling) {
  const draft = await visit.draft.current()
  const referee = refereeOf(draft, mode)
  const section = sectionOf(draft)
  const { result } = section
  if (!draft || !referee || !result) return back(mode)
  return file(visit, { draft, referee, section: { ...section, result } })
}

/**
 * Step 1's Continue (spec 4): valid details and consent go into the draft as basicInfo; in a
 * referral, as the referral's referee (a new referee's address is checked anew: the last
 * check's result is dropped).
 */
async function saveDetails(visit: Visit, form: FormData, mode: ScreenMode) {
  if (mode.kind !== 'check') return saveReferee(visit, form, mode.kind)
  const submission = parseWithZod(form, { schema: DetailsSchema })
  if (submission.status !== 'success') return data({ details: submission.reply() }, { status: 400 })
  const saved = await visit.draft.save('basicInfo', submission.value satisfies Details)
  if (!saved.ok) {
    // The drafts service refused or did not answer: the details come back with its words.
    const failure = failureReply(saved.error, submission)
    return data({ details: failure.result }, { status: failure.status })
  }
  return back(CHECK_MODE)
}

async function saveReferee(visit: Visit, form: FormData, kind: 'refer' | 'winback') {
  const mode: ScreenMode = { kind }
  const submission = parseWithZod(form, { schema: detailsSchemaOf(mode) })
  if (submission.status !== 'success') return data({ details: submission.reply() }, { status: 400 })
  const { checkTerms: _consented, ...referee } = submission.value
  const read = await visit.draft.read()
  const draft = read.ok ? read.value : null
  const before = refereeOf(draft, mode)
  let saved = read.ok ? await visit.draft.save('referral', { kind: REFERRAL_KIND[kind], referee }) : read
  const section = draft?.sections.serviceability
  if (saved.ok && section?.result && JSON.stringify(before) !== JSON.stringify(referee)) {
    saved = await visit.draft.save('serviceability', { ...section, result: null })
  }
  if (!saved.ok) {
    const failure = failureReply(saved.error, submission)
    return data({ details: failure.result }, { status: failure.status })
  }
  return back(mode)
}

/**
 * Update (a select changed) or CHECK SERVICEABILITY: the posted choice, less what spec 4
 * clears, is saved in the draft either way, so nothing chosen is lost. A check then
 * needs a complete choice (spec 5); Subdivision and Others first ask the visitor to
 * confirm the pin (spec 2), a building's pin is the building's and is checked at once.
 */
async function saveChoice(visit: Visit, form: FormData, intent: string, mode: ScreenMode) {
  const check = intent === INTENT.check
  const draft = await visit.draft.current()
  if (!detailsOf(draft, mode)) return redirect(MODE_PATHS[mode.kind])
  const section = sectionOf(draft)
  // A control character in an id names nothing in any list: the choice is refused beside its
  // field and the draft keeps the one before (issue 32, finding 2: a NUL once reached SQL).
  if (controlCharacterErrors(form)) {
    const { agent } = await checkerOf(visit, mode)
    const submission = parseWithZod(form, { schema: addressCheckSchema({ agent: agent !== null }) })
    return data({ address: submission.reply(), choice: section.choice }, { status: 400 })
  }
  const submitted = choiceFromForm(form)
  // A search hit sets every level at once: measured against nothing chosen, it clears nothing.
  const previous = intent === INTENT.pick ? EMPTY_CHOICE : section.choice
  // The clearing rules, then the ids checked against their lists, then the place and its pin.
  const cleared = reconcileChoice(previous, submitted)
  const lists = await listsFor(visit, cleared)
  const known = lists.failure ? cleared : keepKnown(cleared, knownOptions(lists))
  // A building or subdivision hit names its place by its pin: the one standing there.
  const picked =
    intent === INTENT.pick && known.locationType && known.locationType !== 'Others' && !known.placeId
      ? { ...known, placeId: placeAt(lists.places, known) ?? '' }
      : known
  const choice = reconcileChoice(previous, picked, lists.failure ? undefined : lists.places)
  const names = namesOf(choice, lists)
  const changed = JSON.stringify(choice) !== JSON.stringify(section.choice)
  const saved: ServiceabilitySection = {
    choice,
    names,
    zipCode: lists.zipCode,
    result: changed ? null : section.result,
  }
  // CHECK SERVICEABILITY on a complete building: its pin is the building's, so the check
  // runs at once, and one save keeps the choice with its result (without one if it fails).
  const { agent } = await checkerOf(visit, mode)
  if (check && choice.locationType === 'Building' && isReadyToCheck(choice)) {
    const submission = parseWithZod(formOf(choice), { schema: addressCheckSchema({ agent: agent !== null }) })
    if (submission.status === 'success') return runCheck(visit, saved, { choiceSaved: false, mode })
  }
  const done = await visit.draft.save('serviceability', saved)
  if (!done.ok) return data({ formError: done.message, choice }, { status: upstreamStatus(done.error) })
  // spec 4: choosing Subdivision or Others, with the address chosen, opens the pin demo.
  const pinDemo =
    (choice.locationType === 'Subdivision' || choice.locationType === 'Others') &&
    choice.locationType !== section.choice.locationType
  if (!check) return back(mode, pinDemo ? 'pin-demo' : undefined)

  const submission = parseWithZod(formOf(choice), { schema: addressCheckSchema({ agent: agent !== null }) })
  if (submission.status !== 'success' || !isReadyToCheck(choice))
    return data({ address: submission.reply({ formErrors: [TEXT.incomplete] }), choice }, { status: 400 })
  return back(mode, 'confirm')
}

/** The place whose pin is within a metre or so of the choice's pin. */
function placeAt(places: Place[], choice: AddressChoice) {
  const near = (a: number, b: string) => Math.abs(a - Number(b)) < 1e-5
  return places.find((place) => near(place.latitude, choice.latitude) && near(place.longitude, choice.longitude))?.id
}

function formOf(choice: AddressChoice) {
  const form = new FormData()
  for (const [name, value] of Object.entries(choice)) form.set(name, value)
  return form
}

/** YES in 'Do you confirm that this is your exact location?': the check runs on the saved pin. */
async function confirmAndCheck(visit: Visit, mode: ScreenMode) {
  const draft = await visit.draft.current()
  if (!detailsOf(draft, mode)) return redirect(MODE_PATHS[mode.kind])
  const section = sectionOf(draft)
  if (!isReadyToCheck(section.choice))
    return data({ formError: TEXT.incomplete, choice: section.choice }, { status: 400 })
  return runCheck(visit, section, { choiceSaved: true, mode })
}

/**
 * The serviceability check (spec 3 order payload, spec 4 result, spec 8 errors): any GPON
 * item 'Y' is serviceable; any 'N', or status false, is not; an error or status 0 is
 * 'Some error occured' beneath the button with every choice kept. Agents call as
 * themselves with their agent code; everyone else as 'self'.
 */
async function runCheck(
  visit: Visit,
  section: ServiceabilitySection,
  { choiceSaved, mode }: { choiceSaved: boolean; mode: ScreenMode },
) {
  // A check that fails keeps the choice: saved here when it was not saved before the check
  // (if that save fails too, the message is the same: the choice is still on the screen).
  async function failed() {
    if (!choiceSaved) await visit.draft.save('serviceability', section)
    return data({ checkError: TEXT.checkError, choice: section.choice }, { status: 503 })
  }
  const draft = await visit.draft.current()
  const details = detailsOf(draft, mode)
  if (!details) return redirect(MODE_PATHS[mode.kind])
  const checker = await checkerOf(visit, mode)
  const { choice } = section
  const referenceNo = `CA-${crypto.randomUUID()}`
  const payload = {
    referenceNo,
    buildingOrSubdiviCode: choice.locationType === 'Others' ? undefined : choice.placeId,
    locationType: choice.locationType as 'Building' | 'Subdivision' | 'Others',
    latitude: Number(choice.latitude),
    longitude: Number(choice.longitude),
    subscriberName: `${details.firstName} ${details.lastName}`,
    agentCode: checker.agentCode,
  }
  const checked = await checker.caller.call((upstream, accessToken) =>
    upstream.coverage.check(payload, { accessToken }),
  )
  if (!checked.ok) {
    visit.logger.warn({ err: checked.error, referenceNo }, 'serviceability check failed')
    return failed()
  }
  const outcome = serviceabilityOutcome(checked.value)
  if (outcome === 'error') return failed()
  const saved = await visit.draft.save('serviceability', {
    ...section,
    result: { outcome, checkedAt: new Date().toISOString(), referenceNo },
  })
  if (!saved.ok) return data({ checkError: TEXT.checkError, choice }, { status: 503 })
  return back(mode, outcome)
}

/**
 * The non-serviceable popup's lead form (spec 3 lead payload, spec 5): name, mobile and
 * email are step 1's, from the draft; the additional mobile is the form's. Filed once
 * per check; the visitor is told honestly what happens next.
 */
async function fileLead(visit: Visit, form: FormData) {
  const draft = await visit.draft.current()
  const details = detailsOf(draft)
  const section = sectionOf(draft)
  if (!draft || !details || section.result?.outcome !== 'not-serviceable') return redirect(MODE_PATHS.check)
  if (draft.sections.lead?.referenceNo === section.result.referenceNo) return back(CHECK_MODE, 'lead-filed')

  const leadForm = new FormData()
  leadForm.set('fullName', `${details.firstName} ${details.lastName}`)
  leadForm.set('mobileNumber', details.mobileNumber)
  leadForm.set('email', details.email)
  leadForm.set('additionalMobile', String(form.get('additionalMobile') ?? ''))
  const submission = parseWithZod(leadForm, { schema: LeadSchema })
  if (submission.status !== 'success') return data({ lead: submission.reply() }, { status: 400 })

  const checker = await checkerOf(visit)
  const { choice, names } = section
  const lead = {
    emaiID: details.email,
    firstName: details.firstName,
    lastName: details.lastName,
    mobileNumber: details.mobileNumber,
    alternateMobileNumber: submission.value.additionalMobile,
    region: names.region ?? choice.regionId,
    province: names.province ?? choice.provinceId,
    municipality: names.municipality ?? choice.municipalityId,
    barangay: names.barangay ?? choice.barangayId,
    agentCode: checker.agentCode,
    source: visit.config.sourceId,
    latitude: Number(choice.latitude),
    longitude: Number(choice.longitude),
  }
  const done = await checker.caller.call((upstream, accessToken) => upstream.coverage.fileLead(lead, { accessToken }))
  if (!done.ok) return data({ lead: submission.reply({ formErrors: [done.message] }) }, { status: 503 })
  const filed = done.value
  const noted = await visit.draft.save('lead', {
    leadId: filed.leadId,
    filedAt: new Date().toISOString(),
    referenceNo: section.result.referenceNo,
  })
  if (!noted.ok) {
    // The lead is filed; only the draft's note of it failed. Thank the visitor all the same.
    visit.logger.warn({ err: noted.error }, 'lead filed, draft not updated')
    return data({ leadFiled: filed.leadId }, { status: 200 })
  }
  return back(CHECK_MODE, 'lead-filed')
}

/** Hits the search lists at most; up to STREET_HITS of them are a geocoder's, after the seeded ones. */
const SEARCH_HITS = 8
const STREET_HITS = 3

/**
 * The map's address search (spec 2, 9), answered to the screen's JavaScript: the
 * coverage service's hits over the seeded barangays, buildings and subdivisions, then the
 * streets and places a configured geocoder finds (docs/decisions/0073), as the levels of the
 * address and a pin. A street is an Others address with its pin on the street.
 */
export async function searchAddresses(visit: Visit, form: FormData) {
  const query = String(form.get('q') ?? '')
    .trim()
    .slice(0, 100)
  if (query.length < 2) return { hits: [] as SearchHit[] }
  const found = await visit.portal.call((upstream) => upstream.coverage.search(query))
  if (!found.ok) return { hits: [] as SearchHit[], failure: found.message }
  // Seeded places first; the geocoder's keep a few places when the seeded ones would fill the list.
  const streets = found.value.filter((hit) => hit.kind === 'street')
  const seeded = found.value.filter((hit) => hit.kind !== 'street')
  const shownSeeded = seeded.slice(0, SEARCH_HITS - Math.min(STREET_HITS, streets.length))
  const shown = [...shownSeeded, ...streets.slice(0, SEARCH_HITS - shownSeeded.length)]
  return {
    hits: shown.map((hit): SearchHit => ({
      label: hit.label,
      regionId: hit.regionId,
      provinceId: hit.provinceId,
      municipalityId: hit.municipalityId,
      barangayId: hit.barangayId,
      latitude: hit.latitude,
      longitude: hit.longitude,
      locationType:
        hit.kind === 'building'
          ? 'Building'
          : hit.kind === 'subdivision'
            ? 'Subdivision'
            : hit.kind === 'street'
              ? 'Others'
              : undefined,
    })),
  }
}
