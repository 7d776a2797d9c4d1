/**
 * The account flows' server side: each function makes one upstream call and turns its
 * expected failures into what a form shows (docs/conventions.md, Forms: upstream rejections become form
 * errors beside the fields, the user's input comes back, passwords never do).
 */
import { z } from 'zod'
import { LinkTokenSchema } from '../../../lib/identity-schemas'
import { signedCookie } from '~/utils/cookies.server'
import { invariantResponse } from '~/utils/invariant'
import type { Config } from '../../../lib/env'
import { isUpstreamError } from '../../upstream/errors'
import { failureReply, type FormFailure, type FormSubmission } from '~/utils/form.server'
import { failedPage } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import type { RegisterSchema } from './schemas'

/** Whether the error is the upstream saying a one-time link is expired, used or unknown. */
export function isDeadLink(error: unknown): boolean {
  return isUpstreamError(error) && error.kind === 'rejected' && error.status === 400
}

/** A link token has one shape; anything else is a dead link without asking upstream. */
export function looksLikeLinkToken(token: string | undefined): token is string {
  return LinkTokenSchema.safeParse(token).success
}

/**
 * The email a registration was sent to, for the "check your email" page's resend form:
 * a signed, short-lived cookie, because personal data does not go in URLs (docs/security.md, Logs and privacy).
 */
// The 10-minute link and a little longer.
const registrationCookie = (config: Config) => signedCookie(config, 'registration', 15 * 60)

export function rememberRegistrationEmail(config: Config, email: string): Promise<string> {
  return registrationCookie(config).serialize({ email })
}

export async function registrationEmail(request: Request, config: Config): Promise<string | null> {
  const parsed = z
    .object({ email: z.string() })
    .safeParse(await registrationCookie(config).parse(request.headers.get('cookie')))
  return parsed.success ? parsed.data.email : null
}

/** spec 2: /register only when the register flag is exactly the string 'true'. */
export function requireRegistrationEnabled(config: Config) {
  invariantResponse(config.REGISTER_FLAG === 'true', 'Registration is off', { status: 404 })
}

type Parsed<T> = FormSubmission & { value: T }

/** Passwords never come back to the browser in a form's initial values. */
export const PASSWORD_FIELDS = ['password', 'confirmPassword']

/** Registers; on success the email to show on the "check your email" page. */
export async function register(
  visit: Visit,
  submission: Parsed<z.output<typeof RegisterSchema>>,
): Promise<FormFailure | { email: string }> {
  // The confirmation is the screen's own check; spec 3's body has no such field.
  const { confirmPassword: _confirmation, ...registration } = submission.value
  const done = await visit.portal.call((upstream) => upstream.identity.register(registration, visit.clientAddress))
  if (!done.ok) return failureReply(done.error, submission, { hideFields: PASSWORD_FIELDS })
  return { email: registration.email }
}

/** The same answer whether or not the email has an account waiting (the service's rule). */
export async function resendActivation(
  visit: Visit,
  submission: Parsed<{ email: string }>,
): Promise<FormFailure | null> {
  const done = await visit.portal.call((upstream) =>
    upstream.identity.resendActivation(submission.value.email, visit.clientAddress),
  )
  return done.ok ? null : failureReply(done.error, submission)
}

export async function requestPasswordReset(
  visit: Visit,
  submission: Parsed<{ email: string }>,
): Promise<FormFailure | null> {
  const done = await visit.portal.call((upstream) =>
    upstream.identity.requestPasswordReset(submission.value.email, visit.clientAddress),
  )
  return done.ok ? null : failureReply(done.error, submission)
}

type LinkOutcome = { state: 'done' } | { state: 'failed' } | { state: 'form'; failure: FormFailure }

/** spec 4: the verification result is verified or failed. */
export async function verifyEmail(visit: Visit, token: string | undefined): Promise<'verified' | 'failed'> {
  if (!looksLikeLinkToken(token)) return 'failed'
  const done = await visit.portal.call((upstream) => upstream.identity.verifyEmail(token))
  if (done.ok) return 'verified'
  if (isDeadLink(done.error)) return 'failed'
  return failedPage(done)
}

export async function resetPassword(
  visit: Visit,
  token: string | undefined,
  submission: Parsed<{ password: string }>,
): Promise<LinkOutcome> {
  if (!looksLikeLinkToken(token)) return { state: 'failed' }
  const done = await visit.portal.call((upstream) => upstream.identity.resetPassword(token, submission.value.password))
  if (done.ok) return { state: 'done' }
  if (isDeadLink(done.error)) return { state: 'failed' }
  // The upstream names the new password newPassword; a bad token is a dead link.
  const failure = failureReply(done.error, submission, {
    hideFields: PASSWORD_FIELDS,
    rename: { newPassword: 'password', accessToken: '_form' },
  })
  return { state: 'form', failure }
}
