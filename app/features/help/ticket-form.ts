/**
 * The concern and after-sales forms' rules, apart from any request (unit-tested): reading
 * the posted fields, the cascade (a sub-type belongs to its concern type; changing the
 * type clears it: docs/architecture.md, 4), and validation with the schemas the support
 * service applies again (lib/support.ts), plus the portal's own check that the account is
 * one of the user's verified ones (docs/security.md, Access control).
 */
import {
  AfterSalesTicketSchema,
  ConcernSchema,
  SubmissionKeySchema,
  SUPPORT_MESSAGES,
  type AfterSalesTicket,
  type Concern,
} from '../../../lib/support'

export type ConcernValues = { accountNumber: string; concernType: string; subType: string; description: string }
export type AfterSalesValues = { accountNumber: string; afterSalesType: string; description: string }
export type FieldErrors = Partial<Record<string, string[]>>

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

export const readConcernValues = (form: FormData): ConcernValues => ({
  accountNumber: text(form, 'accountNumber').trim(),
  concernType: text(form, 'concernType').trim(),
  subType: text(form, 'subType').trim(),
  description: text(form, 'description').slice(0, 5000),
})

export const readAfterSalesValues = (form: FormData): AfterSalesValues => ({
  accountNumber: text(form, 'accountNumber').trim(),
  afterSalesType: text(form, 'afterSalesType').trim(),
  description: text(form, 'description').slice(0, 5000),
})

/** The form's one-time key (the Idempotency-Key), or null when missing or malformed. */
export function readSubmissionKey(form: FormData): string | null {
  const parsed = SubmissionKeySchema.safeParse(form.get('submissionKey'))
  return parsed.success ? parsed.data : null
}

/** The cascade: a sub-type that is not one of the chosen type's is cleared. */
export function reconcileSubType(values: ConcernValues, subTypeCodes: readonly string[]): ConcernValues {
  return subTypeCodes.includes(values.subType) ? values : { ...values, subType: '' }
}

/** The account a form starts with: the only one, else the default (spec 3), else none. */
export function initialAccount(accountNumbers: readonly string[], defaultAccount: string | null): string {
  if (accountNumbers.length === 1) return accountNumbers[0]!
  return defaultAccount && accountNumbers.includes(defaultAccount) ? defaultAccount : ''
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

function check<T>(
  result:
    { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
  accountNumber: string,
  accountNumbers: readonly string[],
): Checked<T> {
  const errors: FieldErrors = {}
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '_form')
      ;(errors[name] ??= []).push(issue.message)
    }
  }
  // Checked here first: an account not among the user's verified ones never reaches the upstream.
  if (!errors.accountNumber && accountNumber && !accountNumbers.includes(accountNumber)) {
    errors.accountNumber = [SUPPORT_MESSAGES.notYourAccount]
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors }
  return { ok: true, value: result.data }
}

export function checkConcern(values: ConcernValues, accountNumbers: readonly string[]): Checked<Concern> {
  return check(ConcernSchema.safeParse(values), values.accountNumber, accountNumbers)
}

export function checkAfterSales(
  values: AfterSalesValues,
  accountNumbers: readonly string[],
): Checked<AfterSalesTicket> {
  return check(AfterSalesTicketSchema.safeParse(values), values.accountNumber, accountNumbers)
}
