/**
 * Control characters in what users send (issue 32, finding 2). A NUL cannot be stored in a
 * Postgres text or jsonb value, so one posted in a street name failed its query (a 503 that
 * logged the applicant's details); the other C0 and C1 controls are never text anyone types.
 * The portal's forms answer them with UNSUPPORTED_CHARACTERS beside the field
 * (app/utils/form.server.ts), and the upstream refuses them in every call before a service
 * sees them (services/validation.ts). docs/security.md, Input.
 */

/** The field message (the spec has none; said as spec 5's messages are, plainly). */
export const UNSUPPORTED_CHARACTERS = 'Please remove unsupported characters.'

// C0 controls (U+0000-U+001F), DEL and the C1 controls (U+0080-U+009F): finding them is the point.
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/
// The same, less tab, line feed and carriage return: what a textarea's text may hold.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/**
 * Whether a value holds a control character it may not: any, in a one-line field; any but tab,
 * line feed and carriage return in a multi-line one (a textarea, and the upstream's JSON values).
 */
export function hasControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? CONTROL_BUT_LINES : ANY_CONTROL).test(value)
}

/**
 * The dotted path of every string (value or key) in a JSON value that holds a control
 * character other than tab, line feed or carriage return ('_form' for the value itself).
 */
export function controlCharacterPaths(value: unknown, at: string[] = [], found: string[] = []): string[] {
  const here = () => (at.length > 0 ? at.join('.') : '_form')
  if (typeof value === 'string') {
    if (hasControlCharacters(value, { multiline: true })) found.push(here())
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterPaths(item, [...at, String(index)], found))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key, { multiline: true })) found.push(here())
      else controlCharacterPaths(item, [...at, key], found)
    }
  }
  return found
}
