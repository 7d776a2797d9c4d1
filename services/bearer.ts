/**
 * Who is calling (docs/security.md, Access control; docs/decisions/0013). Calls made for a
 * signed-in user carry their access token as a bearer token: a JWT from the realm's
 * issuer, for the upstream's audience, with Keycloak's claims. The gateway verifies it
 * against the issuer's keys and hands the routes a `Caller`. What a caller may touch is
 * decided from the token alone: an account number outside its `accountNumber` list is
 * refused before any service looks at it.
 */
import type { MiddlewareHandler } from 'hono'
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose'
import { z } from 'zod'
import { ServiceError } from './errors.ts'

export type Caller = {
  sub: string
  roles: string[]
  accountNumbers: string[]
  /** Linked but not proven: the caller may prove or unlink them, nothing else. */
  unverifiedAccountNumbers: string[]
  activeAccountNumber: string | null
  agentCode: string | null
}

export type AccessTokenVerifier = (token: string) => Promise<Caller>

// Keycloak writes a single-valued attribute as a string and a multivalued one as a list.
const listOf = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((value) => (value == null ? [] : Array.isArray(value) ? value : [value]))

const CallerClaimsSchema = z.object({
  sub: z.string().min(1),
  realm_access: z.object({ roles: z.array(z.string()) }).nullish(),
  accountNumber: listOf,
  unverifiedAccountNumber: listOf,
  activeAccountNumber: z.string().nullish(),
  agentCode: z.string().nullish(),
})

// Asymmetric only: a token signed with a shared secret ("HS256") or none is never accepted.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']

export function createAccessTokenVerifier(options: {
  issuer: string
  audience: string
  keys: JWTVerifyGetKey
}): AccessTokenVerifier {
  return async (token) => {
    let payload: unknown
    try {
      ;({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        // Real time, like the provider that stamped the token, whatever clock the services run on.
        clockTolerance: 30,
        requiredClaims: ['exp', 'sub'],
      }))
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw invalidToken()
      throw error
    }
    const claims = CallerClaimsSchema.safeParse(payload)
    if (!claims.success) throw invalidToken()
    return {
      sub: claims.data.sub,
      roles: claims.data.realm_access?.roles ?? [],
      accountNumbers: claims.data.accountNumber,
      unverifiedAccountNumbers: claims.data.unverifiedAccountNumber,
      activeAccountNumber: claims.data.activeAccountNumber ?? null,
      agentCode: claims.data.agentCode ?? null,
    }
  }
}

export function invalidToken() {
  return new ServiceError(401, 'invalid_token', 'The access token is missing, expired or not valid here.')
}

/** The issuer's published keys (Keycloak's `certs` endpoint), fetched and cached by jose. */
export function remoteKeys(issuer: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`))
}

const RELOAD_AT_MOST_EVERY_MS = 10_000

/**
 * The embedded provider's keys, as `readKeys` answers them (the identity service's
 * publicSigningKeys, from the database it keeps them in: public members only). A token naming
 * a key not seen yet makes it read again: at once for a key id it has not looked for before (a
 * rotation), else at most every ten seconds, so made-up key ids cannot make every request a
 * database read.
 */
export function storedKeys(readKeys: () => Promise<JWK[]>): JWTVerifyGetKey {
  let current: { keys: JWTVerifyGetKey; kids: Set<string>; readAt: number } | undefined
  const lookedFor = new Set<string>()
  async function read() {
    const keys = await readKeys()
    const set: JSONWebKeySet = { keys }
    current = { keys: createLocalJWKSet(set), kids: new Set(keys.map((key) => key.kid!)), readAt: Date.now() }
    return current
  }
  return async (header, token) => {
    let known = current ?? (await read())
    const kid = header.kid
    if (kid && !known.kids.has(kid)) {
      const firstLook = !lookedFor.has(kid) && lookedFor.size < 100
      if (firstLook || Date.now() - known.readAt > RELOAD_AT_MOST_EVERY_MS) {
        lookedFor.add(kid)
        known = await read()
      }
    }
    return known.keys(header, token)
  }
}

export type BearerEnv = { Variables: { caller: Caller } }

/** Route middleware: 401 without a valid bearer token; otherwise `c.var.caller`. */
export function requireCaller(verify: AccessTokenVerifier): MiddlewareHandler<BearerEnv> {
  return async (c, next) => {
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(c.req.header('authorization') ?? '')
    if (!match) throw invalidToken()
    c.set('caller', await verify(match[1]!))
    await next()
  }
}

export type OptionalBearerEnv = { Variables: { caller: Caller | null } }

/**
 * Route middleware for calls a visitor may make and a signed-in user makes as themselves
 * (drafts): `c.var.caller` is null without an Authorization header; a header that is there
 * must hold a valid token (401 otherwise), never silently read as anonymous.
 */
export function optionalCaller(verify: AccessTokenVerifier): MiddlewareHandler<OptionalBearerEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization')
    if (header === undefined) {
      c.set('caller', null)
      return next()
    }
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header)
    if (!match) throw invalidToken()
    c.set('caller', await verify(match[1]!))
    await next()
  }
}

/**
 * docs/security.md, Access control: an account number the caller's token does not list is
 * refused. Unproven links (`unverifiedAccountNumber`) are not listed there: they pass only
 * requireLinkedAccount, for unlinking.
 */
export function requireOwnAccount(caller: Caller, accountNumber: string): void {
  if (!caller.accountNumbers.includes(accountNumber)) {
    throw new ServiceError(403, 'account_not_linked', 'This account is not linked to you.')
  }
}

/** Linked to the caller, proven or not: for unlinking only (docs/security.md, Ownership proof). */
export function requireLinkedAccount(caller: Caller, accountNumber: string): void {
  if (!caller.accountNumbers.includes(accountNumber) && !caller.unverifiedAccountNumbers.includes(accountNumber)) {
    throw new ServiceError(403, 'account_not_linked', 'This account is not linked to you.')
  }
}
