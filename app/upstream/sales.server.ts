/**
 * The sales calls (spec 7, Sales; issue 13; services/sales/routes.ts, docs/decisions/0044),
 * all as the signed-in sales agent or sales admin: the upstream refuses anyone else (403),
 * and answers 404 for an application or draft the caller does not answer for (another
 * agent's, or outside an admin's team). `refId` is an application's reference number
 * (OO-…) or a draft's order id (DR-…), as the list gives them.
 *
 * spec 5: the sales PATCH and DELETE require `status: true`, so their answers are parsed
 * with the envelope only (a bare answer is an unexpected shape). spec 7: agent details are
 * retried (3 attempts, 2 s apart); on failure the portal shows 'Sales agent data unavailable!'.
 */
import { z } from 'zod'
import { STORED_CONTENT_TYPES } from '../../lib/documents'
import type { UpstreamClient } from './client.server'
import { UpstreamError } from './errors'
import { envelope } from './envelope'
import type { FileToSend } from './files.server'

const Instant = z.iso.datetime({ offset: true })
const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

export const SALES_BUCKETS = ['draft', 'submitted', 'for_compliance', 'approved', 'installed', 'rejected'] as const
export const SalesBucketSchema = z.enum(SALES_BUCKETS)
export type SalesBucket = z.infer<typeof SalesBucketSchema>

export const ApplicationStatusSchema = z.enum([
  'submitted',
  'documents_in_review',
  'for_compliance',
  'approved',
  'installation_scheduled',
  'installed',
  'rejected',
])

/** The most a list page holds (the upstream refuses more with 422). */
export const SALES_MAX_PAGE_SIZE = 50

const PersonSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() })

export const TeamMemberSchema = PersonSchema.extend({ agentCode: z.string() })
export type TeamMember = z.infer<typeof TeamMemberSchema>

export const AgentProfileSchema = PersonSchema.extend({
  /** Null for a sales admin without an agent code of their own. */
  agentCode: z.string().nullable(),
  agentType: z.enum(['agent', 'admin']),
  /** An agent's team sales manager; null for an admin. */
  tsm: PersonSchema.nullable(),
  /** An admin's team (the TSM list); empty for an agent. */
  team: z.array(TeamMemberSchema),
})
export type AgentProfile = z.infer<typeof AgentProfileSchema>

export const SalesListItemSchema = z.object({
  kind: z.enum(['application', 'draft']),
  refId: z.string(),
  bucket: SalesBucketSchema,
  /** 'Draft Application' for a draft (spec 4), else the application's status in words. */
  statusLabel: z.string(),
  applicationStatus: ApplicationStatusSchema.nullable(),
  agentCode: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  customerSegment: z.enum(['Residential', 'SME']).nullable(),
  planName: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  /** A draft's end (last save plus 4 hours); null for an application. */
  expiresAt: Instant.nullable(),
})
export type SalesListItem = z.infer<typeof SalesListItemSchema>

export const SalesListSchema = z.object({
  items: z.array(SalesListItemSchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
})
export type SalesList = z.infer<typeof SalesListSchema>

export type SalesListQuery = {
  /** Part of the customer's name, the reference number, email or mobile number. */
  search?: string
  status?: SalesBucket
  /** Manila calendar dates (YYYY-MM-DD), both inclusive. */
  from?: string
  to?: string
  /** A sales admin's filter: one agent of the team (422 for any other). An agent's is ignored. */
  agentCode?: string
  page?: number
  pageSize?: number
}

const PeriodCountsSchema = z.object({
  from: CalendarDate,
  drafts: z.number().int().nonnegative(),
  submitted: z.number().int().nonnegative(),
  filed: z.number().int().nonnegative(),
})

export const SalesStatsSchema = z.object({
  /** Null: the admin's whole team. */
  agentCode: z.string().nullable(),
  today: CalendarDate,
  thisWeek: PeriodCountsSchema,
  thisMonth: PeriodCountsSchema,
  /** This month: submitted (or later) over filed, drafts included; rate null when nothing was filed. */
  conversion: z.object({
    filed: z.number().int().nonnegative(),
    submitted: z.number().int().nonnegative(),
    rate: z.number().min(0).max(1).nullable(),
  }),
  /** The last 14 Manila days, oldest first (the chart). */
  daily: z.array(
    z.object({ date: CalendarDate, drafts: z.number().int().nonnegative(), submitted: z.number().int().nonnegative() }),
  ),
})
export type SalesStats = z.infer<typeof SalesStatsSchema>

export const SalesTimelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    status: ApplicationStatusSchema,
    label: z.string(),
    at: Instant,
    reason: z.string().nullable(),
  }),
  z.object({ kind: z.literal('reassigned'), fromAgentCode: z.string(), toAgentCode: z.string(), at: Instant }),
  z.object({ kind: z.enum(['draft_started', 'draft_saved']), at: Instant }),
])
export type SalesTimelineEntry = z.infer<typeof SalesTimelineEntrySchema>

