/**
 * Dates on the consent and profile pages: the notifications format of spec 9
 * ('MMMM dd, yyyy • hh:mm aa'), in the Philippines' time zone whatever the server's.
 */
export function formatWhen(iso: string): string {
  const date = new Date(iso)
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', ...options }).format(date)
  const time = part({ hour: '2-digit', minute: '2-digit', hour12: true })
  return `${part({ month: 'long' })} ${part({ day: '2-digit' })}, ${part({ year: 'numeric' })} • ${time}`
}
