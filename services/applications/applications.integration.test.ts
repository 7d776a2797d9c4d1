/**
 * Applications and installation slots through the real gateway (issue 10;
 * docs/decisions/0028): slots made for the next 14 days' weekdays, a full slot refused,
 * and a submission made once per idempotency key, with one booking and one email.
 */
import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFERENCE_PATTERN, type ApplicationPayload } from '../../lib/application.ts'
import { outbox } from '../notifications/tables.ts'
import { signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { APPLICATION_MESSAGES, hashKey } from './service.ts'
import { applications, appointmentSlots } from './tables.ts'

// A Monday, 16:00 in Manila.
const nowMs = Date.parse('2026-11-23T08:00:00Z')

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ now: () => new Date(nowMs) })
})
afterAll(() => t?.close())

const newKey = () => crypto.randomBytes(32).toString('base64url')

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return signedCall(t, method, path, { body, nowMs, headers })
}

function submit(key: string | null, payload: unknown) {
  return call('POST', '/v3/applicant-details', payload, key ? { 'idempotency-key': key } : {})
}

async function freeSlot(): Promise<string> {
  const slots = await call('GET', '/v2/appointments/slots')
  const open = slots.body.data.find((slot: { available: number }) => slot.available > 0)
  expect(open, 'an open slot').toBeDefined()
  return open.slotId
}

function residentialPayload(slotId: string, email = `ana.${crypto.randomUUID()}@example.net`): ApplicationPayload {
  const address = {
    region: 'National Capital Region (NCR)',
    regionId: '13',
    province: 'METRO MANILA',
    provinceId: '137',
    cityMunicipality: 'City of Makati',
    cityMunicipalityId: '13760',
    barangay: 'Bel-Air',
    barangayId: '13760003',
    locationType: 'Building' as const,
    buildingId: 'B-1',
    buildingName: 'Demo Makati Tower',
    subdivisionId: null,
    subdivisionVillage: null,
    buildingNo: '12F',
    streetName: 'Ayala Avenue',
    landmark: null,
    zipCode: '1209',
    latitude: '14.5547',
    longitude: '121.0244',
  }
  return {
    customerSegment: 'Residential',
    firstName: 'ANA',
    lastName: 'REYES',
    suffix: null,
    emailAddress: email,
    mobileNumber: '9171234567',
    alternateContactNumber: null,
    alternateEmailAddress: null,
    landlineNumber: null,
    birthDate: '1990-05-17',
    civilStatus: 'Single',
    nationality: 'Filipino',
    gender: 'Female',
    businessName: null,
    businessTin: null,
    industryType: null,
    representativeFirstName: null,
    representativeLastName: null,
    department: null,
    hasEmpOfGovtOrForeignEmbassy: false,
    privacyNotice: true,
    consents: {
      termsAndConditions: true,
      privacyNotice: true,
      informationAccuracy: true,
      notifications: true,
      newsletters: false,
      eBills: true,
    },
    addresses: [
      { addressType: 'residential', ...address },
      { addressType: 'billing', ...address },
    ],
    latitude: '14.5547',
    longitude: '121.0244',
    planCode: 'fiber-plan-1699',
    planName: 'Fiber Plan 1699',
    itemDetails: [{ itemName: 'Mesh Wi-Fi 6 router', quantity: 1 }],
    upfrontFeePaymentOption: 'OUTRIGHT',
    customerBehavior: null,
    step: 5,
    source: 'HiblaWeb',
    agentCode: 'self',
    appointment: { slotId },
  }
}

async function bookedOf(slotId: string) {
  const [row] = await t.database.db.select().from(appointmentSlots).where(eq(appointmentSlots.slotId, slotId))
  return row!.booked
}

describe('installation slots', () => {
  it('are the weekdays of the next 14 days (Manila), a morning and an afternoon each, with capacity and bookings', async () => {
    const answer = await call('GET', '/v2/appointments/slots')
    expect(answer.status).toBe(200)
    const slots = answer.body.data as {
      slotId: string
      date: string
      window: string
      capacity: number
      booked: number
      available: number
      label: string
    }[]
    // Tue 24 Nov to Mon 7 Dec 2026: ten weekdays.
    expect(slots).toHaveLength(20)
    expect(slots[0]).toMatchObject({ slotId: '2026-11-24-AM', date: '2026-11-24', window: 'AM' })
    expect(slots[0]!.label).toBe('Tuesday, November 24, 2026, 8:00 AM – 12:00 NN')
    expect(slots.at(-1)!.slotId).toBe('2026-12-07-PM')
    for (const slot of slots) {
      expect(new Date(`${slot.date}T00:00:00Z`).getUTCDay()).not.toBe(0)
      expect(new Date(`${slot.date}T00:00:00Z`).getUTCDay()).not.toBe(6)
      expect(slot.capacity).toBeGreaterThanOrEqual(3)
      expect(slot.booked).toBeLessThanOrEqual(slot.capacity)
      expect(slot.available).toBe(slot.capacity - slot.booked)
    }
    // Asking again answers the same numbers: they are kept, not drawn again.
    expect((await call('GET', '/v2/appointments/slots')).body.data).toEqual(slots)
  })

  it('a choice of a slot with room is answered; a full slot is refused with its message; a closed one too', async () => {
    const slotId = await freeSlot()
    const chosen = await call('POST', '/v2/appointments/slots', { slotId })
    expect(chosen.status).toBe(200)
    expect(chosen.body.data.slotId).toBe(slotId)

    await t.database.db
      .update(appointmentSlots)
      .set({ booked: appointmentSlots.capacity })
      .where(eq(appointmentSlots.slotId, slotId))
    const full = await call('POST', '/v2/appointments/slots', { slotId })
    expect(full.status).toBe(409)
    expect(full.body.error).toMatchObject({ code: 'slot_full', message: APPLICATION_MESSAGES.slotFull })

    // A Saturday and a day in the past are not open.
    for (const closed of ['2026-11-28-AM', '2026-11-20-PM']) {
      const refused = await call('POST', '/v2/appointments/slots', { slotId: closed })
      expect(refused.status).toBe(404)
      expect(refused.body.error.message).toBe(APPLICATION_MESSAGES.slotNotOpen)
    }
  })
})

