/**
 * spec 7's serviceable leads (issue 33, item 7). A visitor whose check was serviceable but
 * whose draft expired (4 hours after its last save, spec 9) without an application is a
 * lead sales can follow up. The drafts purge hands each expired draft here in the same
 * transaction that deletes it, so a lead is recorded once however many copies purge, and
 * never for a draft that is still there. Sales admins read them (services/sales).
 */
import { desc, eq, inArray, or } from 'drizzle-orm'
import { usableSections } from '../../lib/draft-sections.ts'
import type { Executor } from '../db/client.ts'
import { draftsWithApplications } from '../files/submitted.ts'
import { serviceableLeads } from './tables.ts'

/** An expired draft as the purge deleted it. */
export type ExpiredDraft = { idHash: string; sections: unknown; agentCode: string | null }

export type ServiceableLeadRow = typeof serviceableLeads.$inferSelect

/** The lead an expired draft leaves, or null: no serviceable check, or no one to call. */
export function serviceableLeadOf(draft: ExpiredDraft, now: Date): typeof serviceableLeads.$inferInsert | null {
  const sections = usableSections(draft.sections)
  const check = sections.serviceability
  const person = sections.basicInfo
  if (!check?.result || check.result.outcome !== 'serviceable' || !person) return null
  // A referral under way is the referrer's to file (issue 15), not sales' to chase.
  if (sections.referral && sections.referral.kind !== 'INVITE') return null
  const { names, choice } = check
  if (!names.region || !names.province || !names.municipality || !names.barangay) return null
  const latitude = Number(choice.latitude)
  const longitude = Number(choice.longitude)
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  const checkedAt = new Date(check.result.checkedAt)
  return {
    draftIdHash: draft.idHash,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    mobileNumber: person.mobileNo,
    region: names.region,
    province: names.province,
    municipality: names.municipality,
    barangay: names.barangay,
    place: names.place || null,
    latitude,
    longitude,
    checkReferenceNo: check.result.referenceNo,
    checkedAt: Number.isNaN(checkedAt.getTime()) ? now : checkedAt,
    agentCode: draft.agentCode ?? 'self',
    createdAt: now,
  }
}

/** Records the leads these expired drafts leave (none for a submitted one); answers how many are new. */
export async function recordServiceableLeads(db: Executor, expired: readonly ExpiredDraft[], now: Date) {
  const candidates = expired.flatMap((draft) => serviceableLeadOf(draft, now) ?? [])
  if (candidates.length === 0) return 0
  const submitted = await draftsWithApplications(
    db,
    candidates.map((lead) => lead.draftIdHash),
  )
  const leads = candidates.filter((lead) => !submitted.has(lead.draftIdHash))
  if (leads.length === 0) return 0
  const inserted = await db
    .insert(serviceableLeads)
    .values(leads)
    .onConflictDoNothing({ target: serviceableLeads.draftIdHash })
    .returning({ id: serviceableLeads.id })
  return inserted.length
}

/**
 * The newest leads for these agents' codes, and the visitors' own ('self') when `withSelf`:
 * a sales admin's team (services/sales). At most `limit`.
 */
export async function serviceableLeadsFor(
  db: Executor,
  scope: { agentCodes: readonly string[]; withSelf: boolean },
  limit: number,
): Promise<ServiceableLeadRow[]> {
  const codes = [...scope.agentCodes]
  const conditions = [
    ...(codes.length ? [inArray(serviceableLeads.agentCode, codes)] : []),
    ...(scope.withSelf ? [eq(serviceableLeads.agentCode, 'self')] : []),
  ]
  if (conditions.length === 0) return []
  return db
    .select()
    .from(serviceableLeads)
    .where(or(...conditions))
    .orderBy(desc(serviceableLeads.createdAt))
    .limit(limit)
}
