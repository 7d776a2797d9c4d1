/**
 * The sales area's upstream (issue 13; spec 7, Sales; docs/decisions/0044): an agent's
 * profile and team, the applications and drafts an agent filed, stats, one application's
 * details and documents, and the actions on it.
 *
 * Who sees what is decided here, from the bearer token and the sales roster only:
 * - a sales agent answers for the applications and drafts filed under their own agent code;
 * - a sales admin (a TSM) answers for those of every agent on their team (and their own
 *   code, if they have one), and alone may reassign;
 * - anyone else is refused (403) before anything is read.
 * An application or draft outside the caller's set answers exactly as an unknown one (404),
 * so a refusal does not confirm that it exists (docs/security.md, Access control).
 */
import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { and, asc, count, eq, gt } from 'drizzle-orm'
import { slotLabel, type ApplicationPayload } from '../../lib/application.ts'
import { addDays, manilaDate, manilaMidnight } from '../../lib/manila-time.ts'
import { STATUS_LABELS, type ApplicationStatus, type DocumentCategory } from '../../lib/application-status.ts'
import {
  agentApplicationByReference,
  applicationEventsOf,
  applicationsByReferences,
  assignApplications,
  countAgentApplications,
  filedSince,
  listAgentApplications,
  openRejectionsOf,
  type AgentApplicationFilter,
  type AgentApplicationRow,
} from '../applications/agent-applications.ts'
import { maskEmail } from '../../lib/masking.ts'
import { mobileSearchDigits } from '../../lib/mobile.ts'
import type { ApplicationPricing } from '../applications/tables.ts'
import { createTrackingService } from '../applications/tracking.ts'
import { serviceableLeadsFor } from '../coverage/serviceable-leads.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import {
  deleteAgentDraft,
  liveAgentDrafts,
  ORDER_ID_PATTERN,
  rekeyAgentDraft,
  type AgentDraft,
} from '../drafts/agent-drafts.ts'
import { ServiceError } from '../errors.ts'
import { DocumentCategorySchema as UploadCategorySchema, subCategoriesOf, type FileEntry } from '../../lib/documents.ts'
import { createFileService, moveDraftDocuments, type ApplicationFileEntry, type UploadMeta } from '../files/service.ts'
import { findUserRowById } from '../identity/users.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import { moveDraftCart } from '../orders/service.ts'
import { applicationPdfEmail, renderApplicationPdf } from './application-pdf.ts'
import {
  findPromoCode,
  fitsSegment,
  PROMO_MESSAGES,
  promoCodesValidOn,
  promoRefusal,
  type PromoCode,
} from './promo-codes.ts'
import { pdfSends, salesAgents, salesAssignments } from './tables.ts'

export type { PromoCode }

export const SALES_ROLES = { agent: 'sales-agent', admin: 'sales-admin' } as const

export const SALES_MESSAGES = {
  notSales: 'Sorry, you are not authorized for the selected action.',
  noAgentCode: 'Sales agent data unavailable!',
  notFound: 'No such application.',
  adminOnly: 'Only a sales admin may reassign applications.',
  notADraft: 'Only a draft application can be deleted.',
  draftNotSubmitted: 'This is a draft: it has not been submitted yet.',
  notInTeam: 'Not an agent of your team.',
  referencesRefused: 'These applications are not on your team, or do not exist; nothing was moved.',
  tooManyPdfs: 'The summary was sent several times in the last hour. Please try again later.',
  adminsOnly: 'Only a sales admin may see the serviceable leads.',
} as const

export const SALES_LIMITS = {
  maxPageSize: 50,
  defaultPageSize: 20,
  maxBulk: 100,
  pdfSendsPerHour: 3,
  seriesDays: 14,
} as const

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

/** Who the caller is in sales: the agent codes they answer for. */
export type SalesScope =
  | { kind: 'agent'; userId: string; agentCode: string; agentCodes: string[] }
  | { kind: 'admin'; userId: string; agentCode: string | null; agentCodes: string[] }

/** spec 7's serviceable lead as a sales admin reads it. */
export type ServiceableLeadView = {
  id: string
  firstName: string
  lastName: string
  email: string
  mobileNumber: string
  address: string
  checkReferenceNo: string
  checkedAt: string
  /** The agent who checked for the customer, or 'self'. */
  agentCode: string
  recordedAt: string
}

