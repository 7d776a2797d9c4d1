import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
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
