/**
 * The compliance page (issue 10 part 4; spec 2: /compliance/{id} and /upload/{id}; spec 7:
 * email with OTP, purposes ForCompliance and OTP_ForCompliance; docs/decisions/0033).
 *
 * {id} is the emailed link's token. Nothing about the application shows until the
 * applicant proves the email: a code is sent (POST, never on GET: mail scanners fetch
 * links), the right code spends the link upstream and answers a session token, which
 * the portal keeps in the signed HttpOnly `compliance` cookie. The session opens only the
 * page of the link it was made from, for an hour.
 *
 * Each open category's document is sent again at /compliance/{id}/upload/{category}
 * (compliance-upload.server.ts), behind the same proof (`complianceSession`).
 */
import { data, redirect } from 'react-router'
import type { ComplianceView } from '~/upstream/application-status.server'
import { signedCookie } from '~/utils/cookies.server'
import { failedPage, type Failure } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import type { Config } from '../../../lib/env'
import { LINK_TOKEN_PATTERN, OtpCodeSchema } from '../../../lib/application-status'
import { TEXT } from './texts'

/** An hour, as the upstream's session (TRACKING_LIMITS.sessionMinutes). */
export const complianceCookie = (config: Config) => signedCookie(config, 'compliance', 3600)

export type ComplianceState =
  | { state: 'invalid'; message: string }
  | { state: 'start' }
  | { state: 'code'; maskedEmail: string; error?: string; dead?: boolean }
  | { state: 'open'; view: ComplianceView }

const invalid = (message: string = TEXT.linkInvalid): ComplianceState => ({ state: 'invalid', message })

async function sessionTokenOf(visit: Visit): Promise<string | null> {
  const cookie = complianceCookie(visit.config)
  if (!visit.hasCookie(cookie.name)) return null
  const value: unknown = await cookie.parse(visit.cookieHeader())
  return typeof value === 'string' && LINK_TOKEN_PATTERN.test(value) ? value : null
}

/**
 * The application and its open categories when this browser proved the email for link
 * `id`, with the session token that proof made (the upload sends it upstream); otherwise null.
 */
export async function complianceSession(
  visit: Visit,
  id: string | undefined,
): Promise<{ view: ComplianceView; sessionToken: string } | null> {
  if (!id || !LINK_TOKEN_PATTERN.test(id)) return null
  const sessionToken = await sessionTokenOf(visit)
  if (!sessionToken) return null
  const found = await visit.portal.call((upstream) => upstream.applicationStatus.complianceBySession(id, sessionToken))
  if (found.ok) return { view: found.value, sessionToken }
  if (found.error.kind === 'rejected' && found.error.status === 404) return null
  return failedPage(found)
}

/** The application and its open categories when this browser proved the email for link `id`; otherwise null. */
export async function complianceAccess(visit: Visit, id: string | undefined): Promise<ComplianceView | null> {
  return (await complianceSession(visit, id))?.view ?? null
}

export async function complianceLoader(visit: Visit, id: string | undefined) {
  if (!id || !LINK_TOKEN_PATTERN.test(id)) return data(invalid(), { status: 404 })
  const view = await complianceAccess(visit, id)
  return data<ComplianceState>(view ? { state: 'open', view } : { state: 'start' })
}

/** The page's forms; `path` is this page's own address (either alias), where the proof comes back to. */
export async function complianceAction(visit: Visit, id: string | undefined, form: FormData, path: string) {
  if (!id || !LINK_TOKEN_PATTERN.test(id)) return data(invalid(), { status: 404 })
  const intent = form.get('intent')
  const maskedEmail = String(form.get('maskedEmail') ?? '').slice(0, 260)

  if (intent === 'send') {
    const sent = await visit.portal.call((upstream) => upstream.applicationStatus.sendCode(id))
    if (!sent.ok) return failure(sent)
    return data<ComplianceState>({ state: 'code', maskedEmail: sent.value.maskedEmail })
  }

  if (intent === 'verify') {
    const code = OtpCodeSchema.safeParse(form.get('code') ?? '')
    if (!code.success) {
      return data<ComplianceState>(
        { state: 'code', maskedEmail, error: code.error.issues[0]!.message },
        { status: 400 },
      )
    }
    const verified = await visit.portal.call((upstream) => upstream.applicationStatus.verifyCode(id, code.data))
    if (!verified.ok) {
      const { error } = verified
      if (error.kind === 'rejected' && error.status === 422) {
        return data<ComplianceState>(
          { state: 'code', maskedEmail, error: error.fields?.code?.[0] ?? TEXT.linkInvalid },
          { status: 422 },
        )
      }
      if (error.kind === 'rejected' && error.status === 409) {
        return data<ComplianceState>(
          { state: 'code', maskedEmail, error: error.serverMessage ?? TEXT.linkInvalid, dead: true },
          { status: 409 },
        )
      }
      return failure(verified)
    }
    const setCookie = await complianceCookie(visit.config).serialize(verified.value.sessionToken)
    // Back to this page's address (either alias), now as a GET that shows the documents.
    throw redirect(path, { status: 303, headers: { 'set-cookie': setCookie } })
  }
  return data(invalid(), { status: 400 })
}

function failure({ error, message }: Failure) {
  if (error.kind === 'rejected' && error.status === 404) return data(invalid(), { status: 404 })
  if (error.kind === 'rejected' && error.status === 429) {
    return data(invalid(error.serverMessage ?? TEXT.linkInvalid), { status: 429 })
  }
  return data(invalid(message), { status: error.kind === 'rejected' ? (error.status ?? 400) : 503 })
}
