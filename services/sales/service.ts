/**
 * The sales area's upstream (issue 13; spec 7, Sales; docs/decisions/0044): an agent's
 * profile and team, the applications and drafts an agent filed, stats, one application's
 * details and documents, and the actions on it.
 *
 * Who sees what is decided in scope.ts, from the bearer token and the sales roster only,
 * before anything is read; each part has its module, wired here: the team (team.ts), the
 * list (list.ts), the counts (stats.ts), one application's details and compliance
 * (details.ts), and the actions on a draft or application (actions.ts).
 */
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { manilaDate } from '../../lib/manila-time.ts'
import { createTrackingService } from '../applications/tracking.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { createFileService, type UploadMeta } from '../files/service.ts'
import { createDeliveryQueue } from '../notifications/outbox.ts'
import { deleteDraft, resendComplianceLink, resumeDraft, sendPdf } from './actions.ts'
import { compliance, complianceUpload, details, openDocument } from './details.ts'
import { list, type SalesListQuery } from './list.ts'
import {
  findPromoCode,
  fitsSegment,
  PROMO_MESSAGES,
  promoCodesValidOn,
  promoRefusal,
  type PromoCode,
} from './promo-codes.ts'
import { find, scopeOf } from './scope.ts'
import { stats } from './stats.ts'
import { profile, reassign, reassignOne, serviceableLeads } from './team.ts'

export type { PromoCode }
export type { ResumedDraft } from './actions.ts'
export type { SalesApplicationDetails, SalesCompliance, SalesDocument, TimelineEntry } from './details.ts'
export { SALES_LIMITS, SALES_MESSAGES } from './limits.ts'
export {
  BUCKET_LABELS,
  bucketOf,
  SALES_BUCKETS,
  type SalesBucket,
  type SalesList,
  type SalesListItem,
  type SalesListQuery,
} from './list.ts'
export { notFound, SALES_ROLES, type SalesScope } from './scope.ts'
export type { PeriodCounts, SalesStats } from './stats.ts'
export { LEADS_SHOWN, type AgentProfile, type ServiceableLeadView, type TeamMember } from './team.ts'

export type SalesService = ReturnType<typeof createSalesService>

export function createSalesService(deps: ServiceDeps) {
  const files = createFileService(deps)
  const tracking = createTrackingService(deps)
  const delivery = createDeliveryQueue(deps)

  return {
    scopeOf: (caller: Caller) => scopeOf(deps, caller),

    /** 404 unless the caller answers for this application or draft (checked before a body is read). */
    async locate(caller: Caller, refId: string): Promise<void> {
      await find(deps, await scopeOf(deps, caller), refId)
    },

    profile: (caller: Caller) => profile(deps, caller),
    list: (caller: Caller, query: SalesListQuery) => list(deps, caller, query),
    serviceableLeads: (caller: Caller) => serviceableLeads(deps, caller),
    stats: (caller: Caller, agentCode?: string) => stats(deps, caller, agentCode),
    details: (caller: Caller, refId: string) => details(deps, files, caller, refId),
    document: (caller: Caller, refId: string, fileId: string) => openDocument(deps, files, caller, refId, fileId),
    update: (caller: Caller, refId: string, agentCode: string) => reassignOne(deps, caller, refId, agentCode),

    /** The sales admin's bulk update (spec 3: agentCode, refIDList): all or nothing. */
    async bulkUpdate(caller: Caller, agentCode: string, referenceNos: string[]) {
      return reassign(deps, await scopeOf(deps, caller), agentCode, referenceNos)
    },

    deleteDraft: (caller: Caller, refId: string) => deleteDraft(deps, caller, refId),
    resumeDraft: (caller: Caller, refId: string) => resumeDraft(deps, caller, refId),
    sendPdf: (caller: Caller, refId: string) => sendPdf(deps, delivery, caller, refId),
    resendComplianceLink: (caller: Caller, refId: string) => resendComplianceLink(deps, tracking, caller, refId),
    compliance: (caller: Caller, refId: string) => compliance(deps, caller, refId),
    complianceUpload: (caller: Caller, refId: string, meta: UploadMeta, body: WebReadableStream<Uint8Array> | null) =>
      complianceUpload(deps, files, caller, refId, meta, body),

    /** The promo codes valid today (Manila), for a segment when given. */
    async promoCodes(caller: Caller, segment?: 'Residential' | 'SME'): Promise<PromoCode[]> {
      await scopeOf(deps, caller)
      return promoCodesValidOn(deps.db, manilaDate(deps.now()), segment)
    },

    /** Checks a code an agent typed: the promo, or 422 with the field's message (unknown, not yet, ended, not for the segment). */
    async validatePromoCode(caller: Caller, code: string, segment?: 'Residential' | 'SME'): Promise<PromoCode> {
      await scopeOf(deps, caller)
      const promo = await findPromoCode(deps.db, code)
      const refusal =
        promoRefusal(promo, manilaDate(deps.now())) ??
        (segment && promo && !fitsSegment(promo, segment) ? PROMO_MESSAGES.invalid : null)
      if (refusal) throw new ServiceError(422, 'promo_invalid', refusal, { code: [refusal] })
      return promo!
    },
  }
}
