/**
 * Which account a billing page or call is about (issue 11): one the user's token lists,
 * chosen with ?account=, else spec 3's default (the active one if listed, else the first).
 * docs/security.md, Access control: any other number is refused here before the upstream
 * is asked, and the upstream refuses it again against the bearer token.
 */
import type { IdTokenClaims } from '~/auth/id-token.server'
import { defaultAccountNumber } from '~/features/own-account/accounts'

export type ChosenAccount =
  | { kind: 'none'; accountNumbers: string[] }
  | { kind: 'refused'; accountNumbers: string[]; asked: string }
  | { kind: 'own'; accountNumbers: string[]; accountNumber: string }

export function chooseAccount(claims: IdTokenClaims, asked: string | null): ChosenAccount {
  const accountNumbers = claims.accountNumber ?? []
  if (asked !== null && asked !== '') {
    return accountNumbers.includes(asked)
      ? { kind: 'own', accountNumbers, accountNumber: asked }
      : { kind: 'refused', accountNumbers, asked }
  }
  const fallback = defaultAccountNumber(accountNumbers, claims.activeAccountNumber)
  return fallback ? { kind: 'own', accountNumbers, accountNumber: fallback } : { kind: 'none', accountNumbers }
}
