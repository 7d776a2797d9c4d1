import { describe, expect, it } from 'vitest'
import type { DataUsage, TimeOfDay } from '../../lib/catalog.ts'
import { neededMbps, recommendPlans } from './recommend.ts'

// The residential line-up's speeds and fees (services/catalog/lineup.ts), two plans at 200 Mbps.
const PLANS = [
  { code: 'p888', speedMbps: 50, monthlyFee: 888 },
  { code: 'p1299', speedMbps: 100, monthlyFee: 1299 },
  { code: 'p1699', speedMbps: 200, monthlyFee: 1699 },
  { code: 'tv1999', speedMbps: 200, monthlyFee: 1999 },
  { code: 'p2499', speedMbps: 500, monthlyFee: 2499 },
  { code: 'p3499', speedMbps: 1000, monthlyFee: 3499 },
]

type Case = {
  name: string
  devices: number
  usages: DataUsage[]
  timeOfDay: TimeOfDay
  need: number
  best: string
  more: string | null
}

const CASES: Case[] = [
  {
    name: 'two phones browsing by day: the floor',
    devices: 2,
    usages: ['browsing-social'],
    timeOfDay: 'daytime',
    need: 25,
    best: 'p888',
    more: 'p1299',
  },
  {
    name: 'no usage chosen counts as browsing',
    devices: 10,
    usages: [],
    timeOfDay: 'evening',
    need: 30,
    best: 'p888',
    more: 'p1299',
  },
  {
    name: 'five streaming in the evening',
    devices: 5,
    usages: ['video-streaming'],
    timeOfDay: 'evening',
    need: 75,
    best: 'p1299',
    more: 'p1699',
  },
  {
    name: 'the heaviest use counts, not the sum',
    devices: 5,
    usages: ['browsing-social', 'video-streaming', 'gaming'],
    timeOfDay: 'evening',
    need: 75,
    best: 'p1299',
    more: 'p1699',
  },
  {
    name: 'late night halves the devices online',
    devices: 8,
    usages: ['gaming'],
    timeOfDay: 'late-night',
    need: 40,
    best: 'p888',
    more: 'p1299',
  },
  {
    name: 'the same eight gamers in the evening',
    devices: 8,
    usages: ['gaming'],
    timeOfDay: 'evening',
    need: 80,
    best: 'p1299',
    more: 'p1699',
  },
  {
    name: 'work from home by day',
    devices: 12,
    usages: ['work-from-home'],
    timeOfDay: 'daytime',
    need: 68,
    best: 'p1299',
    more: 'p1699',
  },
  {
    name: 'the cheaper of two plans of one speed',
    devices: 10,
    usages: ['video-streaming'],
    timeOfDay: 'evening',
    need: 150,
    best: 'p1699',
    more: 'p2499',
  },
  {
    name: 'all day streaming on twenty devices',
    devices: 20,
    usages: ['video-streaming'],
    timeOfDay: 'all-day',
    need: 270,
    best: 'p2499',
    more: 'p3499',
  },
  {
    name: 'the fastest has no step up',
    devices: 40,
    usages: ['video-streaming'],
    timeOfDay: 'evening',
    need: 600,
    best: 'p3499',
    more: null,
  },
  {
    name: 'smart home devices need little',
    devices: 20,
    usages: ['smart-home'],
    timeOfDay: 'all-day',
    need: 54,
    best: 'p1299',
    more: 'p1699',
  },
]

describe('recommendation rules', () => {
  it.each(CASES)('$name', ({ devices, usages, timeOfDay, need, best, more }) => {
    const answers = { devices, usages, timeOfDay }
    expect(neededMbps(answers)).toBe(need)
    const { neededMbps: answered, recommendations } = recommendPlans(PLANS, answers)
    expect(answered).toBe(need)
    expect(recommendations.map((r) => [r.plan.code, r.fit])).toEqual(
      more
        ? [
            [best, 'best'],
            [more, 'more-room'],
          ]
        : [[best, 'best']],
    )
  })

  it('gives plain reasons: the need, each use chosen, and the time of day', () => {
    const [best] = recommendPlans(PLANS, {
      devices: 5,
      usages: ['video-streaming', 'gaming'],
      timeOfDay: 'evening',
    }).recommendations
    expect(best!.reasons).toEqual([
      'Up to 100 Mbps covers the about 75 Mbps that 5 devices online at once need.',
      'Streams 4K video on 4 screens at once.',
      'Fibre keeps game lag low, and a 50 GB game downloads in about 67 minutes.',
      'Sized for the evening, when the whole household is online.',
    ])
  })

  it('says when even the fastest plan is short of the need', () => {
    // Only up to 200 Mbps offered (a region without the faster plans).
    const [best] = recommendPlans(PLANS.slice(0, 4), {
      devices: 20,
      usages: ['video-streaming'],
      timeOfDay: 'evening',
    }).recommendations
    expect(best!.reasons[0]).toBe(
      'Our fastest plan here. 20 devices online at once need about 300 Mbps, so they will share its 200 Mbps.',
    )
  })

  it('the step up says why it is there', () => {
    const [, more] = recommendPlans(PLANS, {
      devices: 1,
      usages: ['work-from-home'],
      timeOfDay: 'daytime',
    }).recommendations
    expect(more!.reasons[0]).toBe('One step up: 100 Mbps leaves room for more devices, or 4K, later.')
    expect(more!.reasons).toContain('Video calls stay clear: on fibre, uploads are as fast as downloads.')
  })

  it('recommends nothing when no plan is offered', () => {
    expect(recommendPlans([], { devices: 3, usages: [], timeOfDay: 'evening' }).recommendations).toEqual([])
  })
})
