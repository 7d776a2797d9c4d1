/**
 * Keycloak's userinfo, answering the access tokens this provider issues. Those are JWTs
 * for the upstream (decision 0013), which oidc-provider's own userinfo refuses: it knows
 * only the opaque tokens it stores, for no resource. Keycloak answers its realm's access
 * tokens there, and a relying party that follows discovery expects the same. This one
 * verifies the token as the gateway does (a published key, the issuer, the upstream's
 * audience, expiry, asymmetric algorithms only), asks for the `openid` scope as Keycloak
 * does, and answers the user's current claims: the ID token's, as Keycloak maps every
 * attribute to both.
 */
import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import type { Middleware } from 'koa'
import type { IdentityClaims } from './directory-contract.ts'

export type UserinfoOptions = {
  issuer: string
  audience: string
  keys: JWTVerifyGetKey
  claimsOf: (sub: string) => Promise<IdentityClaims | undefined>
}

// The provider signs with RS256 (keys.ts); a token signed with a shared secret or none is refused.
const ALGORITHMS = ['RS256']

export function userinfo(path: string, { issuer, audience, keys, claimsOf }: UserinfoOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next()
    ctx.set('cache-control', 'no-store')
    const refuse = (description: string) => {
      ctx.status = 401
      ctx.set('www-authenticate', `Bearer realm="${issuer}", error="invalid_token", error_description="${description}"`)
      ctx.body = { error: 'invalid_token', error_description: description }
    }
    // RFC 6750 section 2.1, the one way every resource server must accept.
    const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(ctx.get('authorization'))?.[1]
    if (!token) return refuse('no bearer access token')
    let sub: string | undefined
    let scope: unknown
    try {
      ;({
        payload: { sub, scope },
      } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        typ: 'at+jwt',
        requiredClaims: ['exp', 'sub'],
      }))
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return refuse('access token not valid here')
      throw error
    }
    if (typeof scope !== 'string' || !scope.split(' ').includes('openid'))
      return refuse('access token missing openid scope')
    const claims = await claimsOf(sub!)
    if (!claims) return refuse('no such user')
    ctx.body = claims
  }
}
