/**
 * An application after submission as its readers see it: the applicant's status page (the
 * timeline, the open rejections, the proved email) and the compliance view the portal and
 * the files service read, which categories are open for re-upload.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { ApplicationStatus, DocumentCategory } from '../../lib/application-status.ts'
import { slotLabel } from '../../lib/application.ts'
import { maskEmail } from '../../lib/masking.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import type { SlotWindow } from './slots.ts'
import { applications } from './tables.ts'
import { applicationEvents, complianceRejections } from './tracking-tables.ts'

export type ApplicationRow = typeof applications.$inferSelect

export type TimelineEntry = { status: ApplicationStatus; at: string; reason: string | null }

export type Rejection = { category: DocumentCategory; reason: string }

export type StatusView = {
  referenceNo: string
  status: ApplicationStatus
  customerSegment: 'Residential' | 'SME'
  planName: string
  appointment: string
  timeline: TimelineEntry[]
  /** Open compliance rejections (status for_compliance), else empty. */
  rejections: Rejection[]
  /** The address the applicant proved by the emailed link (masked, spec 9) and when; null until then. */
  emailVerified: { address: string; at: string } | null
}

export type ComplianceView = {
  applicationId: string
  referenceNo: string
  status: ApplicationStatus
  /** The categories open for re-upload: rejected and not yet resolved. */
  openCategories: Rejection[]
}

export async function applicationById(db: Executor, id: string): Promise<ApplicationRow> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id))
  if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
  return row
}

export async function openRejections(db: Executor, applicationId: string): Promise<Rejection[]> {
  return db
    .select({ category: complianceRejections.category, reason: complianceRejections.reason })
    .from(complianceRejections)
    .where(and(eq(complianceRejections.applicationId, applicationId), isNull(complianceRejections.resolvedAt)))
    .orderBy(asc(complianceRejections.category))
}

export async function statusView(db: Executor, row: ApplicationRow): Promise<StatusView> {
  const events = await db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, row.id))
    .orderBy(asc(applicationEvents.createdAt))
  const status = row.status as ApplicationStatus
  return {
    referenceNo: row.referenceNo,
    status,
    customerSegment: row.customerSegment,
    planName: row.payload.planName,
    appointment: slotLabel(row.slotId.slice(0, 10), row.slotId.slice(11) as SlotWindow),
    timeline: [
      { status: 'submitted', at: row.createdAt.toISOString(), reason: null },
      ...events.map((e) => ({ status: e.status, at: e.createdAt.toISOString(), reason: e.reason })),
    ],
    rejections: status === 'for_compliance' ? await openRejections(db, row.id) : [],
    emailVerified:
      row.emailVerifiedAt && row.emailVerifiedAddress
        ? { address: maskEmail(row.emailVerifiedAddress), at: row.emailVerifiedAt.toISOString() }
        : null,
  }
}

export async function complianceView(db: Executor, row: ApplicationRow): Promise<ComplianceView> {
  const status = row.status as ApplicationStatus
  return {
    applicationId: row.id,
    referenceNo: row.referenceNo,
    status,
    openCategories: status === 'for_compliance' ? await openRejections(db, row.id) : [],
  }
}
