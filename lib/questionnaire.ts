/**
 * The recommendation questionnaire's answers (issue 9; spec 7's recommendations call),
 * shared by the catalog service and the portal. Without Zod, so the questionnaire page
 * may import it and stay within the JS budget (lib/catalog.ts re-exports it).
 */

/** The recommendation questionnaire's answers about how the line is used (several may be chosen). */
export const DATA_USAGES = [
  'browsing-social',
  'video-streaming',
  'gaming',
  'work-from-home',
  'online-classes',
  'smart-home',
] as const
export type DataUsage = (typeof DATA_USAGES)[number]

/** When the household is mostly online. */
export const TIMES_OF_DAY = ['daytime', 'evening', 'late-night', 'all-day'] as const
export type TimeOfDay = (typeof TIMES_OF_DAY)[number]

export const MAX_DEVICES = 50
