/**
 * Philippine mobile numbers as people write them (issue 33, item 5). Spec 5 keeps a mobile
 * as its 10 digits starting with 8 or 9, shown as (9XX) XXX XXXX beside a +63 prefix. Most
 * people type the number as they dial it: `0917 123 4567`, `+63 917 123 4567`,
 * `639171234567`, `(0917) 123-4567`, `0917.123.4567`. Every mobile field reduces what was
 * typed to the 10 digits first, so spec 5's rule and messages apply to the number itself.
 *
 * Written here rather than taken from libphonenumber-js: the portal knows one country and
 * one kind of number, and this runs in the first-visit bundle, where the parser's metadata
 * (about 80 KB even in its minimal set) would not pay for itself.
 */

/** spec 5: the 10 digits, starting with 8 or 9. */
export const MOBILE_PATTERN = /^[89]\d{9}$/

// What people put between digits: spaces, dashes, dots and brackets.
const SEPARATORS = /[\s().-]/g

/**
 * What was typed, without separators and the country or trunk prefix: '+63 917 123 4567',
 * '639171234567' and '0917-123-4567' all give '9171234567'. Anything else comes back without
 * its separators, for spec 5's rule to refuse with its own message ('abc' stays 'abc').
 */
export function normaliseMobile(raw: string): string {
  const compact = raw.replace(SEPARATORS, '')
  const national = compact.replace(/^\+?63(?=\d{10,11}$)/, '')
  // '+63 0917…' happens too: the trunk 0 after the country code.
  return national.replace(/^0(?=\d{10}$)/, '')
}

/**
 * spec 5 and 9: the digits as (9XX) XXX XXXX, as far as they are typed. Used while a person
 * types (with JavaScript) and wherever a stored number is shown. A leading 0 or 63 is the
 * prefix, never part of the number: no valid number starts with 0 or 6.
 */
export function formatMobile(value: string): string {
  const digits = value
    .replace(/\D/g, '')
    .replace(/^63(?=\d)/, '')
    .replace(/^0(?=\d)/, '')
    .slice(0, 10)
  if (digits.length <= 3) return digits.length ? `(${digits}` : ''
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)} ${digits.slice(6)}`
}

/** A stored number as shown on pages, emails and PDFs: '+63 (917) 123 4567'. */
export function displayMobile(digits: string): string {
  return `+63 ${formatMobile(digits)}`
}

/**
 * The digits of a search that may be part of a mobile number, without a leading trunk 0 or 63
 * (agents search by what they read off a form): '0917-12' → '91712'.
 */
export function mobileSearchDigits(search: string): string {
  return search.replace(/\D/g, '').replace(/^(?:63|0)(?=\d{3})/, '')
}