describe('submitting an application', () => {
  it('makes it once per idempotency key: the second submit answers the same reference, books nothing and sends nothing more', async () => {
    const slotId = await freeSlot()
    const bookedBefore = await bookedOf(slotId)
    const key = newKey()
    const payload = residentialPayload(slotId)

    const first = await submit(key, payload)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data.referenceNo).toMatch(REFERENCE_PATTERN)
    expect(first.body.data.referenceNo.startsWith('OO-261123-')).toBe(true)
    expect(first.body.data).toMatchObject({ status: 'submitted', customerSegment: 'Residential', slot: { slotId } })

    const second = await submit(key, payload)
    expect(second.status).toBe(200)
    expect(second.body.data).toEqual(first.body.data)

    const rows = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.idempotencyKeyHash, hashKey(key)))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(key)
    expect(await bookedOf(slotId)).toBe(bookedBefore + 1)

    // The confirmation, and spec 4's email verification by the OO service (issue 33): once each.
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, payload.emailAddress))
      .orderBy(asc(outbox.createdAt), asc(outbox.subject))
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `Verify your email for application ${first.body.data.referenceNo}`,
      `We received your application ${first.body.data.referenceNo}`,
    ])
    const confirmation = mails.find((mail) => mail.subject.startsWith('We received'))!
    expect(confirmation.body).toContain(first.body.data.referenceNo)
    expect(confirmation.body).toContain('Fiber Plan 1699')
    const verification = mails.find((mail) => mail.subject.startsWith('Verify'))!
    expect(verification.body).toMatch(/\/verifyEmail\/OO-[A-Za-z0-9_-]{43}\b/)
  })

  it('two submits with the same key at the same moment still make one application', async () => {
    const slotId = await freeSlot()
    const key = newKey()
    const payload = residentialPayload(slotId)
    const [a, b] = await Promise.all([submit(key, payload), submit(key, payload)])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    expect(a.body.data.referenceNo).toBe(b.body.data.referenceNo)
    const rows = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.idempotencyKeyHash, hashKey(key)))
    expect(rows).toHaveLength(1)
  })

  it('another key is another application with another reference', async () => {
    const slotId = await freeSlot()
    const a = await submit(newKey(), residentialPayload(slotId))
    const b = await submit(newKey(), residentialPayload(slotId))
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(a.body.data.referenceNo).not.toBe(b.body.data.referenceNo)
  })

  it('refuses a full slot (nothing made), an applicant under 18, a missing key and a payload without privacyNotice: true', async () => {
    const slotId = await freeSlot()
    await t.database.db
      .update(appointmentSlots)
      .set({ booked: appointmentSlots.capacity })
      .where(eq(appointmentSlots.slotId, slotId))
    const key = newKey()
    const full = await submit(key, residentialPayload(slotId))
    expect(full.status).toBe(409)
    expect(full.body.error.message).toBe(APPLICATION_MESSAGES.slotFull)
    expect(
      await t.database.db
        .select()
        .from(applications)
        .where(eq(applications.idempotencyKeyHash, hashKey(key))),
    ).toHaveLength(0)

    const open = await freeSlot()
    // 18 on 24 November 2026 (Manila): still 17 on the 23rd.
    const young = await submit(newKey(), { ...residentialPayload(open), birthDate: '2008-11-24' })
    expect(young.status).toBe(422)
    expect(young.body.error.fields).toEqual({ birthDate: ['Only above 18 years are allowed to proceed'] })
    const eighteen = await submit(newKey(), { ...residentialPayload(open), birthDate: '2008-11-23' })
    expect(eighteen.status).toBe(201)

    expect((await submit(null, residentialPayload(open))).status).toBe(400)
    const noConsent = await submit(newKey(), { ...residentialPayload(open), privacyNotice: false })
    expect(noConsent.status).toBe(422)
    expect(Object.keys(noConsent.body.error.fields)).toContain('privacyNotice')
  })

  it('an SME payload needs its business details', async () => {
    const slotId = await freeSlot()
    const sme = { ...residentialPayload(slotId), customerSegment: 'SME' }
    expect((await submit(newKey(), sme)).status).toBe(422)
    const complete = {
      ...sme,
      businessName: 'Sari-Sari Ventures',
      businessTin: '123456789000',
      industryType: 'Retail and trade',
      representativeFirstName: 'JOSE',
      representativeLastName: 'CRUZ',
      department: 'Operations',
      hasEmpOfGovtOrForeignEmbassy: true,
    }
    const made = await submit(newKey(), complete)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.data.customerSegment).toBe('SME')
  })
})
