import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { IdTokenClaimsSchema } from '../../app/auth/id-token.server'
import { ROLE } from '../../app/auth/roles'
import { loadConfig } from '../../lib/env'
import { ROLES } from '../../services/identity/tables'
import { claimsFor } from '../../services/identity/users'

// The Keycloak realm must give the portal what the embedded provider gives it: the same
// realm and client names, roles and claims. A rename on one side fails here.
const realm = JSON.parse(fs.readFileSync(path.join(__dirname, 'realm-hibla.json'), 'utf8'))
const client = realm.clients[0]
const config = loadConfig({ DATA_DIR: fs.mkdtempSync('/tmp/realm-test-') })

describe('Keycloak realm export', () => {
  it('uses the realm and client id the portal defaults to', () => {
    expect(realm.realm).toBe(config.oidc.realm)
    expect(client.clientId).toBe(config.oidc.clientId)
  })

  it('has exactly the identity service roles, with base for everyone', () => {
    expect(realm.roles.realm.map((role: { name: string }) => role.name).sort()).toEqual([...ROLES].sort())
    expect(realm.defaultRole.composites.realm).toEqual(['base'])
  })

  it('defines every role the portal checks (app/auth/roles.ts)', () => {
    const defined = realm.roles.realm.map((role: { name: string }) => role.name)
    for (const role of Object.values(ROLE)) expect(defined, role).toContain(role)
  })

  it("registers the portal's callback and post-logout addresses, the default's and compose's", () => {
    const compose = parseYaml(fs.readFileSync(path.join(__dirname, '../../compose.yaml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string> }>
    }
    const postLogout = String(client.attributes['post.logout.redirect.uris']).split('##')
    for (const publicUrl of [config.publicUrl, compose.services['portal-1']!.environment!.PUBLIC_URL!]) {
      // app/auth/oidc.server.ts: the callback, and post_logout_redirect_uri `${PUBLIC_URL}/`.
      expect(client.redirectUris).toContain(`${publicUrl}/login/callback`)
      expect(postLogout).toContain(`${publicUrl}/`)
    }
  })

  it('maps into the ID token every claim the portal reads from it', () => {
    // Keycloak's built-in profile and email scopes give these; the client asks for both.
    expect(client.defaultClientScopes).toEqual(expect.arrayContaining(['profile', 'email']))
    const builtIn = ['sub', 'email', 'given_name']
    const mapped = client.protocolMappers
      .filter((mapper: { config: Record<string, string> }) => mapper.config['id.token.claim'] === 'true')
      .map((mapper: { config: Record<string, string> }) => mapper.config['claim.name']!.split('.')[0])
    const read = Object.keys(IdTokenClaimsSchema.shape).filter((claim) => !builtIn.includes(claim))
    expect([...read].sort()).toEqual([...mapped].sort())
  })

  it('is a confidential client that requires PKCE S256 and the code flow only', () => {
    expect(client.publicClient).toBe(false)
    expect(client.attributes['pkce.code.challenge.method']).toBe('S256')
    expect(client.standardFlowEnabled).toBe(true)
    expect(client.implicitFlowEnabled).toBe(false)
    expect(client.directAccessGrantsEnabled).toBe(false)
    expect(client.redirectUris).toContain(`${config.publicUrl}/login/callback`)
  })

  it('maps every custom claim the embedded provider puts in the ID token', () => {
    const claims = claimsFor({
      id: 'u',
      email: 'a@example.com',
      firstName: 'A',
      lastName: 'B',
      mobileNumber: '9171234567',
      roles: ['base'],
      emailVerified: true,
      attributes: {
        accountNumber: [],
        unverifiedAccountNumber: [],
        activeAccountNumber: null,
        displayCoachmarks: true,
        displayWelcomeBanner: true,
        displaySuccessRegistration: true,
        agentCode: null,
      },
    })
    // Standard claims come from Keycloak's built-in profile and email scopes.
    const standard = ['sub', 'email', 'email_verified', 'given_name', 'family_name']
    const mapped = client.protocolMappers
      .filter((mapper: { config: Record<string, string> }) => mapper.config['id.token.claim'] === 'true')
      .map((mapper: { config: Record<string, string> }) => mapper.config['claim.name']!.split('.')[0])
    expect(
      Object.keys(claims)
        .filter((claim) => !standard.includes(claim))
        .sort(),
    ).toEqual([...mapped].sort())
  })

  it('puts the upstream audience and every custom claim in the access token (the upstream reads it, decision 0013)', () => {
    const audience = client.protocolMappers.filter(
      (mapper: { protocolMapper: string }) => mapper.protocolMapper === 'oidc-audience-mapper',
    )
    expect(
      audience.map((mapper: { config: Record<string, string> }) => mapper.config['included.custom.audience']),
    ).toEqual([config.oidc.audience])
    for (const mapper of client.protocolMappers) expect(mapper.config['access.token.claim'], mapper.name).toBe('true')
  })

  it('rotates refresh tokens and slows repeated failures', () => {
    expect(realm.revokeRefreshToken).toBe(true)
    expect(realm.refreshTokenMaxReuse).toBe(0)
    expect(realm.bruteForceProtected).toBe(true)
  })
})
