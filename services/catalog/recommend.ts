/**
 * The recommendation rules (issue 9, spec 7's recommendations call): from how many
 * devices share the line, what they do and when, the speed the household needs, and the
 * plans that fit it, each with reasons in plain words. A pure function of the plans on
 * offer and the answers, so the rules are tested as a table of cases (recommend.test.ts).
 *
 * The need: devices × the heaviest chosen use's Mbps per device × how many are online at
 * once at that time of day, never below 25 Mbps. The best fit is the cheapest plan at
 * least that fast; "more room" is the cheapest plan faster than that. When no plan is
 * fast enough, the fastest on offer is the best fit and says so.
 */
import type { DataUsage, TimeOfDay } from '../../lib/catalog.ts'

/** Mbps one device needs while doing this (HD streaming with some 4K; a video call each way). */
export const MBPS_PER_DEVICE: Record<DataUsage, number> = {
  'smart-home': 1,
  'browsing-social': 3,
  'online-classes': 5,
  'work-from-home': 8,
  gaming: 10,
  'video-streaming': 15,
}

/** Share of the devices online at the same time. */
export const ONLINE_AT_ONCE: Record<TimeOfDay, number> = {
  evening: 1,
  'all-day': 0.9,
  daytime: 0.7,
  'late-night': 0.5,
}

export const MINIMUM_NEED_MBPS = 25

export type RecommendationAnswers = {
  devices: number
  /** Several may be chosen; none counts as browsing. */
  usages: DataUsage[]
  timeOfDay: TimeOfDay
}

export type PlanFacts = { code: string; speedMbps: number; monthlyFee: number }

export type Recommendation<P extends PlanFacts> = {
  plan: P
  fit: 'best' | 'more-room'
  reasons: string[]
}

export function neededMbps({ devices, usages, timeOfDay }: RecommendationAnswers): number {
  const heaviest = Math.max(MBPS_PER_DEVICE['browsing-social'], ...usages.map((usage) => MBPS_PER_DEVICE[usage]))
  return Math.max(MINIMUM_NEED_MBPS, Math.ceil(devices * heaviest * ONLINE_AT_ONCE[timeOfDay]))
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function usageReason(usage: DataUsage, speed: number): string {
  switch (usage) {
    case 'video-streaming': {
      const in4k = Math.floor(speed / 25)
      return in4k >= 1
        ? `Streams 4K video on ${plural(in4k, 'screen', 'screens')} at once.`
        : `Streams HD video on ${plural(Math.floor(speed / 5), 'screen', 'screens')} at once.`
    }
    case 'gaming':
      return `Fibre keeps game lag low, and a 50 GB game downloads in about ${plural(Math.ceil((50 * 8000) / speed / 60), 'minute', 'minutes')}.`
    case 'work-from-home':
      return 'Video calls stay clear: on fibre, uploads are as fast as downloads.'
    case 'online-classes':
      return 'Online classes and recorded lessons play without buffering.'
    case 'browsing-social':
      return 'Pages and social feeds load at once.'
    case 'smart-home':
      return 'Cameras and smart devices stay connected day and night.'
  }
}

const TIME_REASONS: Record<TimeOfDay, string> = {
  evening: 'Sized for the evening, when the whole household is online.',
  'all-day': 'Sized for a line that is busy from morning to night.',
  daytime: 'Daytime use leaves room to spare when everyone is home.',
  'late-night': 'Late at night few share the line, so it goes further.',
}

function reasonsFor(plan: PlanFacts, answers: RecommendationAnswers, need: number, enough: boolean): string[] {
  const devices = plural(answers.devices, 'device', 'devices')
  const first = enough
    ? `Up to ${plan.speedMbps} Mbps covers the about ${need} Mbps that ${devices} online at once need.`
    : `Our fastest plan here. ${devices} online at once need about ${need} Mbps, so they will share its ${plan.speedMbps} Mbps.`
  const usages: DataUsage[] = answers.usages.length > 0 ? [...new Set(answers.usages)] : ['browsing-social']
  return [first, ...usages.map((usage) => usageReason(usage, plan.speedMbps)), TIME_REASONS[answers.timeOfDay]]
}

const cheapest = <P extends PlanFacts>(plans: P[]) =>
  plans.reduce<P | undefined>(
    (best, plan) =>
      !best ||
      plan.monthlyFee < best.monthlyFee ||
      (plan.monthlyFee === best.monthlyFee && plan.speedMbps > best.speedMbps)
        ? plan
        : best,
    undefined,
  )

/** The best fit, then one with more room when there is one; nothing when no plan is on offer. */
export function recommendPlans<P extends PlanFacts>(
  plans: P[],
  answers: RecommendationAnswers,
): { neededMbps: number; recommendations: Recommendation<P>[] } {
  const need = neededMbps(answers)
  const fast = plans.filter((plan) => plan.speedMbps >= need)
  const fastest = plans.reduce<P | undefined>(
    (top, plan) => (!top || plan.speedMbps > top.speedMbps ? plan : top),
    undefined,
  )
  const best = cheapest(fast) ?? fastest
  if (!best) return { neededMbps: need, recommendations: [] }
  const recommendations: Recommendation<P>[] = [
    { plan: best, fit: 'best', reasons: reasonsFor(best, answers, need, fast.length > 0) },
  ]
  const more = cheapest(plans.filter((plan) => plan.speedMbps > best.speedMbps))
  if (more) {
    recommendations.push({
      plan: more,
      fit: 'more-room',
      reasons: [
        `One step up: ${more.speedMbps} Mbps leaves room for more devices, or 4K, later.`,
        ...reasonsFor(more, answers, need, true).slice(1),
      ],
    })
  }
  return { neededMbps: need, recommendations }
}
