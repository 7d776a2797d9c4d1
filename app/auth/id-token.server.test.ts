import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyIdToken, type IdTokenExpectations } from './id-token.server'

const ISSUER = 'http://localhost:3000/realms/hibla'
const AUDIENCE = 'hibla-portal'
let expectations: IdTokenExpectations
let sign: (claims: Record<string, unknown>, header?: Record<string, unknown>) => Promise<string>
let publicJwk: JWK

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  publicJwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  expectations = {
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    issuer: ISSUER,
    audience: AUDIENCE,
    algorithms: ['RS256', 'none', 'HS256'],
    nonce: 'n-123',
  }
  const now = Math.floor(Date.now() / 1000)
  sign = (claims, header = {}) =>
    new SignJWT({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: 'user-1',
      iat: now,
      exp: now + 300,
      nonce: 'n-123',
      realm_access: { roles: ['base'] },
      given_name: 'ANA',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', ...header } as { alg: string })
      .sign(privateKey)
})

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('ID token verification', () => {
  it('accepts a token signed by the issuer, for this client, with the sign-in nonce', async () => {
    const claims = await verifyIdToken(await sign({}), expectations)
    expect(claims.sub).toBe('user-1')
    expect(claims.realm_access?.roles).toEqual(['base'])
  })

  it('refuses alg none, even though the issuer lists it', async () => {
    const unsigned = `${b64({ alg: 'none' })}.${b64({ iss: ISSUER, aud: AUDIENCE, sub: 'x', nonce: 'n-123', exp: 9999999999, iat: 1 })}.`
    await expect(verifyIdToken(unsigned, expectations)).rejects.toThrow('algorithm none is not accepted')
  })

  it('refuses HS256 signed with the public key as the secret', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk))
    const forged = await new SignJWT({ nonce: 'n-123' })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret)
    await expect(verifyIdToken(forged, expectations)).rejects.toThrow('algorithm HS256 is not accepted')
  })

  it('refuses a token signed by another key', async () => {
    const other = await generateKeyPair('RS256')
    const token = await new SignJWT({ nonce: 'n-123' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(other.privateKey)
    await expect(verifyIdToken(token, expectations)).rejects.toThrow('signature verification failed')
  })

  it('refuses another audience', async () => {
    await expect(verifyIdToken(await sign({ aud: 'another-client' }), expectations)).rejects.toThrow('"aud"')
  })

  it('refuses another issuer', async () => {
    await expect(verifyIdToken(await sign({ iss: 'https://evil.example/realms/hibla' }), expectations)).rejects.toThrow(
      '"iss"',
    )
  })

  it('refuses another nonce (a token from another sign-in)', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'someone-else' }), expectations)).rejects.toThrow(
      'nonce does not match',
    )
  })

  it('accepts the nonce as any accepted session secret makes it (a sign-in started before a rotation), and no other', async () => {
    const rotated = { ...expectations, nonce: ['n-after-rotation', 'n-123'] }
    await expect(verifyIdToken(await sign({}), rotated)).resolves.toMatchObject({ sub: 'user-1' })
    await expect(verifyIdToken(await sign({ nonce: 'someone-else' }), rotated)).rejects.toThrow('nonce does not match')
  })

  it('refuses an expired token', async () => {
    const later = new Date(Date.now() + 60 * 60_000)
    await expect(verifyIdToken(await sign({}), { ...expectations, currentDate: later })).rejects.toThrow('"exp"')
  })

  it('skips the nonce only when none is expected (refreshed tokens)', async () => {
    const { nonce: _nonce, ...withoutNonce } = expectations
    await expect(verifyIdToken(await sign({ nonce: undefined }), withoutNonce)).resolves.toMatchObject({
      sub: 'user-1',
    })
    await expect(verifyIdToken(await sign({ nonce: undefined }), expectations)).rejects.toThrow('nonce does not match')
  })
})
