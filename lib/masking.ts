/**
 * Masking of a person's contact for display (spec 9: email masking keeps the first and
 * last character of the local part; spec 9's phone format groups 3-3-4, of which only the
 * last four digits show). Used where the portal must say where something was sent without
 * telling the reader the address: ownership-proof codes (services/otp), the profile, the
 * status page's code, the agent's sent PDFs and links, referrals. The only copy (issue 33).
 */
import { normaliseMobile } from './mobile.ts'

/** 'liza.santos@example.org' → 'l*********s@example.org'; a one- or two-character local part keeps its first. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '*'.repeat(Math.max(email.length, 1))
  const local = email.slice(0, at)
  const domain = email.slice(at)
  if (local.length <= 2) return `${local[0]}${'*'.repeat(local.length - 1 || 1)}${domain}`
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}${domain}`
}

/** '9170000103' → '*** *** 0103' (the 3-3-4 groups, last four shown); anything shorter shows only its last digits. */
export function maskMobile(mobile: string): string {
  const digits = normaliseMobile(mobile).replace(/\D/g, '')
  if (digits.length < 7) return `*** ${digits.slice(-2)}`
  return `*** *** ${digits.slice(-4)}`
}
