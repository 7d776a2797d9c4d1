/**
 * Where a draft is resumed (spec 2, 4: /sales/application{category path}/personalDetails/{orderId}).
 * Only the agent who claimed it can go on with it (the drafts calls are theirs, docs/decisions/0044),
 * so an admin's view of a team member's draft offers none.
 */
import { wizardHref } from '~/features/apply/steps'

type Row = { kind: 'application' | 'draft'; refId: string; agentCode: string; customerSegment: string | null }

export function resumeHref(item: Row, ownAgentCode: string | null | undefined): string | null {
  if (item.kind !== 'draft' || !ownAgentCode || item.agentCode !== ownAgentCode) return null
  const path = item.customerSegment === 'SME' ? 'sme' : 'residential'
  return `${wizardHref(path, 'personalDetails', 'sales')}/${encodeURIComponent(item.refId)}`
}
