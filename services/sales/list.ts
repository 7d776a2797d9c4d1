/**
 * spec 7's applications list (issue 13): an agent's, or a team's, applications and live
 * drafts in one list, in the dashboard's buckets, searched and filtered, newest first and
 * paged. Applications come from SQL; drafts, few and short-lived, are merged in here.
 */
import { STATUS_LABELS, type ApplicationStatus } from '../../lib/application-status.ts'
import { addDays, manilaMidnight } from '../../lib/manila-time.ts'
import { mobileSearchDigits } from '../../lib/mobile.ts'
import {
  countAgentApplications,
  listAgentApplications,
  type AgentApplicationFilter,
  type AgentApplicationRow,
} from '../applications/agent-applications.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { liveAgentDrafts, type AgentDraft } from '../drafts/agent-drafts.ts'
import { codesFor, scopeOf } from './scope.ts'

/** The dashboard's buckets (issue 13), from the application statuses; drafts are spec 4's 'Draft Application'. */
export const SALES_BUCKETS = ['draft', 'submitted', 'for_compliance', 'approved', 'installed', 'rejected'] as const
export type SalesBucket = (typeof SALES_BUCKETS)[number]

export const BUCKET_LABELS: Record<SalesBucket, string> = {
  draft: 'Draft Application',
  submitted: 'Submitted',
  for_compliance: 'For compliance',
  approved: 'Approved',
  installed: 'Installed',
  rejected: 'Rejected',
}

const BUCKET_STATUSES: Record<Exclude<SalesBucket, 'draft'>, ApplicationStatus[]> = {
  submitted: ['submitted', 'documents_in_review'],
  for_compliance: ['for_compliance'],
  approved: ['approved', 'installation_scheduled'],
  installed: ['installed'],
  rejected: ['rejected'],
}

export function bucketOf(status: ApplicationStatus): SalesBucket {
  for (const [bucket, statuses] of Object.entries(BUCKET_STATUSES)) {
    if (statuses.includes(status)) return bucket as SalesBucket
  }
  return 'submitted'
}

export type SalesListItem = {
  kind: 'application' | 'draft'
  /** The application's reference number, or the draft's order id (DR-…): the id of every other sales call. */
  refId: string
  bucket: SalesBucket
  statusLabel: string
  /** The application's own status; null for a draft. */
  applicationStatus: ApplicationStatus | null
  agentCode: string
  firstName: string | null
  lastName: string | null
  emailAddress: string | null
  mobileNumber: string | null
  customerSegment: 'Residential' | 'SME' | null
  planName: string | null
  createdAt: string
  updatedAt: string
  /** A draft's end (spec 9: last save plus 4 hours); null for an application. */
  expiresAt: string | null
}

export type SalesListQuery = {
  search?: string
  bucket?: SalesBucket
  /** Manila calendar dates, both inclusive. */
  from?: string
  to?: string
  agentCode?: string
  page: number
  pageSize: number
}

export type SalesList = { items: SalesListItem[]; page: number; pageSize: number; total: number }

export function itemOfApplication(row: AgentApplicationRow): SalesListItem {
  const status = row.status as ApplicationStatus
  const bucket = bucketOf(status)
  return {
    kind: 'application',
    refId: row.referenceNo,
    bucket,
    statusLabel: STATUS_LABELS[status],
    applicationStatus: status,
    agentCode: row.agentCode,
    firstName: row.payload.firstName,
    lastName: row.payload.lastName,
    emailAddress: row.emailAddress,
    mobileNumber: row.mobileNumber,
    customerSegment: row.customerSegment,
    planName: row.payload.planName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.createdAt.toISOString(),
    expiresAt: null,
  }
}

type DraftPersonal = { firstName?: unknown; lastName?: unknown; emailAddress?: unknown; mobileNumber?: unknown }
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

export function segmentOf(sections: Record<string, unknown>): 'Residential' | 'SME' | null {
  const category = (sections.customerCategory as { category?: unknown } | undefined)?.category
  return category === 'SME' ? 'SME' : category === 'RES' ? 'Residential' : null
}

