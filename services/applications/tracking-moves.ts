/**
 * An application's status moves after submission, each recorded with its event, the
 * applicant told and their referral moved: the operator's (advance along a table of allowed
 * moves, or reject document categories with a compliance reason, which emails the applicant
 * a compliance link) and the files service's (a rejected category sent again closes it; the
 * last one closed sends the application back to review).
 */
import crypto from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { ApplicationStatus, DocumentCategory } from '../../lib/application-status.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { notify } from '../notifications/inbox.ts'
import type { DeliveryQueue } from '../notifications/outbox.ts'
import { onApplicationEvent } from '../referrals/link.ts'
import { applications } from './tables.ts'
import { issueComplianceLink } from './tracking-compliance.ts'
import { applicationStatusNotification } from './tracking-notifications.ts'
import { applicationEvents, complianceRejections } from './tracking-tables.ts'
import {
  complianceView,
  openRejections,
  statusView,
  type ApplicationRow,
  type ComplianceView,
  type Rejection,
  type StatusView,
} from './tracking-views.ts'

/** spec 4 and issue 10: where an operator may move an application ('for_compliance' only by rejecting documents). */
export const ALLOWED_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['documents_in_review', 'rejected'],
  documents_in_review: ['approved', 'rejected'],
  for_compliance: ['documents_in_review', 'rejected'],
  approved: ['installation_scheduled', 'rejected'],
  installation_scheduled: ['installed', 'rejected'],
  installed: [],
  rejected: [],
}

/** A category that was not rejected, or was sent again already. */
export function categoryNotOpen() {
  return new ServiceError(409, 'category_not_open', 'This document category is not open for upload.')
}

/** Who sent a rejected document on the customer's behalf (issue 13 item 4: the sales partner flag). */
export type SalesPartner = { userId: string; agentCode: string | null }

/** The timeline's note for a document a sales partner sent again, shown to the agent and to the applicant. */
export function sentAgainNote(by: SalesPartner): string {
  return by.agentCode ? `Documents sent again by agent ${by.agentCode}` : 'Documents sent again by a sales admin'
}

/**
 * Records a status move, tells the applicant in the portal when they have a user (issue 11,
 * item 4), and moves the referral the applicant came through (issue 15), all in `tx`.
 */
async function addEvent(
  deps: ServiceDeps,
  tx: Executor,
  application: Pick<ApplicationRow, 'id' | 'referenceNo' | 'emailAddress'>,
  status: ApplicationStatus,
  reason: string | null,
  now: Date,
) {
  const applicationId = application.id
  const eventId = crypto.randomUUID()
  await tx.update(applications).set({ status }).where(eq(applications.id, applicationId))
  await tx.insert(applicationEvents).values({ id: eventId, applicationId, status, reason, createdAt: now })
  // A referral follows its application (installed: the referrer's reward; rejected: declined), once per event.
  await onApplicationEvent(tx, { applicationId, eventId, status, now }, settingsOf(deps).referrals)
  // Only a user who proved this email owns it: an unverified sign-up with someone else's address hears nothing.
  const applicant = await findUserRowByEmail(tx, application.emailAddress)
  if (applicant?.emailVerified) {
    await notify(tx, { userId: applicant.id, ...applicationStatusNotification(application.referenceNo, status) }, now)
  }
}

/**
 * For the files service: a category's new file was accepted, so it closes for re-upload;
 * with the last open category closed, the application goes back to documents in review
 * (the operator looks again). In the caller's transaction when given one (the file's row
 * and the closing commit together). A document a sales partner sent leaves a note on the
 * timeline: on the move back to review, or on its own while other categories stay open.
 */
export async function resolveCategory(
  deps: ServiceDeps,
  applicationId: string,
  category: DocumentCategory,
  executor?: Executor,
  by?: SalesPartner,
): Promise<ComplianceView> {
  const now = deps.now()
  const resolve = async (tx: Executor) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
    if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
    if (row.status !== 'for_compliance') throw categoryNotOpen()
    const [closed] = await tx
      .update(complianceRejections)
      .set({ resolvedAt: now })
      .where(
        and(
          eq(complianceRejections.applicationId, row.id),
          eq(complianceRejections.category, category),
          isNull(complianceRejections.resolvedAt),
        ),
      )
      .returning()
    if (!closed) throw categoryNotOpen()
    const note = by ? sentAgainNote(by) : null
    if ((await openRejections(tx, row.id)).length > 0) {
      if (note) {
        // The status stays: a note, with no status move and so no notification.
        await tx.insert(applicationEvents).values({
          id: crypto.randomUUID(),
          applicationId: row.id,
          status: row.status as ApplicationStatus,
          reason: note,
          createdAt: now,
        })
      }
      return complianceView(tx, row)
    }
    await addEvent(deps, tx, row, 'documents_in_review', note, now)
    return complianceView(tx, { ...row, status: 'documents_in_review' })
  }
  return executor ? resolve(executor) : deps.db.transaction(resolve)
}

// --- operator actions (channel Operator) ---------------------------------------------

/** Moves an application along ALLOWED_MOVES; 'rejected' needs a reason. */
export async function advance(
  deps: ServiceDeps,
  applicationId: string,
  status: ApplicationStatus,
  reason: string | null,
): Promise<StatusView> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
    if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
    const from = row.status as ApplicationStatus
    if (!ALLOWED_MOVES[from].includes(status)) {
      throw new ServiceError(409, 'move_not_allowed', `An application cannot move from ${from} to ${status}.`)
    }
    if (status === 'rejected' && !reason) {
      throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', {
        reason: ['A rejection needs a reason.'],
      })
    }
    await addEvent(deps, tx, row, status, reason, now)
    return statusView(tx, { ...row, status })
  })
}

/**
 * Rejects document categories with their compliance reasons: the application goes to
 * for_compliance, the categories open for re-upload, and the applicant gets the link.
 */
export async function rejectDocuments(
  deps: ServiceDeps,
  delivery: DeliveryQueue,
  applicationId: string,
  rejections: Rejection[],
): Promise<ComplianceView> {
  const now = deps.now()
  const view = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
    if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
    const from = row.status as ApplicationStatus
    if (!['submitted', 'documents_in_review', 'for_compliance'].includes(from)) {
      throw new ServiceError(409, 'move_not_allowed', `Documents cannot be rejected when the application is ${from}.`)
    }
    for (const r of rejections) {
      await tx
        .insert(complianceRejections)
        .values({ applicationId: row.id, ...r, rejectedAt: now })
        .onConflictDoUpdate({
          target: [complianceRejections.applicationId, complianceRejections.category],
          set: { reason: r.reason, rejectedAt: now, resolvedAt: null },
        })
    }
    await addEvent(deps, tx, row, 'for_compliance', null, now)
    const open = await openRejections(tx, row.id)
    await issueComplianceLink(deps, tx, row, open, now)
    return complianceView(tx, { ...row, status: 'for_compliance' })
  })
  delivery.kick()
  return view
}
