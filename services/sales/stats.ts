/**
 * The sales dashboard's counts (issue 13): this week's and this month's, by the Manila
 * calendar, this month's conversion from filed to submitted, and a daily series.
 */
import { addDays, manilaDate, manilaMidnight } from '../../lib/manila-time.ts'
import { filedSince } from '../applications/agent-applications.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { liveAgentDrafts } from '../drafts/agent-drafts.ts'
import { SALES_LIMITS } from './limits.ts'
import { codesFor, scopeOf } from './scope.ts'

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

/** Monday of the Manila week of a date. */
function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() // 0 Sunday
  return addDays(date, -((weekday + 6) % 7))
}

/** This week's and this month's counts (Manila), this month's conversion and a 14-day series. */
export async function stats(deps: ServiceDeps, caller: Caller, agentCode?: string): Promise<SalesStats> {
  const scope = await scopeOf(deps, caller)
  const agentCodes = codesFor(scope, agentCode)
  const now = deps.now()
  const today = manilaDate(now)
  const week = weekStart(today)
  const month = `${today.slice(0, 8)}01`
  const seriesStart = addDays(today, -(SALES_LIMITS.seriesDays - 1))
  const since = [week, month, seriesStart].sort()[0]!
  const filed = await filedSince(deps.db, agentCodes, manilaMidnight(since))
  // Live drafts only: a draft that was submitted became an application, and an expired one was given up.
  const drafts = (await liveAgentDrafts(deps.db, agentCodes, now)).filter((d) => d.createdAt >= manilaMidnight(since))
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
}
