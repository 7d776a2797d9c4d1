/**
 * The seam between the portal's login screen and the embedded OpenID provider: the
 * provider (services/identity/oidc/interaction.ts) implements it, server.ts hands it to
 * the login route through the load context. Here in lib/ because both sides share it.
 */
import { z } from 'zod'
import { DEVICE_TOKENS_KEPT, DeviceTokenSchema } from './device-cookie.ts'

/** A sign-in the provider is waiting for: the login screen at /login/interaction/:uid. */
export const PendingSignInSchema = z.object({
  uid: z.string(),
  /** 'login' asks for credentials; 'consent' is answered without a screen (first-party portal). */
  prompt: z.enum(['login', 'consent']),
  /** The `login_hint` the portal passed, to fill the email field. */
  loginHint: z.string().nullable(),
})
export type PendingSignIn = z.infer<typeof PendingSignInSchema>

export const SignInOutcomeSchema = z.discriminatedUnion('ok', [
  // deviceToken: for the browser's device cookie (lib/device-cookie.ts; docs/decisions/0062).
  z.object({ ok: z.literal(true), redirectTo: z.string(), deviceToken: DeviceTokenSchema.optional() }),
  z.object({ ok: z.literal(false), reason: z.enum(['invalid', 'locked']) }),
])
export type SignInOutcome = z.infer<typeof SignInOutcomeSchema>

/**
 * Bound to one request's cookies. Every method takes the uid from the URL and answers
 * null when this browser has no such pending sign-in (expired, finished or another one).
 */
export type IdentityInteraction = {
  pending(uid: string): Promise<PendingSignIn | null>
  /**
   * Checks the credentials, with the device tokens the browser's cookie holds (its tries are
   * counted per token when one is the user's); on success the browser goes back to the
   * provider at `redirectTo`, and keeps `deviceToken`.
   */
  signIn(
    uid: string,
    credentials: { email: string; password: string; deviceTokens?: readonly string[] },
  ): Promise<SignInOutcome | null>
  /** Grants what the portal asked for and returns where to continue. */
  consent(uid: string): Promise<string | null>
}

/**
 * The same binding across processes: with the upstream in its own processes, the portal's
 * login route asks the upstream, which hosts the provider, with a signed call per step
 * (services/identity/oidc/interaction-routes.ts, app/upstream/sign-in.server.ts). The
 * browser's interaction cookies go along (and nothing else of its cookies).
 */
/** Followed by the pending sign-in's uid. */
export const SIGN_IN_STEP_PATH = '/identity/sign-in'

/** The cookies the provider reads at the login screen: its interaction cookie and the cookie's signature. */
export const INTERACTION_COOKIE = 'oidc_interaction'

const CookieHeaderSchema = z.string().max(4096)

export const SignInStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('pending'), cookie: CookieHeaderSchema }),
  z.object({
    step: z.literal('sign-in'),
    cookie: CookieHeaderSchema,
    email: z.string().max(320),
    password: z.string().max(1024),
    deviceTokens: z.array(DeviceTokenSchema).max(DEVICE_TOKENS_KEPT).optional(),
  }),
  z.object({ step: z.literal('consent'), cookie: CookieHeaderSchema }),
])
export type SignInStep = z.infer<typeof SignInStepSchema>

/** Each step's answer: null when this browser has no such pending sign-in. */
export const SignInStepAnswerSchema = z.object({
  pending: PendingSignInSchema.nullable().optional(),
  outcome: SignInOutcomeSchema.nullable().optional(),
  redirectTo: z.string().nullable().optional(),
})
