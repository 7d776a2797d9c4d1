/**
 * One application or draft as its agent and their admin see it (spec 7, details and data):
 * everything filed, the documents, the timeline with its reassignments; and its compliance,
 * the categories open for re-upload, which a sales partner may send again for the customer
 * (issue 13 item 4) through the files service.
 */
import type { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { asc, eq } from 'drizzle-orm'
import { slotLabel, type ApplicationPayload } from '../../lib/application.ts'
import { STATUS_LABELS, type ApplicationStatus, type DocumentCategory } from '../../lib/application-status.ts'
import { DocumentCategorySchema as UploadCategorySchema, subCategoriesOf, type FileEntry } from '../../lib/documents.ts'
import { applicationEventsOf, openRejectionsOf } from '../applications/agent-applications.ts'
import type { ApplicationPricing } from '../applications/tables.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import type { ApplicationFileEntry, FileService, UploadMeta } from '../files/service.ts'
import { itemOfApplication, itemOfDraft, type SalesListItem } from './list.ts'
import { find, findApplication, scopeOf } from './scope.ts'
import { salesAssignments } from './tables.ts'

export type TimelineEntry =
  | { kind: 'status'; status: ApplicationStatus; label: string; at: string; reason: string | null }
  | { kind: 'reassigned'; fromAgentCode: string; toAgentCode: string; at: string }
  | { kind: 'draft_started' | 'draft_saved'; at: string }

export type SalesDocument = ApplicationFileEntry & { contentPath: string }

/** What the sales compliance page needs (issue 13 item 4): each open category, its reason, the documents it may be. */
export type SalesCompliance = {
  refId: string
  status: ApplicationStatus
  openCategories: { category: DocumentCategory; reason: string; subCategories: string[] }[]
}

export type SalesApplicationDetails = {
  item: SalesListItem
  /** Everything filed: the application payload, or the draft's sections. */
  application: ApplicationPayload | null
  draftSections: Record<string, unknown> | null
  appointment: string | null
  documents: SalesDocument[]
  rejections: { category: DocumentCategory; reason: string }[]
  timeline: TimelineEntry[]
  /** When the applicant proved their email by the emailed link (spec 4, issue 33); null until then, and for a draft. */
  emailVerifiedAt: string | null
  /** What was quoted at submission (issue 33): the cart's totals with the promo code's discount; null for a draft. */
  pricing: ApplicationPricing | null
}

function documentOf(referenceNo: string, entry: ApplicationFileEntry): SalesDocument {
  return { ...entry, contentPath: `/v1/sales/applications/${referenceNo}/documents/${entry.id}/content` }
}

function complianceOf(
  referenceNo: string,
  status: ApplicationStatus,
  open: { category: DocumentCategory; reason: string }[],
): SalesCompliance {
  return {
    refId: referenceNo,
    status,
    openCategories: open.map((r) => {
      // Only categories the files service takes are ever rejected (tracking-routes.ts).
      const upload = UploadCategorySchema.safeParse(r.category)
      return { ...r, subCategories: upload.success ? subCategoriesOf(upload.data, null) : [] }
    }),
  }
}

/** spec 7: details and data: everything filed, the documents, the timeline. */
export async function details(
  deps: ServiceDeps,
  files: FileService,
  caller: Caller,
  refId: string,
): Promise<SalesApplicationDetails> {
  const scope = await scopeOf(deps, caller)
  const found = await find(deps, scope, refId)
  if (found.kind === 'draft') {
    const { draft } = found
    return {
      item: itemOfDraft(draft),
      application: null,
      draftSections: draft.sections,
      appointment: null,
      emailVerifiedAt: null,
      pricing: null,
      // A draft's files are read with its id, which only the portal's session holds (the files service).
      documents: [],
      rejections: [],
      timeline: [
        { kind: 'draft_started', at: draft.createdAt.toISOString() },
        ...(draft.updatedAt > draft.createdAt
          ? [{ kind: 'draft_saved' as const, at: draft.updatedAt.toISOString() }]
          : []),
      ],
    }
  }
  const { row } = found
  const [events, assignments, documents, rejections] = await Promise.all([
    applicationEventsOf(deps.db, row.id),
    deps.db
      .select()
      .from(salesAssignments)
      .where(eq(salesAssignments.applicationId, row.id))
      .orderBy(asc(salesAssignments.createdAt)),
    files.applicationFiles(row.id),
    row.status === 'for_compliance' ? openRejectionsOf(deps.db, row.id) : Promise.resolve([]),
  ])
  const timeline: TimelineEntry[] = [
    {
      kind: 'status' as const,
      status: 'submitted' as const,
      label: STATUS_LABELS.submitted,
      at: row.createdAt.toISOString(),
      reason: null,
    },
    ...events.map((e) => ({
      kind: 'status' as const,
      status: e.status,
      label: STATUS_LABELS[e.status],
      at: e.createdAt.toISOString(),
      reason: e.reason,
    })),
    ...assignments.map((a) => ({
      kind: 'reassigned' as const,
      fromAgentCode: a.fromAgentCode,
      toAgentCode: a.toAgentCode,
      at: a.createdAt.toISOString(),
    })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return {
    item: itemOfApplication(row),
    application: row.payload,
    draftSections: null,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    pricing: row.pricing,
    appointment: slotLabel(row.slotId.slice(0, 10), row.slotId.slice(11) as 'AM' | 'PM'),
    documents: documents.map((entry) => documentOf(row.referenceNo, entry)),
    rejections,
    timeline,
  }
}

/** One document's bytes, for the agent who answers for the application or their admin. */
export async function openDocument(
  deps: ServiceDeps,
  files: FileService,
  caller: Caller,
  refId: string,
  fileId: string,
): Promise<{ entry: FileEntry; body: Readable }> {
  const row = await findApplication(deps, await scopeOf(deps, caller), refId)
  return files.openApplicationFile(row.id, fileId)
}

/** The categories open for re-upload, with their reasons (empty unless the application is for compliance). */
export async function compliance(deps: ServiceDeps, caller: Caller, refId: string): Promise<SalesCompliance> {
  const row = await findApplication(deps, await scopeOf(deps, caller), refId)
  const status = row.status as ApplicationStatus
  return complianceOf(
    row.referenceNo,
    status,
    status === 'for_compliance' ? await openRejectionsOf(deps.db, row.id) : [],
  )
}

/**
 * A rejected category's document sent again on the customer's behalf (issue 13 item 4; the
 * sales partner flag): the files service's own compliance upload, with the same checks as
 * the customer's, recording who sent it. 409 when the category is not open.
 */
export async function complianceUpload(
  deps: ServiceDeps,
  files: FileService,
  caller: Caller,
  refId: string,
  meta: UploadMeta,
  body: WebReadableStream<Uint8Array> | null,
): Promise<{ file: SalesDocument; compliance: SalesCompliance }> {
  const scope = await scopeOf(deps, caller)
  const row = await findApplication(deps, scope, refId)
  const by = { userId: scope.userId, agentCode: scope.agentCode }
  const { entry, view } = await files.salesComplianceUpload(row.id, by, meta, body)
  return {
    file: documentOf(row.referenceNo, entry),
    compliance: complianceOf(row.referenceNo, view.status, view.openCategories),
  }
}
