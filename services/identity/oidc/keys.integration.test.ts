/**
 * Signing keys: generated once, kept in the database across provider instances, and
 * rotated by adding a newer key while the old ones still verify.
 */
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase } from '../../testing.ts'
import { fakeDirectory, fakeUser } from './fake-directory.ts'
import { loadSigningKeys, rotateSigningKey } from './keys.ts'
import {
  CookieJar,
  pkcePair,
  startIdentityTestServer,
  type IdentityTestServer,
} from '../../../tests/support/identity-provider.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

const user = fakeUser()
const directory = fakeDirectory([user])

async function publishedKids(op: IdentityTestServer) {
  const { keys } = await (await fetch(op.endpoint('jwks'))).json()
  return (keys as { kid: string }[]).map((key) => key.kid)
}

/** An ID token from a real sign-in on this provider instance. */
async function idTokenFrom(op: IdentityTestServer) {
  const jar = new CookieJar()
  const pkce = pkcePair()
  const authorize = new URL(op.endpoint('authorization'))
  const params = {
    client_id: op.config.oidc.clientId,
    redirect_uri: `${op.base}/login/callback`,
    response_type: 'code',
    scope: 'openid',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  }
  for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value)
  const start = await jar.fetch(authorize.toString())
  const login = await jar.fetch(new URL(start.headers.get('location')!, op.base).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  })
  const resume = await jar.fetch(new URL(login.headers.get('location')!, op.base).toString())
  const code = new URL(resume.headers.get('location')!).searchParams.get('code')!
  const token = await fetch(op.endpoint('token'), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${op.config.oidc.clientId}:${op.config.oidc.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce.verifier,
      redirect_uri: params.redirect_uri,
    }),
  })
  return ((await token.json()) as { id_token: string }).id_token
}

describe('signing keys', () => {
  it('are generated once and kept: a second provider on the same database publishes the same key', async () => {
    const first = await startIdentityTestServer(database, directory)
    const firstKids = await publishedKids(first)
    const idToken = await idTokenFrom(first)
    await first.close()

    const second = await startIdentityTestServer(database, directory)
    try {
      expect(firstKids).toHaveLength(1)
      expect(await publishedKids(second)).toEqual(firstKids)
      // A token the first instance signed verifies against the second one's keys.
      const jwks = createLocalJWKSet(await (await fetch(second.endpoint('jwks'))).json())
      await expect(jwtVerify(idToken, jwks, { audience: second.config.oidc.clientId })).resolves.toBeTruthy()
    } finally {
      await second.close()
    }
  })

  it('rotate: the new key signs after a restart, the old one stays published and verifies older tokens', async () => {
    const before = await startIdentityTestServer(database, directory)
    const oldToken = await idTokenFrom(before)
    const oldKid = decodeProtectedHeader(oldToken).kid
    await before.close()

    const newKid = await rotateSigningKey(database.db)
    expect(newKid).not.toBe(oldKid)

    const after = await startIdentityTestServer(database, directory)
    try {
      expect(await publishedKids(after)).toEqual([newKid, oldKid])
      const newToken = await idTokenFrom(after)
      expect(decodeProtectedHeader(newToken).kid).toBe(newKid)
      const jwks = createLocalJWKSet(await (await fetch(after.endpoint('jwks'))).json())
      await expect(jwtVerify(oldToken, jwks, { audience: after.config.oidc.clientId })).resolves.toBeTruthy()
      await expect(jwtVerify(newToken, jwks, { audience: after.config.oidc.clientId })).resolves.toBeTruthy()
    } finally {
      await after.close()
    }
  })

  it('a token signed with another key under a published kid does not verify (the checks above can fail)', async () => {
    const [signing] = await loadSigningKeys(database.db)
    const { privateKey: stranger } = await generateKeyPair('RS256')
    const forged = await new SignJWT({ sub: user.id })
      .setProtectedHeader({ alg: 'RS256', kid: signing!.kid })
      .sign(stranger)
    const op = await startIdentityTestServer(database, directory)
    try {
      const jwks = createLocalJWKSet(await (await fetch(op.endpoint('jwks'))).json())
      await expect(jwtVerify(forged, jwks)).rejects.toThrow(/signature/)
    } finally {
      await op.close()
    }
  })
})