export const SalesDocumentSchema = z.object({
  id: z.string(),
  category: z.string(),
  subCategory: z.string().nullable(),
  fileName: z.string(),
  type: z.enum(['jpg', 'pdf']),
  size: z.number().int().nonnegative(),
  complianceReason: z.string().nullable(),
  uploadedAt: Instant,
  /** The upstream path of its bytes; read it with `documentContent`. */
  contentPath: z.string(),
  /** The sales partner flag: sent again by a sales agent or admin on the customer's behalf. */
  salesPartner: z.boolean().default(false),
  /** That agent's code (null for the customer, or an admin without one). */
  uploadedByAgentCode: z.string().nullable().default(null),
})
export type SalesDocument = z.infer<typeof SalesDocumentSchema>

/** What was filed (spec 3's application payload); the fields the sales screens show are typed, the rest kept. */
export const FiledApplicationSchema = z.looseObject({
  customerSegment: z.enum(['Residential', 'SME']),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  mobileNumber: z.string(),
  planName: z.string(),
  agentCode: z.string(),
  /** Filed by an agent (issue 13): who witnessed the consents, and the promo code; absent before. */
  consentsWitnessedBy: z.string().nullable().optional(),
  promoCode: z.string().nullable().optional(),
  addresses: z.array(z.looseObject({ addressType: z.enum(['residential', 'billing']) })),
})
export type FiledApplication = z.infer<typeof FiledApplicationSchema>

export const SalesApplicationDetailsSchema = z.object({
  item: SalesListItemSchema,
  /** An application's payload; null for a draft. */
  application: FiledApplicationSchema.nullable(),
  /** A draft's sections; null for an application. */
  draftSections: z.record(z.string(), z.unknown()).nullable(),
  /** The installation appointment in words; null for a draft. */
  appointment: z.string().nullable(),
  /** An application's documents (a draft's are read with its id through the files calls). */
  documents: z.array(SalesDocumentSchema),
  /** Open compliance rejections while the application is for compliance. */
  rejections: z.array(z.object({ category: z.string(), reason: z.string() })),
  timeline: z.array(SalesTimelineEntrySchema),
  /** When the applicant proved their email (issue 33); null until then, and for a draft. */
  emailVerifiedAt: z.iso.datetime({ offset: true }).nullable(),
  /** What was quoted at submission (issue 33), in pesos; null for a draft or an application filed without a cart. */
  pricing: z
    .object({
      monthlyRecurringFee: z.number().nonnegative(),
      promo: z.object({ code: z.string(), discount: z.number().nonnegative() }).nullable(),
      firstBill: z.number().nonnegative(),
    })
    .nullable(),
})
export type SalesApplicationDetails = z.infer<typeof SalesApplicationDetailsSchema>

/** The categories open for re-upload (issue 13 item 4), each with its reason and the documents it may be. */
export const SalesComplianceSchema = z.object({
  refId: z.string(),
  status: ApplicationStatusSchema,
  openCategories: z.array(z.object({ category: z.string(), reason: z.string(), subCategories: z.array(z.string()) })),
})
export type SalesCompliance = z.infer<typeof SalesComplianceSchema>

/** A rejected category's document, prepared and checked as the customer's (app/features/documents/upload.server.ts). */
export type ComplianceFile = Omit<FileToSend, 'category'>

/** spec 5: the sales PATCH and DELETE must answer status true: no bare answer accepted. */
const statusTrue = <T>(data: z.ZodType<T>) =>
  z.object({ status: z.literal(true), data }).transform((body) => body.data as T)

export const ReassignedSchema = z.object({ refId: z.string(), agentCode: z.string(), moved: z.boolean() })
export const BulkUpdatedSchema = z.object({
  agentCode: z.string(),
  moved: z.array(z.string()),
  /** Already the agent's: nothing changed for them. */
  unchanged: z.array(z.string()),
})
export type BulkUpdated = z.infer<typeof BulkUpdatedSchema>
export const DraftDeletedSchema = z.object({ deleted: z.literal(true), refId: z.string() })