/** The newest serviceable leads a sales admin sees. */
export const LEADS_SHOWN = 100

export type TeamMember = { agentCode: string; firstName: string; lastName: string; email: string }

export type AgentProfile = {
  agentCode: string | null
  firstName: string
  lastName: string
  email: string
  agentType: 'agent' | 'admin'
  /** An agent's team sales manager; null for an admin or an agent without a team. */
  tsm: { firstName: string; lastName: string; email: string } | null
  /** An admin's team (spec 7's TSM list); empty for an agent. */
  team: TeamMember[]
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

export type PeriodCounts = { from: string; drafts: number; submitted: number; filed: number }

export type SalesStats = {
  /** The agent the counts are for; null: the whole team (an admin without a filter). */
  agentCode: string | null
  today: string
  thisWeek: PeriodCounts
  thisMonth: PeriodCounts
  /** This month: submitted (or later) over all filed (drafts included); null when nothing was filed. */
  conversion: { filed: number; submitted: number; rate: number | null }
  /** The last 14 Manila days, oldest first. */
  daily: { date: string; drafts: number; submitted: number }[]
}

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

/** Monday of the Manila week of a date. */
function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() // 0 Sunday
  return addDays(date, -((weekday + 6) % 7))
}

export function notFound() {
  return new ServiceError(404, 'not_found', SALES_MESSAGES.notFound)
}

