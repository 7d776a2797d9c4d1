/**
 * The provider's signing keys, kept in the database so tokens stay verifiable across
 * restarts and across processes. The newest key signs; older ones stay in the JWKS
 * so tokens they signed still verify until they expire.
 */
import crypto from 'node:crypto'
import { desc, sql } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Database } from '../../db/client.ts'
import { oidcSigningKeys } from './tables.ts'

// RS256: what Keycloak signs with by default, so every relying party that works with
// Keycloak verifies ours too.
const ALGORITHM = 'RS256'

export type SigningJwk = JWK & { kid: string; alg: string; use: 'sig' }

async function newSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: crypto.randomBytes(16).toString('base64url'), alg: ALGORITHM, use: 'sig' }
}

const PUBLIC_RSA_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e'] as const

/**
 * Every signing key's public members, for verifying the tokens they signed (services/bearer.ts,
 * storedKeys): the gateway's bearer check and the userinfo endpoint.
 */
export async function publicSigningKeys(db: Database): Promise<JWK[]> {
  const rows = await db.select({ jwk: oidcSigningKeys.jwk }).from(oidcSigningKeys)
  return rows.map(
    ({ jwk }) =>
      Object.fromEntries(
        PUBLIC_RSA_MEMBERS.flatMap((name) => ((jwk as JWK)[name] === undefined ? [] : [[name, (jwk as JWK)[name]]])),
      ) as JWK,
  )
}

/** Newest first: oidc-provider signs with the first key of a kind. */
async function listKeys(db: Database): Promise<SigningJwk[]> {
  const rows = await db
    .select()
    .from(oidcSigningKeys)
    .orderBy(desc(oidcSigningKeys.createdAt), desc(oidcSigningKeys.kid))
  return rows.map((row) => row.jwk as SigningJwk)
}

/**
 * The keys to start the provider with; creates the first one on the first start. The
 * lock makes two processes starting together on one database agree on one key.
 */
export async function loadSigningKeys(db: Database): Promise<SigningJwk[]> {
  const existing = await listKeys(db)
  if (existing.length > 0) return existing
  const key = await newSigningKey()
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('oidc.signing_keys'))`)
    const [any] = await tx.select({ kid: oidcSigningKeys.kid }).from(oidcSigningKeys).limit(1)
    if (!any) await tx.insert(oidcSigningKeys).values({ kid: key.kid, jwk: key, createdAt: new Date() })
  })
  return listKeys(db)
}

/**
 * Adds a new signing key in front of the others. Providers started afterwards sign
 * with it; the old keys stay published for verification. Returns the new key's id.
 */
export async function rotateSigningKey(db: Database, now: Date = new Date()): Promise<string> {
  const key = await newSigningKey()
  await db.insert(oidcSigningKeys).values({ kid: key.kid, jwk: key, createdAt: now })
  return key.kid
}