/** A resumed draft (spec 4, issue 13 item 2): its new id (a secret: the draft cookie's, never logged or shown) and its new order id. */
export const ResumedDraftSchema = z.object({
  draftId: z.string().min(1),
  orderId: z.string(),
  expiresAt: Instant,
  customerSegment: z.enum(['Residential', 'SME']).nullable(),
})
export type ResumedDraft = z.infer<typeof ResumedDraftSchema>
export const SentSchema = z.object({ sent: z.literal(true), maskedEmail: z.string() })
export const ComplianceUploadedSchema = z.object({ file: SalesDocumentSchema, compliance: SalesComplianceSchema })
export type ComplianceUploaded = z.infer<typeof ComplianceUploadedSchema>

export const PromoCodeSchema = z.object({
  code: z.string(),
  description: z.string(),
  discountPesos: z.number().nonnegative(),
  validFrom: CalendarDate,
  validUntil: CalendarDate,
  /** Customer segments it is for; empty: every segment. */
  segments: z.array(z.string()),
})
export type PromoCode = z.infer<typeof PromoCodeSchema>

export type DocumentFile = { fileName: string; contentType: string; body: Uint8Array<ArrayBuffer> }

const CONTENT_TYPES = ['image/jpeg', 'application/pdf']
// What a document may be called when saved: the upstream's plain ASCII name.
const FILE_NAME = /filename="([^"\\/]{1,200})"/

const refPath = (refId: string) => `/v1/sales/applications/${encodeURIComponent(refId)}`

/** spec 7's serviceable lead (services/sales: ServiceableLeadView). */
export const ServiceableLeadSchema = z.object({
  id: z.string().min(1).max(64),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(400),
  mobileNumber: z.string().max(20),
  address: z.string().max(1000),
  checkReferenceNo: z.string().max(64),
  checkedAt: z.iso.datetime({ offset: true }),
  agentCode: z.string().max(64),
  recordedAt: z.iso.datetime({ offset: true }),
})
export type ServiceableLead = z.infer<typeof ServiceableLeadSchema>

