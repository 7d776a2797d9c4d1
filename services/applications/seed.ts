/**
 * Demo data (issue 10; docs/decisions/0033): one web application waiting for compliance,
 * so the status page and the compliance flow can be tried on a fresh portal. It is demo
 * data, seeded only with the demo users (DEMO_DATA): its payload's source is 'DemoSeed'
 * and its id starts with 'demo'-like fixed uuid, so an operator can find and delete it.
 * No compliance link is seeded (a link is a secret that exists only in an email): on the
 * status page, "Email me the link" sends one to the demo address's dev mailbox.
 *
 * Try it: /check-status with OO-261102-DEM001 and demo.applicant@example.com (or 9170000001).
 */
import type { ApplicationPayload } from '../../lib/application.ts'
import type { Database } from '../db/client.ts'
import { applications } from './tables.ts'
import { applicationEvents, complianceRejections } from './tracking-tables.ts'

export const DEMO_APPLICATION = {
  id: '00000000-0000-4000-8000-00000000de01',
  referenceNo: 'OO-261102-DEM001',
  emailAddress: 'demo.applicant@example.com',
  mobileNumber: '9170000001',
  rejections: [
    {
      category: 'governmentIssued',
      reason: 'The photo of your ID is blurred. Please send a clear photo of the whole card.',
    },
    { category: 'proofOfBilling', reason: 'The bill is more than 3 months old. Please send your latest bill.' },
  ],
} as const

const ADDRESS = {
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

/** The demo application's payload (also a ready-made payload for tests: give it a free slot and another email). */
export const DEMO_PAYLOAD: ApplicationPayload = {
  customerSegment: 'Residential',
  firstName: 'DEMO',
  lastName: 'APPLICANT',
  suffix: null,
  emailAddress: DEMO_APPLICATION.emailAddress,
  mobileNumber: DEMO_APPLICATION.mobileNumber,
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
    { addressType: 'residential', ...ADDRESS },
    { addressType: 'billing', ...ADDRESS },
  ],
  latitude: '14.5547',
  longitude: '121.0244',
  planCode: 'fiber-plan-1699',
  planName: 'Fiber Plan 1699',
  itemDetails: [],
  upfrontFeePaymentOption: 'OUTRIGHT',
  customerBehavior: null,
  step: 5,
  source: 'DemoSeed',
  agentCode: 'self',
  appointment: { slotId: '2026-11-09-AM' },
} as ApplicationPayload

/**
 * A demo application as it stands after its history: its row, its status changes and its
 * compliance rejections. The demo sales team's filings (services/sales/seed.ts) come here too.
 */
export type DemoApplicationRecord = {
  application: typeof applications.$inferInsert
  events: Omit<typeof applicationEvents.$inferInsert, 'applicationId'>[]
  rejections: Omit<typeof complianceRejections.$inferInsert, 'applicationId'>[]
}

/** Adds the demo application unless one with its id is there; answers whether it was added. */
export async function addDemoApplication(db: Database, record: DemoApplicationRecord): Promise<boolean> {
  const made = await db
    .insert(applications)
    .values(record.application)
    .onConflictDoNothing()
    .returning({ id: applications.id })
  if (made.length === 0) return false
  const applicationId = made[0]!.id
  if (record.events.length > 0) {
    await db.insert(applicationEvents).values(record.events.map((event) => ({ ...event, applicationId })))
  }
  if (record.rejections.length > 0) {
    await db
      .insert(complianceRejections)
      .values(record.rejections.map((rejection) => ({ ...rejection, applicationId })))
  }
  return true
}

export async function seedDemoApplication(db: Database): Promise<{ demoApplications: number }> {
  const submitted = new Date('2026-11-02T01:00:00Z')
  const added = await addDemoApplication(db, {
    application: {
      id: DEMO_APPLICATION.id,
      referenceNo: DEMO_APPLICATION.referenceNo,
      idempotencyKeyHash: 'demo-seed',
      customerSegment: 'Residential',
      status: 'for_compliance',
      emailAddress: DEMO_APPLICATION.emailAddress,
      mobileNumber: DEMO_APPLICATION.mobileNumber,
      slotId: DEMO_PAYLOAD.appointment.slotId,
      payload: DEMO_PAYLOAD,
      createdAt: submitted,
    },
    events: [
      {
        id: '00000000-0000-4000-8000-00000000de02',
        status: 'documents_in_review',
        reason: null,
        createdAt: new Date('2026-11-02T03:00:00Z'),
      },
      {
        id: '00000000-0000-4000-8000-00000000de03',
        status: 'for_compliance',
        reason: null,
        createdAt: new Date('2026-11-03T02:00:00Z'),
      },
    ],
    rejections: DEMO_APPLICATION.rejections.map((r) => ({
      category: r.category,
      reason: r.reason,
      rejectedAt: new Date('2026-11-03T02:00:00Z'),
    })),
  })
  return { demoApplications: added ? 1 : 0 }
}
