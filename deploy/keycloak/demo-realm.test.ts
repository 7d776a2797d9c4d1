import fs from 'node:fs'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyIdToken, type IdTokenClaims } from '../../app/auth/id-token.server'
import { defaultAccountNumber } from '../../app/features/own-account/accounts'
import { loadConfig } from '../../lib/env'
import {
  BASE_REALM_FILE,
  DEMO_MARK,
  DEMO_REALM_FILE,
  demoRealmText,
  type KeycloakUser,
} from '../../scripts/keycloak-demo-realm'
import { createAccessTokenVerifier, type Caller } from '../../services/bearer'
import { DEMO_USERS, type DemoUser } from '../../services/identity/demo-users'
import { demoUserRow } from '../../services/identity/seed'
import { claimsFor, toIdentityUser } from '../../services/identity/users'

// The demo realm (issue 36, item 4): the base realm plus the embedded demo's users, so a demo
// deployment on Keycloak (compose.demo.yaml) signs in the same people, with the same passwords,
// and gives the portal and the upstream the same roles and claims as the embedded provider.
// No Keycloak runs here: the realm's own mappers are applied to each user as Keycloak applies
// them, the tokens signed, and read by the portal's and the upstream's own readers.

type Mapper = { name: string; protocolMapper: string; config: Record<string, string> }
type Client = { clientId: string; protocolMappers: Mapper[] }
type Role = { name: string; composite?: boolean }
type Realm = {
  realm: string
  displayName: string
  displayNameHtml?: string
  passwordPolicy: string
  roles: { realm: Role[] }
  clients: Client[]
  users?: KeycloakUser[]
}

const base = JSON.parse(fs.readFileSync(BASE_REALM_FILE, 'utf8')) as Realm
const demo = JSON.parse(fs.readFileSync(DEMO_REALM_FILE, 'utf8')) as Realm
const client = demo.clients[0]!
const users = demo.users ?? []
const config = loadConfig({ DATA_DIR: fs.mkdtempSync('/tmp/demo-realm-test-') })
const issuer = `http://sso.localhost:8081/realms/${demo.realm}`

/** Sets a claim by Keycloak's dotted claim name (`realm_access.roles`). */
function setClaim(claims: Record<string, unknown>, name: string, value: unknown) {
  const parts = name.split('.')
  let node = claims
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>
  node[parts.at(-1)!] = value
}

/**
 * The claims Keycloak puts in a token for this user through the realm's client: the standard
 * claims of the profile and email scopes, then each protocol mapper that is on for the token.
 * A mapper type not simulated here fails the test rather than being skipped.
 */
function keycloakClaims(user: KeycloakUser, token: 'id' | 'access'): JWTPayload {
  const claims: Record<string, unknown> = {
    sub: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    given_name: user.firstName,
    family_name: user.lastName,
    preferred_username: user.username,
  }
  const audience = token === 'id' ? [client.clientId] : []
  for (const mapper of client.protocolMappers) {
    if (mapper.config[`${token}.token.claim`] !== 'true') continue
    if (mapper.protocolMapper === 'oidc-usermodel-attribute-mapper') {
      const values = user.attributes[mapper.config['user.attribute']!] ?? []
      if (values.length === 0) continue
      const typed = values.map((value) => (mapper.config['jsonType.label'] === 'boolean' ? value === 'true' : value))
      setClaim(claims, mapper.config['claim.name']!, mapper.config.multivalued === 'true' ? typed : typed[0])
    } else if (mapper.protocolMapper === 'oidc-usermodel-realm-role-mapper') {
      const composite = demo.roles.realm.filter((role) => role.composite && user.realmRoles.includes(role.name))
      expect(composite, 'composite roles are not simulated').toEqual([])
      setClaim(claims, mapper.config['claim.name']!, [...user.realmRoles])
    } else if (mapper.protocolMapper === 'oidc-audience-mapper') {
      audience.push(mapper.config['included.custom.audience']!)
    } else {
      throw new Error(`mapper ${mapper.name} (${mapper.protocolMapper}) is not simulated: teach this test its claims`)
    }
  }
  return { ...claims, aud: audience }
}

/** What the embedded provider puts in its tokens for the user the identity seed writes. */
function embeddedClaims(user: DemoUser, token: 'id' | 'access'): JWTPayload {
  const claims = claimsFor(toIdentityUser({ ...demoUserRow(user, '', new Date(0)), id: user.id! }))
  return { ...claims, aud: token === 'id' ? config.oidc.clientId : config.oidc.audience }
}

/** What the portal makes of an ID token's claims, read as its features read them. */
function portalView(claims: IdTokenClaims) {
  const accountNumber = claims.accountNumber ?? []
  return {
    sub: claims.sub,
    email: claims.email,
    givenName: claims.given_name,
    roles: [...(claims.realm_access?.roles ?? [])].sort(),
    accountNumber,
    unverifiedAccountNumber: claims.unverifiedAccountNumber ?? [],
    defaultAccountNumber: defaultAccountNumber(accountNumber, claims.activeAccountNumber),
    agentCode: claims.agentCode ?? null,
    displayCoachmarks: claims.displayCoachmarks !== false,
    displayWelcomeBanner: claims.displayWelcomeBanner !== false,
    displaySuccessRegistration: claims.displaySuccessRegistration !== false,
  }
}

