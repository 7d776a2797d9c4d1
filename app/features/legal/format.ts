const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * '2020-07-27' → 'July 27, 2020'. A date the CMS sends in another form is shown as it
 * came rather than guessed at; an empty one is left out.
 */
export function formatLastUpdated(value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(trimmed)
  if (!iso) return trimmed
  const date = new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])))
  return Number.isNaN(date.getTime()) ? trimmed : LONG_DATE.format(date)
}
