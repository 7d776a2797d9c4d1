/**
 * The recommendation questionnaire's answers as its GET form sends them (issue 9; spec 1,
 * 7): `/plans/recommend?region=13&devices=5&usage=gaming&usage=video-streaming&timeOfDay=evening`,
 * so a set of recommendations is a URL to share. Pure and without Zod: the page's module
 * graph may import it (the JS budget), and its rules are a table of cases
 * (recommend-query.test.ts).
 */
import { DATA_USAGES, MAX_DEVICES, TIMES_OF_DAY, type DataUsage, type TimeOfDay } from '../../../lib/questionnaire'
import { RECOMMEND_TEXT } from './texts'

export const RECOMMEND_PATH = '/plans/recommend'

/** What the form shows: the answers as sent (the form comes back filled in). */
export type RecommendForm = { region: string; devices: string; usages: string[]; timeOfDay: string }

export type RecommendErrors = Partial<Record<'region' | 'devices' | 'usage' | 'timeOfDay', string>>

export type RecommendAnswers = {
  /** undefined: the region was skipped (every plan of the category counts). */
  region: string | undefined
  devices: number
  usages: DataUsage[]
  timeOfDay: TimeOfDay
}

export type RecommendQuery =
  | { asked: false; form: RecommendForm }
  | { asked: true; form: RecommendForm; errors: RecommendErrors; answers: null }
  | { asked: true; form: RecommendForm; errors: Record<string, never>; answers: RecommendAnswers }

const FIELDS = ['region', 'devices', 'usage', 'timeOfDay'] as const

const isUsage = (value: string): value is DataUsage => (DATA_USAGES as readonly string[]).includes(value)
const isTime = (value: string): value is TimeOfDay => (TIMES_OF_DAY as readonly string[]).includes(value)

/**
 * The answers in a questionnaire URL. Nothing asked (no field in the query) is not an
 * error: the page shows the form, its region the visitor's serviceability region when
 * known. An empty region is "skip": recommendations from every region's plans.
 */
export function readRecommendQuery(params: URLSearchParams, draftRegion?: string): RecommendQuery {
  const asked = FIELDS.some((name) => params.has(name))
  const usages = [...new Set(params.getAll('usage'))]
  const form: RecommendForm = {
    region: asked ? (params.get('region') ?? '').trim() : (draftRegion ?? ''),
    devices: (params.get('devices') ?? '').trim().slice(0, 10),
    usages,
    timeOfDay: params.get('timeOfDay') ?? '',
  }
  if (!asked) return { asked: false, form }

  const errors: RecommendErrors = {}
  if (form.region !== '' && !/^\d{2}$/.test(form.region)) errors.region = RECOMMEND_TEXT.errors.region
  const devices = /^\d{1,3}$/.test(form.devices) ? Number(form.devices) : NaN
  if (!(devices >= 1 && devices <= MAX_DEVICES)) errors.devices = RECOMMEND_TEXT.errors.devices(MAX_DEVICES)
  if (!usages.every(isUsage)) errors.usage = RECOMMEND_TEXT.errors.usage
  if (!isTime(form.timeOfDay)) errors.timeOfDay = RECOMMEND_TEXT.errors.timeOfDay
  if (Object.keys(errors).length > 0 || !isTime(form.timeOfDay)) return { asked: true, form, errors, answers: null }
  return {
    asked: true,
    form,
    errors: {},
    answers: {
      region: form.region || undefined,
      devices,
      usages: usages.filter(isUsage),
      timeOfDay: form.timeOfDay,
    },
  }
}
