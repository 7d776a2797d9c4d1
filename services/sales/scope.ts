/**
 * Who sees what in sales, decided from the bearer token and the sales roster only: a sales
 * agent answers for the applications and drafts filed under their own agent code; a sales
 * admin (a TSM) for those of every agent on their team (and their own code, if they have
 * one); anyone else is refused (403) before anything is read. An application or draft
 * outside the caller's set answers exactly as an unknown one (404), so a refusal does not
 * confirm that it exists (docs/security.md, Access control).
 */
import { asc, eq } from 'drizzle-orm'
import { agentApplicationByReference, type AgentApplicationRow } from '../applications/agent-applications.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { liveAgentDrafts, ORDER_ID_PATTERN, type AgentDraft } from '../drafts/agent-drafts.ts'
import { ServiceError } from '../errors.ts'
import { SALES_MESSAGES } from './limits.ts'
import { salesAgents } from './tables.ts'

export const SALES_ROLES = { agent: 'sales-agent', admin: 'sales-admin' } as const

/** Who the caller is in sales: the agent codes they answer for. */
export type SalesScope =
  | { kind: 'agent'; userId: string; agentCode: string; agentCodes: string[] }
  | { kind: 'admin'; userId: string; agentCode: string | null; agentCodes: string[] }

export function notFound() {
  return new ServiceError(404, 'not_found', SALES_MESSAGES.notFound)
}

/** The roster's agents a sales admin manages, by agent code. */
export async function teamOf(deps: ServiceDeps, managerUserId: string) {
  return deps.db
    .select()
    .from(salesAgents)
    .where(eq(salesAgents.managerUserId, managerUserId))
    .orderBy(asc(salesAgents.agentCode))
}

/** The caller's sales scope, or 403 for anyone without a sales role (or an agent without a code). */
export async function scopeOf(deps: ServiceDeps, caller: Caller): Promise<SalesScope> {
  if (caller.roles.includes(SALES_ROLES.admin)) {
    const team = (await teamOf(deps, caller.sub)).map((member) => member.agentCode)
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
export function codesFor(scope: SalesScope, agentCode: string | undefined): string[] {
  if (scope.kind === 'agent' || agentCode === undefined) return scope.agentCodes
  if (!scope.agentCodes.includes(agentCode)) {
    throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', {
      agentCode: [SALES_MESSAGES.notInTeam],
    })
  }
  return [agentCode]
}

type Found = { kind: 'application'; row: AgentApplicationRow } | { kind: 'draft'; draft: AgentDraft }

/** The application or draft by its refId among the scope's; otherwise 404. */
export async function find(deps: ServiceDeps, scope: SalesScope, refId: string): Promise<Found> {
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

export async function findApplication(
  deps: ServiceDeps,
  scope: SalesScope,
  refId: string,
): Promise<AgentApplicationRow> {
  const found = await find(deps, scope, refId)
  if (found.kind === 'draft') throw new ServiceError(409, 'draft_not_submitted', SALES_MESSAGES.draftNotSubmitted)
  return found.row
}
