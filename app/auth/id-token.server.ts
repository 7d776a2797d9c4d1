/**
 * ID token checks (docs/security.md, Sign-in; OpenID Connect Core 3.1.3.7): signature by a
 * key from the issuer's JWKS, issuer, audience, expiry and, at sign-in, the nonce. Only
 * asymmetric algorithms the issuer announces: `none` and HS256 signed with the public key
 * are refused before any key is looked at.
 */
import { decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { z } from 'zod'

const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/

export const IdTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  given_name: z.string().optional(),
  email: z.string().optional(),
  realm_access: z.object({ roles: z.array(z.string()) }).optional(),
  accountNumber: z.array(z.string()).optional(),
  // Linked accounts awaiting proof of ownership: shown as 'needs verification', used for nothing private.
  unverifiedAccountNumber: z.array(z.string()).optional(),
  activeAccountNumber: z.string().nullable().optional(),
  agentCode: z.string().nullable().optional(),
  displayCoachmarks: z.boolean().optional(),
  displayWelcomeBanner: z.boolean().optional(),
  displaySuccessRegistration: z.boolean().optional(),
})
export type IdTokenClaims = z.infer<typeof IdTokenClaimsSchema> & JWTPayload

export class IdTokenError extends Error {
  override name = 'IdTokenError'
}

export type IdTokenExpectations = {
  keys: JWTVerifyGetKey
  issuer: string
  audience: string
  /** The algorithms the issuer announces (discovery); asymmetric ones only are kept. */
  algorithms: readonly string[]
  /**
   * Required at sign-in; a refreshed ID token carries none (OIDC Core 12.2). Several: the nonce
   * as each accepted session secret makes it (a sign-in started before a rotation).
   */
  nonce?: string | readonly string[]
  /** Seconds of clock difference tolerated. */
  clockTolerance?: number
  currentDate?: Date
}

export async function verifyIdToken(token: string, expected: IdTokenExpectations): Promise<IdTokenClaims> {
  const algorithms = expected.algorithms.filter((alg) => ASYMMETRIC.test(alg))
  if (algorithms.length === 0) throw new IdTokenError('the issuer announces no asymmetric signing algorithm')
  let alg: string | undefined
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    throw new IdTokenError('not a JWS')
  }
  if (!alg || !algorithms.includes(alg)) throw new IdTokenError(`algorithm ${String(alg)} is not accepted`)
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, expected.keys, {
      issuer: expected.issuer,
      audience: expected.audience,
      algorithms,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: expected.clockTolerance ?? 30,
      currentDate: expected.currentDate,
    }))
  } catch (error) {
    throw new IdTokenError(`ID token refused: ${(error as Error).message}`)
  }
  if (expected.nonce !== undefined) {
    const accepted: readonly string[] = typeof expected.nonce === 'string' ? [expected.nonce] : expected.nonce
    if (typeof payload.nonce !== 'string' || !accepted.includes(payload.nonce))
      throw new IdTokenError('nonce does not match')
  }
  const claims = IdTokenClaimsSchema.safeParse(payload)
  if (!claims.success) throw new IdTokenError('ID token claims have an unexpected shape')
  return { ...payload, ...claims.data }
}
