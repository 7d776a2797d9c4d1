/** /verifyEmail/{id} for applications (spec 4: OO and CVG references, two services; verification.ts). */
import { failedPage } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { LINK_TOKEN_PATTERN, type VerificationKind } from '../../../lib/application-status'

export type ApplicationVerification = { state: 'verified'; referenceNo: string } | { state: 'failed' }

export async function verifyApplicationEmail(
  visit: Visit,
  kind: VerificationKind,
  token: string,
): Promise<ApplicationVerification> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { state: 'failed' }
  const verified = await visit.portal.call((upstream) => upstream.applicationStatus.verifyEmail(kind, token))
  if (verified.ok) return { state: 'verified', referenceNo: verified.value.referenceNo }
  // A dead link (used, expired, unknown, or the other service's) reads as failed.
  const { error } = verified
  if (error.kind === 'rejected' && (error.status === 404 || error.status === 400)) return { state: 'failed' }
  return failedPage(verified)
}
