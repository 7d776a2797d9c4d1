/**
 * What the embedded OpenID provider needs from the identity service: its user directory
 * (services/identity/directory.ts). Tests may pass an in-memory one (fake-directory.ts).
 */
export type {
  CredentialsResult as CredentialCheck,
  IdentityClaims,
  IdentityDirectory,
  IdentityUser,
} from '../directory.ts'