export function itemOfDraft(draft: AgentDraft): SalesListItem {
  const personal = (draft.sections.personalDetails ?? {}) as DraftPersonal
  const basic = (draft.sections.basicInfo ?? {}) as DraftPersonal
  return {
    kind: 'draft',
    refId: draft.orderId,
    bucket: 'draft',
    statusLabel: BUCKET_LABELS.draft,
    applicationStatus: null,
    agentCode: draft.agentCode,
    firstName: textOrNull(personal.firstName ?? basic.firstName),
    lastName: textOrNull(personal.lastName ?? basic.lastName),
    emailAddress: textOrNull(personal.emailAddress ?? basic.emailAddress),
    mobileNumber: textOrNull(personal.mobileNumber ?? basic.mobileNumber),
    customerSegment: segmentOf(draft.sections),
    planName: null,
    createdAt: draft.createdAt.toISOString(),
    updatedAt: draft.updatedAt.toISOString(),
    expiresAt: draft.expiresAt.toISOString(),
  }
}

/** The list's search on a draft, as the applications' search does in SQL. */
function draftMatches(item: SalesListItem, search: string | undefined): boolean {
  const needle = search?.trim().toLowerCase()
  if (!needle) return true
  const digits = mobileSearchDigits(needle)
  const name = `${item.firstName ?? ''} ${item.lastName ?? ''}`.toLowerCase()
  return (
    name.includes(needle) ||
    item.refId.toLowerCase().includes(needle) ||
    (item.emailAddress ?? '').toLowerCase().includes(needle) ||
    (digits.length >= 3 && (item.mobileNumber ?? '').includes(digits))
  )
}

/** spec 7: the applications list, drafts first among equals, newest first, paged. */
export async function list(deps: ServiceDeps, caller: Caller, query: SalesListQuery): Promise<SalesList> {
  const scope = await scopeOf(deps, caller)
  const agentCodes = codesFor(scope, query.agentCode)
  const now = deps.now()
  const from = query.from ? manilaMidnight(query.from) : undefined
  const until = query.to ? manilaMidnight(addDays(query.to, 1)) : undefined
  const filter: AgentApplicationFilter = {
    agentCodes,
    search: query.search,
    statuses: query.bucket && query.bucket !== 'draft' ? BUCKET_STATUSES[query.bucket] : undefined,
    from,
    until,
  }
  const wantDrafts = !query.bucket || query.bucket === 'draft'
  const wantApplications = query.bucket !== 'draft'
  const draftItems = wantDrafts
    ? (await liveAgentDrafts(deps.db, agentCodes, now))
        .map(itemOfDraft)
        .filter((item) => draftMatches(item, query.search))
        .filter(
          (item) =>
            (!from || Date.parse(item.createdAt) >= from.getTime()) &&
            (!until || Date.parse(item.createdAt) < until.getTime()),
        )
    : []
  const applicationTotal = wantApplications ? await countAgentApplications(deps.db, filter) : 0
  const offset = (query.page - 1) * query.pageSize
  // Merged newest first (an application before a draft of the same instant). Drafts are few
  // (4 hours of life), so each one's place is counted, and only the applications that can
  // fall on this page are read: at most the page plus one per draft.
  const placedDrafts = await Promise.all(
    draftItems.map(async (item, index) => ({
      item,
      place: index + (wantApplications ? await countAgentApplications(deps.db, filter, new Date(item.createdAt)) : 0),
    })),
  )
  const applicationsOffset = Math.max(0, offset - draftItems.length)
  const rows = wantApplications
    ? await listAgentApplications(deps.db, filter, applicationsOffset, query.pageSize + draftItems.length)
    : []
  const placedApplications = rows.map((row, index) => {
    const at = row.createdAt.getTime()
    const newerDrafts = draftItems.filter((d) => Date.parse(d.createdAt) > at).length
    return { item: itemOfApplication(row), place: applicationsOffset + index + newerDrafts }
  })
  const items = [...placedDrafts, ...placedApplications]
    .filter(({ place }) => place >= offset && place < offset + query.pageSize)
    .sort((a, b) => a.place - b.place)
    .map(({ item }) => item)
  return { items, page: query.page, pageSize: query.pageSize, total: applicationTotal + draftItems.length }
}
