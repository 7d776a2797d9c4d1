/**
 * The login screen's binding when the embedded provider runs with the upstream in other
 * processes (UPSTREAM_URL set, OIDC_ISSUER unset; issue 17, item 1): each step is a signed
 * call (services/identity/oidc/interaction-routes.ts) carrying the browser's interaction
 * cookies, and nothing else of its cookies. It answers as the in-process binding does.
 */
import {
  INTERACTION_COOKIE,
  SIGN_IN_STEP_PATH,
  SignInStepAnswerSchema,
  type IdentityInteraction,
  type SignInStep,
} from '../../lib/identity-interaction'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const AnswerSchema = envelope(SignInStepAnswerSchema)

/** A step as the portal names it: the cookie is added here. */
type StepBody = SignInStep extends infer Step ? (Step extends SignInStep ? Omit<Step, 'cookie'> : never) : never

/** Only the provider's interaction cookie (and its signature cookie) from a Cookie header. */
export function interactionCookies(cookieHeader: string | null): string {
  return (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => {
      const name = pair.slice(0, pair.indexOf('='))
      return name === INTERACTION_COOKIE || name === `${INTERACTION_COOKIE}.sig`
    })
    .join('; ')
}

export function remoteSignIn(client: UpstreamClient, cookieHeader: string | null): IdentityInteraction {
  const cookie = interactionCookies(cookieHeader)
  const step = (uid: string, body: StepBody) =>
    client.call({
      name: `identity.signIn.${body.step}`,
      method: 'POST',
      path: `${SIGN_IN_STEP_PATH}/${encodeURIComponent(uid)}`,
      body: { ...body, cookie },
      schema: AnswerSchema,
    })
  return {
    pending: async (uid) => (await step(uid, { step: 'pending' })).pending ?? null,
    signIn: async (uid, { email, password, deviceTokens }) =>
      (await step(uid, { step: 'sign-in', email, password, deviceTokens: deviceTokens && [...deviceTokens] }))
        .outcome ?? null,
    consent: async (uid) => (await step(uid, { step: 'consent' })).redirectTo ?? null,
  }
}
