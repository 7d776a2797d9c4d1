/**
 * The actions on one application or draft an agent answers for, besides reassigning
 * (team.ts): deleting or resuming a draft, the application's summary PDF to the customer,
 * and the compliance link again.
 */
import crypto from 'node:crypto'
import { and, count, eq, gt } from 'drizzle-orm'
import type { ApplicationStatus } from '../../lib/application-status.ts'
import { maskEmail } from '../../lib/masking.ts'
import type { TrackingService } from '../applications/tracking.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { deleteAgentDraft, ORDER_ID_PATTERN, rekeyAgentDraft } from '../drafts/agent-drafts.ts'
import { ServiceError } from '../errors.ts'
import { moveDraftDocuments } from '../files/service.ts'
import { enqueueMessage, type DeliveryQueue } from '../notifications/outbox.ts'
import { moveDraftCart } from '../orders/service.ts'
import { applicationPdfEmail, renderApplicationPdf } from './application-pdf.ts'
import { SALES_LIMITS, SALES_MESSAGES } from './limits.ts'
import { segmentOf } from './list.ts'
import { find, findApplication, notFound, scopeOf } from './scope.ts'
import { pdfSends } from './tables.ts'

export type ResumedDraft = {
  draftId: string
  orderId: string
  expiresAt: string
  customerSegment: 'Residential' | 'SME' | null
}

/** DELETE a draft: its filing agent, or their admin. A submitted application is not deleted here. */
export async function deleteDraft(
  deps: ServiceDeps,
  caller: Caller,
  refId: string,
): Promise<{ deleted: true; refId: string }> {
  const scope = await scopeOf(deps, caller)
  const found = await find(deps, scope, refId)
  if (found.kind !== 'draft') throw new ServiceError(409, 'not_a_draft', SALES_MESSAGES.notADraft)
  const deleted = await deleteAgentDraft(deps.db, scope.agentCodes, found.draft.orderId, deps.now())
  if (!deleted) throw notFound()
  return { deleted: true, refId }
}

/**
 * Resuming a draft by its order id (spec 4, issue 13 item 2): a new id for the scope's live
 * draft, its documents and cart moved with it in one transaction; the previous id opens
 * nothing any more. The order id follows the new id. Anything else is 404.
 */
export async function resumeDraft(deps: ServiceDeps, caller: Caller, refId: string): Promise<ResumedDraft> {
  const scope = await scopeOf(deps, caller)
  if (!ORDER_ID_PATTERN.test(refId)) throw notFound()
  const now = deps.now()
  const resumed = await deps.db.transaction(async (tx) => {
    const rekeyed = await rekeyAgentDraft(tx, scope.agentCodes, refId, now)
    if (!rekeyed) return null
    await moveDraftDocuments(tx, rekeyed.previousIdHash, rekeyed.idHash)
    await moveDraftCart(tx, rekeyed.previousIdHash, rekeyed.idHash)
    return rekeyed
  })
  if (!resumed) throw notFound()
  return {
    draftId: resumed.draftId,
    orderId: resumed.orderId,
    expiresAt: resumed.expiresAt.toISOString(),
    customerSegment: segmentOf(resumed.sections),
  }
}

/** spec 7, application notifications for PDF: the summary to the customer's email, a few times an hour. */
export async function sendPdf(
  deps: ServiceDeps,
  delivery: DeliveryQueue,
  caller: Caller,
  refId: string,
): Promise<{ sent: true; maskedEmail: string }> {
  const scope = await scopeOf(deps, caller)
  const row = await findApplication(deps, scope, refId)
  const now = deps.now()
  const [recent] = await deps.db
    .select({ n: count() })
    .from(pdfSends)
    .where(and(eq(pdfSends.applicationId, row.id), gt(pdfSends.createdAt, new Date(now.getTime() - 3_600_000))))
  if ((recent?.n ?? 0) >= SALES_LIMITS.pdfSendsPerHour) {
    throw new ServiceError(429, 'too_many_sends', SALES_MESSAGES.tooManyPdfs)
  }
  const pdf = await renderApplicationPdf(
    {
      referenceNo: row.referenceNo,
      status: row.status as ApplicationStatus,
      createdAt: row.createdAt,
      agentCode: row.agentCode,
      payload: row.payload,
      pricing: row.pricing,
    },
    { productName: deps.productName, createdAt: now },
  )
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(pdfSends)
      .values({ id: crypto.randomUUID(), applicationId: row.id, byUserId: scope.userId, createdAt: now })
    await enqueueMessage(
      tx,
      applicationPdfEmail({
        productName: deps.productName,
        to: row.emailAddress,
        firstName: row.payload.firstName,
        referenceNo: row.referenceNo,
        pdf,
      }),
      now,
    )
  })
  delivery.kick()
  return { sent: true, maskedEmail: maskEmail(row.emailAddress) }
}

/** Resends the compliance link of an application waiting for documents (the tracking service's link and limits). */
export async function resendComplianceLink(
  deps: ServiceDeps,
  tracking: TrackingService,
  caller: Caller,
  refId: string,
): Promise<{ sent: true; maskedEmail: string }> {
  const row = await findApplication(deps, await scopeOf(deps, caller), refId)
  await tracking.resendComplianceLinkFor(row.id)
  return { sent: true, maskedEmail: maskEmail(row.emailAddress) }
}
