/**
 * The seam between the portal's login screen and the embedded OpenID provider: the
 * provider (services/identity/oidc/interaction.ts) implements it, server.ts hands it to
 * the login route through the load context. Here in lib/ because both sides share it.
 */

/** A sign-in the provider is waiting for: the login screen at /login/interaction/:uid. */
export type PendingSignIn = {
  uid: string
  /** 'login' asks for credentials; 'consent' is answered without a screen (first-party portal). */
  prompt: 'login' | 'consent'
  /** The `login_hint` the portal passed, to fill the email field. */
  loginHint: string | null
}

export type SignInOutcome = { ok: true; redirectTo: string } | { ok: false; reason: 'invalid' | 'locked' }

/**
 * Bound to one request's cookies. Every method takes the uid from the URL and answers
 * null when this browser has no such pending sign-in (expired, finished or another one).
 */
export type IdentityInteraction = {
  pending(uid: string): Promise<PendingSignIn | null>
  /** Checks the credentials; on success the browser goes back to the provider at `redirectTo`. */
  signIn(uid: string, credentials: { email: string; password: string }): Promise<SignInOutcome | null>
  /** Grants what the portal asked for and returns where to continue. */
  consent(uid: string): Promise<string | null>
}
