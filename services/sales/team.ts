/**
 * A sales admin's team, and an agent's place in one: the profile (spec 7: agent code, type,
 * TSM list), the admin's reassigning of the team's applications (all or nothing), and the
 * serviceable leads the admin assigns follow-ups from.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { applicationsByReferences, assignApplications } from '../applications/agent-applications.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { serviceableLeadsFor } from '../coverage/serviceable-leads.ts'
import { ServiceError } from '../errors.ts'
import { findUserRowById } from '../identity/users.ts'
import { SALES_MESSAGES } from './limits.ts'
import { findApplication, scopeOf, teamOf, type SalesScope } from './scope.ts'
import { salesAgents, salesAssignments } from './tables.ts'

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

async function memberOf(deps: ServiceDeps, userId: string | null, agentCode: string): Promise<TeamMember | null> {
  const user = userId ? await findUserRowById(deps.db, userId) : null
  if (!user) return null
  return { agentCode, firstName: user.firstName, lastName: user.lastName, email: user.email }
}

/** spec 7: agent code, type, TSM list. */
export async function profile(deps: ServiceDeps, caller: Caller): Promise<AgentProfile> {
  const scope = await scopeOf(deps, caller)
  const user = await findUserRowById(deps.db, caller.sub)
  const me = {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
  }
  if (scope.kind === 'admin') {
    const team = await teamOf(deps, scope.userId)
    const members = await Promise.all(team.map((m) => memberOf(deps, m.userId, m.agentCode)))
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
  const manager = entry && entry.userId === scope.userId ? await memberOf(deps, entry.managerUserId, '') : null
  return {
    agentCode: scope.agentCode,
    ...me,
    agentType: 'agent',
    tsm: manager ? { firstName: manager.firstName, lastName: manager.lastName, email: manager.email } : null,
    team: [],
  }
}

/** All-or-nothing: the references must all be the admin's team's, and the agent one of the team. */
export async function reassign(deps: ServiceDeps, scope: SalesScope, agentCode: string, referenceNos: string[]) {
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

/** PATCH one application: reassign it to an agent of the team (sales admin). */
export async function reassignOne(deps: ServiceDeps, caller: Caller, refId: string, agentCode: string) {
  const scope = await scopeOf(deps, caller)
  const row = await findApplication(deps, scope, refId)
  const result = await reassign(deps, scope, agentCode, [row.referenceNo])
  return { refId: row.referenceNo, agentCode: result.agentCode, moved: result.moved.length > 0 }
}

/**
 * spec 7's serviceable leads (issue 33, item 7), for a sales admin: the team's and the
 * visitors' own ('self'), newest first. An agent is refused: the admin assigns follow-ups.
 */
export async function serviceableLeads(deps: ServiceDeps, caller: Caller): Promise<ServiceableLeadView[]> {
  const scope = await scopeOf(deps, caller)
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
}
