/**
 * spec 4: "Email verification uses a different service when the reference starts with OO
 * versus CVG." The id of /verifyEmail/{id} names its service: `OO-` or `CVG-` followed by
 * the link's token go to the applications' two services; anything else is a registration
 * token (identity). The prefix includes its hyphen and the token has a fixed length, so a
 * registration token (43 characters, no prefix) is never mistaken for one (docs/decisions/0033).
 */
import type { VerificationKind } from '../../../lib/application-status-words'

export type VerificationRoute =
  { service: 'application'; kind: VerificationKind; token: string } | { service: 'registration'; token: string }

const APPLICATION_ID = /^(OO|CVG)-([A-Za-z0-9_-]{43})$/

export function verificationRoute(id: string | undefined): VerificationRoute {
  const match = APPLICATION_ID.exec(id ?? '')
  if (match) return { service: 'application', kind: match[1] as VerificationKind, token: match[2]! }
  // An id that starts like an application's but is malformed is still not a registration token.
  if (/^(OO|CVG)-/.test(id ?? ''))
    return { service: 'application', kind: id!.startsWith('OO') ? 'OO' : 'CVG', token: '' }
  return { service: 'registration', token: id ?? '' }
}
