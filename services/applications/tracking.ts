/**
 * An application after submission (issue 10, parts 3 and 4; docs/decisions/0033), one module
 * a concern, wired here:
 *
 * - Status lookup (tracking-lookup.ts): the reference number and the applicant's email or
 *   mobile, both or nothing, limited per reference, identifier and address; one generic
 *   answer for every miss.
 * - Operator actions (tracking-moves.ts): advance the status (a table of allowed moves), or
 *   reject document categories with a compliance reason, which emails the applicant a
 *   compliance link; and the files service's closing of a category sent again.
 * - Compliance links (tracking-compliance.ts): spent when the applicant proves the email with
 *   a one-time code; the proof opens a short session bound to that link.
 * - Email verification of applications (tracking-verification.ts): OO and CVG links, two
 *   services (spec 4).
 */
import type { ApplicationStatus, DocumentCategory, VerificationKind } from '../../lib/application-status.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { createDeliveryQueue } from '../notifications/outbox.ts'
import { complianceBySession, resendLink, sendCode, verifyCode } from './tracking-compliance.ts'
import { matchPair } from './tracking-lookup.ts'
import { advance, rejectDocuments, resolveCategory, type SalesPartner } from './tracking-moves.ts'
import { sendVerification, verifyEmail } from './tracking-verification.ts'
import {
  applicationById,
  complianceView,
  statusView,
  type ComplianceView,
  type Rejection,
  type StatusView,
} from './tracking-views.ts'

export { TRACKING_LIMITS, TRACKING_MESSAGES } from './tracking-limits.ts'
export { ALLOWED_MOVES, categoryNotOpen, sentAgainNote, type SalesPartner } from './tracking-moves.ts'
export { issueEmailVerification } from './tracking-verification.ts'
export type { ComplianceView, Rejection, StatusView, TimelineEntry } from './tracking-views.ts'

export type TrackingService = ReturnType<typeof createTrackingService>

export function createTrackingService(deps: ServiceDeps) {
  const delivery = createDeliveryQueue(deps)
  return {
    /** The status page's answer for a reference and the applicant's email or mobile. */
    async lookup(referenceNo: string, identifier: string, clientAddress?: string): Promise<StatusView> {
      return statusView(deps.db, await matchPair(deps, referenceNo, identifier, clientAddress))
    },

    /** spec 7, POST send compliance email (ForCompliance): a new link for an applicant who proved the pair. */
    async resendComplianceLink(
      referenceNo: string,
      identifier: string,
      clientAddress?: string,
    ): Promise<{ sent: true }> {
      return resendLink(deps, delivery, await matchPair(deps, referenceNo, identifier, clientAddress))
    },

    /** The same for an application its agent or sales admin answers for (issue 13: the sales service checks who). */
    async resendComplianceLinkFor(applicationId: string): Promise<{ sent: true }> {
      return resendLink(deps, delivery, await applicationById(deps.db, applicationId))
    },

    sendCode: (token: string) => sendCode(deps, delivery, token),
    verifyCode: (token: string, code: string) => verifyCode(deps, token, code),
    complianceBySession: (token: string, sessionToken: string) => complianceBySession(deps, token, sessionToken),

    /** For the files service: which categories of an application are open for re-upload. */
    async compliance(applicationId: string): Promise<ComplianceView> {
      return complianceView(deps.db, await applicationById(deps.db, applicationId))
    },

    resolveCategory: (applicationId: string, category: DocumentCategory, executor?: Executor, by?: SalesPartner) =>
      resolveCategory(deps, applicationId, category, executor, by),

    // --- operator actions (channel Operator) ---------------------------------------------

    advance: (applicationId: string, status: ApplicationStatus, reason: string | null) =>
      advance(deps, applicationId, status, reason),
    rejectDocuments: (applicationId: string, rejections: Rejection[]) =>
      rejectDocuments(deps, delivery, applicationId, rejections),
    sendVerification: (applicationId: string, kind: VerificationKind) =>
      sendVerification(deps, delivery, applicationId, kind),
    verifyEmail: (kind: VerificationKind, token: string) => verifyEmail(deps, kind, token),
  }
}
