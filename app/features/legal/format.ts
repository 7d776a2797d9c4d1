import { formatDate } from '../../../lib/dates'

/**
 * The CMS's last-updated date, '2020-07-27' → 'July 27, 2020' (lib/dates.ts's date): the
 * date the CMS wrote, whatever time or zone follows it. A date the CMS sends in another form
 * is shown as it came rather than guessed at; an empty one is left out.
 */
export function formatLastUpdated(value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(trimmed)
  return iso ? formatDate(iso[0], 'date') : trimmed
}