export function salesCalls(client: UpstreamClient) {
  return {
    /** spec 7: agent code, type and TSM list (3 attempts, 2 s apart). */
    agentDetails: (accessToken: string) =>
      client.call({
        name: 'sales.agentDetails',
        method: 'GET',
        path: '/v1/sales/agent-details',
        accessToken,
        retry: true,
        schema: envelope(AgentProfileSchema),
      }),

    /** spec 7: the applications list, drafts included, newest first. 422: a filter outside the rules (fields). */
    applications: (accessToken: string, query: SalesListQuery = {}) =>
      client.call({
        name: 'sales.applications',
        method: 'GET',
        path: '/v1/sales/applications',
        query: { ...query },
        accessToken,
        schema: envelope(SalesListSchema),
      }),

    /** This week, this month, conversion and the 14-day series; an admin's `agentCode` narrows to one agent. */
    stats: (accessToken: string, agentCode?: string) =>
      client.call({
        name: 'sales.stats',
        method: 'GET',
        path: '/v1/sales/stats',
        query: { agentCode },
        accessToken,
        schema: envelope(SalesStatsSchema),
      }),

    /** spec 7's serviceable leads (issue 33, item 7): a sales admin's team's and the visitors' own. */
    serviceableLeads: (accessToken: string) =>
      client.call({
        name: 'sales.serviceableLeads',
        method: 'GET',
        path: '/v1/sales/serviceable-leads',
        accessToken,
        schema: envelope(z.array(ServiceableLeadSchema).max(500)),
      }),

    /** spec 7: details and data. 404: not the caller's (or no such one). */
    details: (accessToken: string, refId: string) =>
      client.call({
        name: 'sales.details',
        method: 'GET',
        path: refPath(refId),
        accessToken,
        schema: envelope(SalesApplicationDetailsSchema),
      }),

    /** A document's bytes (the filing agent or their admin). The answer must be a JPEG or a PDF. */
    async documentContent(accessToken: string, refId: string, fileId: string): Promise<DocumentFile> {
      const response = await client.fetchRaw({
        name: 'sales.documentContent',
        path: `${refPath(refId)}/documents/${encodeURIComponent(fileId)}/content`,
        accessToken,
      })
      const contentType = response.headers.get('content-type') ?? ''
      if (!CONTENT_TYPES.includes(contentType)) {
        throw new UpstreamError(
          'invalid-response',
          'sales.documentContent',
          response.headers.get('x-request-id') ?? '',
          'The service answered something that is not a document.',
          response.status,
        )
      }
      const fileName =
        FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        `document.${contentType === 'application/pdf' ? 'pdf' : 'jpg'}`
      return { fileName, contentType, body: new Uint8Array(await response.arrayBuffer()) }
    },

    /** spec 7 PATCH: reassigns one application to an agent of the team (sales admin; 403 for an agent, 422 outside the team). */
    reassign: (accessToken: string, refId: string, agentCode: string) =>
      client.call({
        name: 'sales.reassign',
        method: 'PATCH',
        path: refPath(refId),
        body: { agentCode },
        accessToken,
        schema: statusTrue(ReassignedSchema),
      }),

    /** spec 3's sales application update (agentCode, refIDList), all or nothing: 422 names the refused references in fields.refIDList. */
    bulkReassign: (accessToken: string, agentCode: string, refIDList: string[]) =>
      client.call({
        name: 'sales.bulkReassign',
        method: 'PATCH',
        path: '/v1/sales/applications',
        body: { agentCode, refIDList },
        accessToken,
        schema: statusTrue(BulkUpdatedSchema),
      }),

    /** spec 7 DELETE: a draft (its agent or their admin); 409 for a submitted application. */
    deleteDraft: (accessToken: string, refId: string) =>
      client.call({
        name: 'sales.deleteDraft',
        method: 'DELETE',
        path: refPath(refId),
        accessToken,
        schema: statusTrue(DraftDeletedSchema),
      }),

    /**
     * Resumes one of the scope's drafts by its order id: a new draft id (the previous one opens
     * nothing any more) and the new order id that goes with it (status true required).
     */
    resumeDraft: (accessToken: string, orderId: string) =>
      client.call({
        name: 'sales.resumeDraft',
        method: 'POST',
        path: `${refPath(orderId)}/resume`,
        accessToken,
        schema: statusTrue(ResumedDraftSchema),
      }),

    /** spec 7: application notifications for PDF: the summary to the customer's email (429 past 3 an hour). */
    sendPdf: (accessToken: string, refId: string) =>
      client.call({
        name: 'sales.sendPdf',
        method: 'POST',
        path: `${refPath(refId)}/notifications/pdf`,
        accessToken,
        schema: envelope(SentSchema),
      }),

    /** A new compliance link to the customer (409 unless for compliance, 429 past 5 an hour). */
    resendComplianceLink: (accessToken: string, refId: string) =>
      client.call({
        name: 'sales.resendComplianceLink',
        method: 'POST',
        path: `${refPath(refId)}/compliance-links`,
        accessToken,
        schema: envelope(SentSchema),
      }),

    /** The categories open for re-upload with their reasons; empty unless the application is for compliance. */
    compliance: (accessToken: string, refId: string) =>
      client.call({
        name: 'sales.compliance',
        method: 'GET',
        path: `${refPath(refId)}/compliance`,
        accessToken,
        schema: envelope(SalesComplianceSchema),
      }),

    /**
     * A rejected category's document sent again on the customer's behalf (issue 13 item 4: the
     * sales partner flag), streamed and signed over its SHA-256 as the customer's compliance
     * upload; never retried. 404: not the caller's; 409: the category is not open (closed
     * meanwhile, or the application is no longer for compliance); 400/413/415 with fields.file:
     * the bytes refused. Counts only on an answer whose status is exactly true (spec 5).
     */
    complianceUpload: (accessToken: string, refId: string, category: string, file: ComplianceFile) =>
      client.sendStream({
        name: 'sales.complianceUpload',
        path: `${refPath(refId)}/compliance/${encodeURIComponent(category)}`,
        query: { fileName: file.fileName, type: file.type, subCategory: file.subCategory ?? undefined },
        // sendStream takes no access token option: the bearer goes as a header, as `call` sets it.
        headers: { authorization: `Bearer ${accessToken}` },
        body: file.body,
        size: file.size,
        sha256: file.sha256,
        contentType: STORED_CONTENT_TYPES[file.type],
        schema: statusTrue(ComplianceUploadedSchema),
      }),

    /** The promo codes valid today, for a segment when given. */
    promoCodes: (accessToken: string, segment?: 'Residential' | 'SME') =>
      client.call({
        name: 'sales.promoCodes',
        method: 'GET',
        path: '/v1/sales/promo-codes',
        query: { segment },
        accessToken,
        schema: envelope(z.object({ promoCodes: z.array(PromoCodeSchema) })).transform((data) => data.promoCodes),
      }),

    /** Checks a typed promo code: the promo, or a 422 with fields.code ('This promo code is not valid.'). */
    validatePromoCode: (accessToken: string, code: string, segment?: 'Residential' | 'SME') =>
      client.call({
        name: 'sales.validatePromoCode',
        method: 'POST',
        path: '/v1/sales/promo-codes/validate',
        body: segment ? { code, segment } : { code },
        accessToken,
        schema: envelope(PromoCodeSchema),
      }),
  }
}

export type SalesCalls = ReturnType<typeof salesCalls>
