/**
 * What the embedded OpenID provider needs from the identity service's user directory
 * (services/identity/directory.ts). The provider depends on this contract only, so it
 * can be built and tested against an in-memory directory while the real one lands.
 */

export type IdentityUserAttributes = {
  accountNumber: string[]
  activeAccountNumber: string | null
  displayCoachmarks: boolean
  displayWelcomeBanner: boolean
  displaySuccessRegistration: boolean
  agentCode: string | null
}

export type IdentityUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  mobileNumber: string
  /** Realm roles, as Keycloak names them in `realm_access.roles`. */
  roles: string[]
  emailVerified: boolean
  attributes: IdentityUserAttributes
}

/** The claims a Keycloak realm with the portal's user attributes mapped would issue. */
export type IdentityClaims = {
  sub: string
  email: string
  email_verified: boolean
  given_name: string
  family_name: string
  realm_access: { roles: string[] }
} & IdentityUserAttributes

export type CredentialCheck = { ok: true; user: IdentityUser } | { ok: false; reason: 'invalid' | 'locked' }

export type IdentityDirectory = {
  /** 'invalid' covers both an unknown user and a wrong password; 'locked' is brute-force protection. */
  verifyCredentials(username: string, password: string): Promise<CredentialCheck>
  findUser(id: string): Promise<IdentityUser | null>
  claimsFor(user: IdentityUser): IdentityClaims
}
