/**
 * /sales, the sales dashboard (issue 13, item 1; spec 2, 6, 7, 8): who is signed in (agent
 * details, asked up to 3 times as spec 9 says; when they fail, 'Sales agent data
 * unavailable!' and no sales menus), their figures (this week, this month, conversion, the
 * last 14 days), and their applications and drafts with search, filters and paging as a GET
 * form, so a filtered list is a URL. A sales admin sees the whole team, filters by agent and
 * reassigns applications to another agent of the team (item 6), after a confirmation.
 *
 * Every call carries the user's bearer token: the sales service answers an agent with their
 * own applications only and an admin with their team's (docs/decisions/0044).
 */
import { data } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import type { AgentProfile, SalesBucket, SalesList, SalesListQuery, SalesStats } from '~/upstream/sales.server'
import { SALES_BUCKETS } from '~/upstream/sales.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { UserCaller } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { SALES_TEXT as TEXT } from './texts'

export const SALES_PATH = '/sales'
const PAGE_SIZE = 20

export type SalesFilters = { search: string; status: string; agentCode: string; from: string; to: string; page: number }

export type DashboardPage = {
  agent: AgentProfile | null
  /** spec 8: agent details failed after 3 attempts; the menus stay hidden. */
  agentUnavailable: boolean
  isAdmin: boolean
  givenName: string
  filters: SalesFilters
  filterErrors: Record<string, string[]>
  list: SalesList | null
  stats: SalesStats | null
}

export type ReassignAnswer = {
  confirm: { agentCode: string; agentName: string; refIDList: string[] } | null
  errors: { agentCode?: string[]; refIDList?: string[] }
  formError: string | null
  chosen: string[]
  agentCode: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The GET form's filters, as typed (kept on the page), and what the upstream may be asked. */
export function readFilters(query: URLSearchParams): { filters: SalesFilters; upstream: SalesListQuery } {
  const text = (name: string, max = 100) => (query.get(name) ?? '').trim().slice(0, max)
  const page = Math.max(1, Math.min(10_000, Number.parseInt(query.get('page') ?? '1', 10) || 1))
  const filters = {
    search: text('search'),
    status: text('status', 20),
    agentCode: text('agentCode', 64),
    from: text('from', 10),
    to: text('to', 10),
    page,
  }
  const upstream: SalesListQuery = { page, pageSize: PAGE_SIZE }
  if (filters.search) upstream.search = filters.search
  if ((SALES_BUCKETS as readonly string[]).includes(filters.status)) upstream.status = filters.status as SalesBucket
  if (filters.agentCode) upstream.agentCode = filters.agentCode
  if (DATE.test(filters.from)) upstream.from = filters.from
  if (DATE.test(filters.to)) upstream.to = filters.to
  return { filters, upstream }
}

const salesUser = (visit: Visit) => visit.signedIn({ roles: SALES_ROLES })

async function agentOf(me: UserCaller) {
  const details = await me.call((upstream, token) => upstream.sales.agentDetails(token))
  return details.ok ? details.value : null
}

export async function salesDashboard(visit: Visit, url: URL) {
  const me = await salesUser(visit)
  const { filters, upstream } = readFilters(url.searchParams)
  const [agent, list, stats] = await Promise.all([
    agentOf(me),
    me.call((calls, token) => calls.sales.applications(token, upstream)),
    me.call((calls, token) => calls.sales.stats(token, upstream.agentCode)),
  ])
  const filterErrors: Record<string, string[]> =
    !list.ok && list.error.kind === 'rejected' && list.error.fields ? list.error.fields : {}
  return data<DashboardPage>({
    agent,
    agentUnavailable: agent === null,
    isAdmin: agent?.agentType === 'admin',
    givenName: me.claims.given_name ?? me.user.givenName ?? '',
    filters,
    filterErrors,
    list: list.ok ? list.value : null,
    stats: stats.ok ? stats.value : null,
  })
}

const nameOf = (member: { firstName: string; lastName: string; agentCode: string }) =>
  `${member.firstName} ${member.lastName} (${member.agentCode})`

/**
 * The admin's reassignment: REASSIGN asks (which applications, to whom), YES does it, all or
 * nothing, and comes back to the same list with a toast. An agent's post is refused upstream.
 */
export async function reassignAction(visit: Visit, form: FormData) {
  const me = await salesUser(visit)
  const intent = String(form.get('intent') ?? '')
  const chosen = form
    .getAll('refId')
    .map(String)
    .filter((refId) => /^[A-Za-z0-9-]{1,40}$/.test(refId))
    .slice(0, 100)
  const agentCode = String(form.get('agentCode') ?? '')
    .trim()
    .slice(0, 64)
  const back = String(form.get('back') ?? SALES_PATH)
  const backTo = back.startsWith(`${SALES_PATH}?`) || back === SALES_PATH ? back : SALES_PATH
  const answer = (part: Partial<ReassignAnswer>, status = 200) =>
    data<ReassignAnswer>({ confirm: null, errors: {}, formError: null, chosen, agentCode, ...part }, { status })

  if (intent === 'no') return answer({})
  const agent = await agentOf(me)
  if (!agent) return answer({ formError: TEXT.agentUnavailable }, 503)
  const member = agent.team.find((candidate) => candidate.agentCode === agentCode)
  const errors: ReassignAnswer['errors'] = {}
  if (!member) errors.agentCode = [TEXT.reassignAgentRequired]
  if (chosen.length === 0) errors.refIDList = [TEXT.reassignNoneChosen]
  if (errors.agentCode || errors.refIDList) return answer({ errors }, 422)
  const agentName = nameOf(member!)
  if (intent !== 'reassign') return answer({ confirm: { agentCode, agentName, refIDList: chosen } })

  const moved = await me.call((calls, token) => calls.sales.bulkReassign(token, agentCode, chosen))
  if (!moved.ok) {
    const own = moved.error.kind === 'rejected' ? moved.error.serverMessage : undefined
    return answer({ formError: own ? `${TEXT.reassignFailed} ${own}` : TEXT.reassignFailed }, moved.error.status ?? 503)
  }
  return redirectWithToast(visit.config, backTo, {
    kind: 'success',
    message: TEXT.reassigned(chosen.length, agentName),
  })
}
