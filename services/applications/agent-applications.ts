/**
 * What the sales service asks of the applications service (issue 13; docs/decisions/0044):
 * the applications of a set of agent codes, searched, filtered and paged, newest first;
 * one of them by reference number; their status timeline and open rejections; and moving
 * applications to another agent. The sales service decides which agent codes a caller
 * answers for; nothing here is reachable without that set.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { ApplicationStatus } from '../../lib/application-status.ts'
import { mobileSearchDigits } from '../../lib/mobile.ts'
import type { Executor } from '../db/client.ts'
import { applications } from './tables.ts'
import { applicationEvents, complianceRejections } from './tracking-tables.ts'

export type AgentApplicationRow = typeof applications.$inferSelect

export type AgentApplicationFilter = {
  agentCodes: string[]
  /** Part of the name, reference number, email or mobile number. */
  search?: string
  statuses?: ApplicationStatus[]
  /** Filed at or after this instant. */
  from?: Date
  /** Filed before this instant. */
  until?: Date
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function where(filter: AgentApplicationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(applications.agentCode, filter.agentCodes)]
  if (filter.statuses) conditions.push(inArray(applications.status, filter.statuses))
  if (filter.from) conditions.push(gte(applications.createdAt, filter.from))
  if (filter.until) conditions.push(lt(applications.createdAt, filter.until))
  const search = filter.search?.trim()
  if (search) {
    const pattern = containing(search)
    // A mobile number is searched by its digits, as typed with or without spaces or a leading 0.
    const digits = mobileSearchDigits(search)
    conditions.push(
      or(
        ilike(applications.referenceNo, pattern),
        ilike(applications.emailAddress, pattern),
        digits.length >= 3 ? ilike(applications.mobileNumber, containing(digits)) : undefined,
        sql`(${applications.payload}->>'firstName') || ' ' || (${applications.payload}->>'lastName') ilike ${pattern}`,
        sql`${applications.payload}->>'businessName' ilike ${pattern}`,
      ),
    )
  }
  return and(...conditions)
}

export async function listAgentApplications(
  db: Executor,
  filter: AgentApplicationFilter,
  offset: number,
  limit: number,
): Promise<AgentApplicationRow[]> {
  if (filter.agentCodes.length === 0 || limit <= 0) return []
  return db
    .select()
    .from(applications)
    .where(where(filter))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .offset(offset)
    .limit(limit)
}

export async function countAgentApplications(
  db: Executor,
  filter: AgentApplicationFilter,
  /** Only those filed at or after this instant (their place in a list merged with drafts). */
  notBefore?: Date,
): Promise<number> {
  if (filter.agentCodes.length === 0) return 0
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(where(filter), notBefore ? gte(applications.createdAt, notBefore) : undefined))
  return row?.n ?? 0
}

/** The application with this reference number, when one of these agents answers for it. */
export async function agentApplicationByReference(
  db: Executor,
  agentCodes: string[],
  referenceNo: string,
): Promise<AgentApplicationRow | null> {
  if (agentCodes.length === 0) return null
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.referenceNo, referenceNo), inArray(applications.agentCode, agentCodes)))
  return row ?? null
}

/** The applications with these reference numbers, whoever answers for them (the bulk update checks each). */
export async function applicationsByReferences(db: Executor, referenceNos: string[]): Promise<AgentApplicationRow[]> {
  if (referenceNos.length === 0) return []
  return db.select().from(applications).where(inArray(applications.referenceNo, referenceNos)).for('update')
}

/** When and in which status these agents' applications were filed since an instant (the stats). */
export async function filedSince(db: Executor, agentCodes: string[], since: Date) {
  if (agentCodes.length === 0) return []
  return db
    .select({ createdAt: applications.createdAt, status: applications.status, agentCode: applications.agentCode })
    .from(applications)
    .where(and(inArray(applications.agentCode, agentCodes), gte(applications.createdAt, since)))
}

/** The status moves after submission, oldest first. */
export async function applicationEventsOf(db: Executor, applicationId: string) {
  return db
    .select({
      status: applicationEvents.status,
      reason: applicationEvents.reason,
      createdAt: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt))
}

/** The document categories rejected and not yet sent again. */
export async function openRejectionsOf(db: Executor, applicationId: string) {
  return db
    .select({ category: complianceRejections.category, reason: complianceRejections.reason })
    .from(complianceRejections)
    .where(and(eq(complianceRejections.applicationId, applicationId), isNull(complianceRejections.resolvedAt)))
    .orderBy(asc(complianceRejections.category))
}

/** Moves applications to another agent (in the caller's transaction). */
export async function assignApplications(db: Executor, applicationIds: string[], agentCode: string) {
  if (applicationIds.length === 0) return
  await db.update(applications).set({ agentCode }).where(inArray(applications.id, applicationIds))
}