const sortedRoles = (caller: Caller) => ({ ...caller, roles: [...caller.roles].sort() })

let sign: (claims: JWTPayload) => Promise<string>
let keys: JWTVerifyGetKey

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'ES256' }] })
  sign = (claims) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'k' })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey)
})

describe('Keycloak demo realm', () => {
  it('is exactly what npm run keycloak:demo-realm makes of the base realm and the demo users', () => {
    expect(fs.readFileSync(DEMO_REALM_FILE, 'utf8')).toBe(demoRealmText())
  })

  it('is the base realm, marked as a demo, plus users: the base realm holds none', () => {
    expect(base.users).toBeUndefined()
    const { users: _users, displayName, displayNameHtml, ...rest } = demo
    const { displayName: baseName, ...baseRest } = base
    expect(rest).toEqual(baseRest)
    expect(displayName).toBe(`${baseName} ${DEMO_MARK}`)
    expect(displayNameHtml).toContain(DEMO_MARK)
    expect(DEMO_MARK).toMatch(/^DEMO: published passwords/)
  })

  it('holds every embedded demo user, under the seed id, with the published password, marked as demo', () => {
    expect(users.map((user) => user.email)).toEqual(DEMO_USERS.map((user) => user.email))
    for (const [index, user] of users.entries()) {
      const seeded = DEMO_USERS[index]!
      expect(user.id).toBe(seeded.id)
      expect(user.username).toBe(seeded.email)
      expect(user.email).toMatch(/@example\.com$/)
      expect({ email: user.email, enabled: user.enabled, emailVerified: user.emailVerified }).toEqual({
        email: user.email,
        enabled: true,
        emailVerified: true,
      })
      expect(user.credentials).toEqual([{ type: 'password', value: seeded.password, temporary: false }])
      expect(user.requiredActions).toEqual([])
      expect(user.attributes.demo).toEqual(['true'])
    }
    expect(new Set(users.map((user) => user.id)).size).toBe(users.length)
  })

  it("gives every demo user a password the realm's password policy accepts", () => {
    for (const user of users) {
      const password = user.credentials[0]!.value
      for (const rule of demo.passwordPolicy.split(' and ')) {
        const [, name, argument] = /^(\w+)\((.*)\)$/.exec(rule) ?? []
        if (name === 'length') expect(password.length).toBeGreaterThanOrEqual(Number(argument))
        else if (name === 'digits') expect(password.replace(/\D/g, '').length).toBeGreaterThanOrEqual(Number(argument))
        else if (name === 'notUsername') expect(password.toLowerCase()).not.toBe(user.username.toLowerCase())
        else throw new Error(`password policy ${rule} is not checked here`)
      }
    }
  })

  it("gives every role a user holds that the realm defines, and each demo user's roles whole (import grants no default role)", () => {
    const defined = new Set(demo.roles.realm.map((role) => role.name))
    for (const [index, user] of users.entries()) {
      expect(user.realmRoles).toEqual(DEMO_USERS[index]!.roles)
      expect(user.realmRoles).toContain('base')
      for (const role of user.realmRoles) expect(defined.has(role), role).toBe(true)
    }
  })

  it('signs each demo user in with what the embedded provider gives the portal (ID token)', async () => {
    for (const [index, user] of users.entries()) {
      const expected = { keys, issuer, audience: config.oidc.clientId, algorithms: ['ES256'] }
      const fromKeycloak = await verifyIdToken(await sign(keycloakClaims(user, 'id')), expected)
      const fromEmbedded = await verifyIdToken(await sign(embeddedClaims(DEMO_USERS[index]!, 'id')), expected)
      expect(portalView(fromKeycloak)).toEqual(portalView(fromEmbedded))
    }
  })

  it('gives the upstream the same caller as the embedded provider does (access token)', async () => {
    const verify = createAccessTokenVerifier({ issuer, audience: config.oidc.audience, keys })
    for (const [index, user] of users.entries()) {
      const fromKeycloak = await verify(await sign(keycloakClaims(user, 'access')))
      const fromEmbedded = await verify(await sign(embeddedClaims(DEMO_USERS[index]!, 'access')))
      expect(sortedRoles(fromKeycloak)).toEqual(sortedRoles(fromEmbedded))
    }
  })

  it("links the demo customer's accounts and the agent's code through the claims", async () => {
    const byEmail = (email: string) => users.find((user) => user.email === email)!
    const verify = createAccessTokenVerifier({ issuer, audience: config.oidc.audience, keys })
    const customer = await verify(await sign(keycloakClaims(byEmail('customer@example.com'), 'access')))
    expect(customer).toMatchObject({
      roles: ['base', 'customer'],
      accountNumbers: ['1000000000001', '1000000000002'],
      unverifiedAccountNumbers: [],
      activeAccountNumber: '1000000000002',
      agentCode: null,
    })
    const agent = await verify(await sign(keycloakClaims(byEmail('agent@example.com'), 'access')))
    expect(agent).toMatchObject({ roles: ['base', 'sales-agent'], accountNumbers: [], agentCode: 'AGT-0001' })
    const admin = await verify(await sign(keycloakClaims(byEmail('admin@example.com'), 'access')))
    expect(admin.sub).toBe(DEMO_USERS.find((user) => user.email === 'admin@example.com')!.id)
  })
})
