/** Days as the Philippines reads them (UTC+8, no daylight saving): AutoPay charges by the Manila calendar. */

/** The Manila date of an instant, 'YYYY-MM-DD'. */
export function manilaDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD' plus whole days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}