function itemOfApplication(row: AgentApplicationRow): SalesListItem {
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

function segmentOf(sections: Record<string, unknown>): 'Residential' | 'SME' | null {
  const category = (sections.customerCategory as { category?: unknown } | undefined)?.category
  return category === 'SME' ? 'SME' : category === 'RES' ? 'Residential' : null
}

export type ResumedDraft = {
  draftId: string
  orderId: string
  expiresAt: string
  customerSegment: 'Residential' | 'SME' | null
}

function itemOfDraft(draft: AgentDraft): SalesListItem {
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

export type SalesService = ReturnType<typeof createSalesService>

export function createSalesService(deps: ServiceDeps) {
  const files = createFileService(deps)
  const tracking = createTrackingService(deps)
  const delivery = createDeliveryQueue(deps)

  async function teamOf(managerUserId: string) {
    return deps.db
      .select()
      .from(salesAgents)
      .where(eq(salesAgents.managerUserId, managerUserId))
      .orderBy(asc(salesAgents.agentCode))
  }

  /** The caller's sales scope, or 403 for anyone without a sales role (or an agent without a code). */
  async function scopeOf(caller: Caller): Promise<SalesScope> {
    if (caller.roles.includes(SALES_ROLES.admin)) {
      const team = (await teamOf(caller.sub)).map((member) => member.agentCode)
      const agentCodes = caller.agentCode ? [...new Set([caller.agentCode, ...team])] : team
      return { kind: 'admin', userId: caller.sub, agentCode: caller.agentCode, agentCodes }
    }
    if (caller.roles.includes(SALES_ROLES.agent)) {
      if (!caller.agentCode) throw new ServiceError(403, 'no_agent_code', SALES_MESSAGES.noAgentCode)
      return { kind: 'agent', userId: caller.sub, agentCode: caller.agentCode, agentCodes: [caller.agentCode] }
    }
    throw new ServiceError(403, 'forbidden', SALES_MESSAGES.notSales)
  }

  /** The agent codes a query covers: an admin may narrow to one agent of the team. */
  function codesFor(scope: SalesScope, agentCode: string | undefined): string[] {
    if (scope.kind === 'agent' || agentCode === undefined) return scope.agentCodes
    if (!scope.agentCodes.includes(agentCode)) {
      throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', {
        agentCode: [SALES_MESSAGES.notInTeam],
      })
    }
    return [agentCode]
  }

  async function memberOf(userId: string | null, agentCode: string): Promise<TeamMember | null> {
    const user = userId ? await findUserRowById(deps.db, userId) : null
    if (!user) return null
    return { agentCode, firstName: user.firstName, lastName: user.lastName, email: user.email }
  }

  type Found = { kind: 'application'; row: AgentApplicationRow } | { kind: 'draft'; draft: AgentDraft }

  /** The application or draft by its refId among the scope's; otherwise 404. */
  async function find(scope: SalesScope, refId: string): Promise<Found> {
    if (ORDER_ID_PATTERN.test(refId)) {
      const draft = (await liveAgentDrafts(deps.db, scope.agentCodes, deps.now())).find((d) => d.orderId === refId)
      if (draft) return { kind: 'draft', draft }
      throw notFound()
    }
    if (refId.length > 40) throw notFound()
    const row = await agentApplicationByReference(deps.db, scope.agentCodes, refId)
    if (!row) throw notFound()
    return { kind: 'application', row }
  }

  async function findApplication(scope: SalesScope, refId: string): Promise<AgentApplicationRow> {
    const found = await find(scope, refId)
    if (found.kind === 'draft') throw new ServiceError(409, 'draft_not_submitted', SALES_MESSAGES.draftNotSubmitted)
    return found.row
  }

  /** All-or-nothing: the references must all be the admin's team's, and the agent one of the team. */
  async function reassign(scope: SalesScope, agentCode: string, referenceNos: string[]) {
    if (scope.kind !== 'admin') throw new ServiceError(403, 'forbidden', SALES_MESSAGES.adminOnly)
    if (!scope.agentCodes.includes(agentCode)) {
      throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', {
        agentCode: [SALES_MESSAGES.notInTeam],
      })
    }
    const unique = [...new Set(referenceNos)]
    const now = deps.now()
    return deps.db.transaction(async (tx) => {
      const rows = await applicationsByReferences(tx, unique)
      const byReference = new Map(rows.map((row) => [row.referenceNo, row]))
      const refused = unique.filter((ref) => !scope.agentCodes.includes(byReference.get(ref)?.agentCode ?? ''))
      if (refused.length > 0) {
        throw new ServiceError(422, 'references_refused', SALES_MESSAGES.referencesRefused, { refIDList: refused })
      }
      const moving = rows.filter((row) => row.agentCode !== agentCode)
      await assignApplications(
        tx,
        moving.map((row) => row.id),
        agentCode,
      )
      if (moving.length > 0) {
        await tx.insert(salesAssignments).values(
          moving.map((row) => ({
            id: crypto.randomUUID(),
            applicationId: row.id,
            fromAgentCode: row.agentCode,
            toAgentCode: agentCode,
            byUserId: scope.userId,
            createdAt: now,
          })),
        )
      }
      const moved = new Set(moving.map((row) => row.referenceNo))
      return {
        agentCode,
        moved: unique.filter((ref) => moved.has(ref)),
        unchanged: unique.filter((ref) => !moved.has(ref)),
      }
    })
  }

  return {
    scopeOf,

    /** 404 unless the caller answers for this application or draft (checked before a body is read). */
    async locate(caller: Caller, refId: string): Promise<void> {
      await find(await scopeOf(caller), refId)
    },

    /** spec 7: agent code, type, TSM list. */
    async profile(caller: Caller): Promise<AgentProfile> {
      const scope = await scopeOf(caller)
      const user = await findUserRowById(deps.db, caller.sub)
      const me = {
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? '',
        email: user?.email ?? '',
      }
      if (scope.kind === 'admin') {
        const team = await teamOf(scope.userId)
        const members = await Promise.all(team.map((m) => memberOf(m.userId, m.agentCode)))
        return {
          agentCode: scope.agentCode,
          ...me,
          agentType: 'admin',
          tsm: null,
          team: members.filter((m): m is TeamMember => m !== null),
        }
      }
      const [entry] = await deps.db.select().from(salesAgents).where(eq(salesAgents.agentCode, scope.agentCode))
      // The roster row must be this user's: a code in someone else's token names nobody here.
      const manager = entry && entry.userId === scope.userId ? await memberOf(entry.managerUserId, '') : null
      return {
        agentCode: scope.agentCode,
        ...me,
        agentType: 'agent',
        tsm: manager ? { firstName: manager.firstName, lastName: manager.lastName, email: manager.email } : null,
        team: [],
      }
    },

    /** spec 7: the applications list, drafts first among equals, newest first, paged. */
    async list(caller: Caller, query: SalesListQuery): Promise<SalesList> {
      const scope = await scopeOf(caller)
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
          place:
            index + (wantApplications ? await countAgentApplications(deps.db, filter, new Date(item.createdAt)) : 0),
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
    },

    /**
     * spec 7's serviceable leads (issue 33, item 7), for a sales admin: the team's and the
     * visitors' own ('self'), newest first. An agent is refused: the admin assigns follow-ups.
     */
    async serviceableLeads(caller: Caller): Promise<ServiceableLeadView[]> {
      const scope = await scopeOf(caller)
      if (scope.kind !== 'admin') throw new ServiceError(403, 'forbidden', SALES_MESSAGES.adminsOnly)
      const rows = await serviceableLeadsFor(deps.db, { agentCodes: scope.agentCodes, withSelf: true }, LEADS_SHOWN)
      return rows.map((row) => ({
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        mobileNumber: row.mobileNumber,
        address: [row.place, row.barangay, row.municipality, row.province].filter(Boolean).join(', '),
        checkReferenceNo: row.checkReferenceNo,
        checkedAt: row.checkedAt.toISOString(),
        agentCode: row.agentCode,
        recordedAt: row.createdAt.toISOString(),
      }))
    },

    /** This week's and this month's counts (Manila), this month's conversion and a 14-day series. */
    async stats(caller: Caller, agentCode?: string): Promise<SalesStats> {
      const scope = await scopeOf(caller)
      const agentCodes = codesFor(scope, agentCode)
      const now = deps.now()
      const today = manilaDate(now)
      const week = weekStart(today)
      const month = `${today.slice(0, 8)}01`
      const seriesStart = addDays(today, -(SALES_LIMITS.seriesDays - 1))
      const since = [week, month, seriesStart].sort()[0]!
      const filed = await filedSince(deps.db, agentCodes, manilaMidnight(since))
      // Live drafts only: a draft that was submitted became an application, and an expired one was given up.
      const drafts = (await liveAgentDrafts(deps.db, agentCodes, now)).filter(
        (d) => d.createdAt >= manilaMidnight(since),
      )
      const applicationDays = filed.map((row) => manilaDate(row.createdAt))
      const draftDays = drafts.map((d) => manilaDate(d.createdAt))
      const period = (from: string): PeriodCounts => {
        const submitted = applicationDays.filter((day) => day >= from).length
        const draftCount = draftDays.filter((day) => day >= from).length
        return { from, drafts: draftCount, submitted, filed: submitted + draftCount }
      }
      const thisMonth = period(month)
      const daily = Array.from({ length: SALES_LIMITS.seriesDays }, (_, i) => {
        const date = addDays(seriesStart, i)
        return {
          date,
          drafts: draftDays.filter((day) => day === date).length,
          submitted: applicationDays.filter((day) => day === date).length,
        }
      })
      return {
        agentCode: scope.kind === 'agent' ? scope.agentCode : (agentCode ?? null),
        today,
        thisWeek: period(week),
        thisMonth,
        conversion: {
          filed: thisMonth.filed,
          submitted: thisMonth.submitted,
          rate: thisMonth.filed === 0 ? null : Math.round((thisMonth.submitted / thisMonth.filed) * 1000) / 1000,
        },
        daily,
      }
    },

    /** spec 7: details and data: everything filed, the documents, the timeline. */
    async details(caller: Caller, refId: string): Promise<SalesApplicationDetails> {
      const scope = await scopeOf(caller)
      const found = await find(scope, refId)
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
    },

    /** One document's bytes, for the agent who answers for the application or their admin. */
    async document(caller: Caller, refId: string, fileId: string): Promise<{ entry: FileEntry; body: Readable }> {
      const row = await findApplication(await scopeOf(caller), refId)
      return files.openApplicationFile(row.id, fileId)
    },

    /** PATCH one application: reassign it to an agent of the team (sales admin). */
    async update(caller: Caller, refId: string, agentCode: string) {
      const scope = await scopeOf(caller)
      const row = await findApplication(scope, refId)
      const result = await reassign(scope, agentCode, [row.referenceNo])
      return { refId: row.referenceNo, agentCode: result.agentCode, moved: result.moved.length > 0 }
    },

    /** The sales admin's bulk update (spec 3: agentCode, refIDList): all or nothing. */
    async bulkUpdate(caller: Caller, agentCode: string, referenceNos: string[]) {
      return reassign(await scopeOf(caller), agentCode, referenceNos)
    },

    /** DELETE a draft: its filing agent, or their admin. A submitted application is not deleted here. */
    async deleteDraft(caller: Caller, refId: string): Promise<{ deleted: true; refId: string }> {
      const scope = await scopeOf(caller)
      const found = await find(scope, refId)
      if (found.kind !== 'draft') throw new ServiceError(409, 'not_a_draft', SALES_MESSAGES.notADraft)
      const deleted = await deleteAgentDraft(deps.db, scope.agentCodes, found.draft.orderId, deps.now())
      if (!deleted) throw notFound()
      return { deleted: true, refId }
    },

    /**
     * Resuming a draft by its order id (spec 4, issue 13 item 2): a new id for the scope's live
     * draft, its documents and cart moved with it in one transaction; the previous id opens
     * nothing any more. The order id follows the new id. Anything else is 404.
     */
    async resumeDraft(caller: Caller, refId: string): Promise<ResumedDraft> {
      const scope = await scopeOf(caller)
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
    },

    /** spec 7, application notifications for PDF: the summary to the customer's email, a few times an hour. */
    async sendPdf(caller: Caller, refId: string): Promise<{ sent: true; maskedEmail: string }> {
      const scope = await scopeOf(caller)
      const row = await findApplication(scope, refId)
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
    },

    /** Resends the compliance link of an application waiting for documents (the tracking service's link and limits). */
    async resendComplianceLink(caller: Caller, refId: string): Promise<{ sent: true; maskedEmail: string }> {
      const row = await findApplication(await scopeOf(caller), refId)
      await tracking.resendComplianceLinkFor(row.id)
      return { sent: true, maskedEmail: maskEmail(row.emailAddress) }
    },

    /** The categories open for re-upload, with their reasons (empty unless the application is for compliance). */
    async compliance(caller: Caller, refId: string): Promise<SalesCompliance> {
      const row = await findApplication(await scopeOf(caller), refId)
      const status = row.status as ApplicationStatus
      return complianceOf(
        row.referenceNo,
        status,
        status === 'for_compliance' ? await openRejectionsOf(deps.db, row.id) : [],
      )
    },

    /**
     * A rejected category's document sent again on the customer's behalf (issue 13 item 4; the
     * sales partner flag): the files service's own compliance upload, with the same checks as
     * the customer's, recording who sent it. 409 when the category is not open.
     */
    async complianceUpload(
      caller: Caller,
      refId: string,
      meta: UploadMeta,
      body: WebReadableStream<Uint8Array> | null,
    ): Promise<{ file: SalesDocument; compliance: SalesCompliance }> {
      const scope = await scopeOf(caller)
      const row = await findApplication(scope, refId)
      const by = { userId: scope.userId, agentCode: scope.agentCode }
      const { entry, view } = await files.salesComplianceUpload(row.id, by, meta, body)
      return {
        file: documentOf(row.referenceNo, entry),
        compliance: complianceOf(row.referenceNo, view.status, view.openCategories),
      }
    },

    /** The promo codes valid today (Manila), for a segment when given. */
    async promoCodes(caller: Caller, segment?: 'Residential' | 'SME'): Promise<PromoCode[]> {
      await scopeOf(caller)
      return promoCodesValidOn(deps.db, manilaDate(deps.now()), segment)
    },

    /** Checks a code an agent typed: the promo, or 422 with the field's message (unknown, not yet, ended, not for the segment). */
    async validatePromoCode(caller: Caller, code: string, segment?: 'Residential' | 'SME'): Promise<PromoCode> {
      await scopeOf(caller)
      const promo = await findPromoCode(deps.db, code)
      const refusal =
        promoRefusal(promo, manilaDate(deps.now())) ??
        (segment && promo && !fitsSegment(promo, segment) ? PROMO_MESSAGES.invalid : null)
      if (refusal) throw new ServiceError(422, 'promo_invalid', refusal, { code: [refusal] })
      return promo!
    },
  }
}
