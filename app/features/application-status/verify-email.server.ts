/** /verifyEmail/{id} for applications (spec 4: OO and CVG references, two services; verification.ts). */
import type { AppLoadContext } from 'react-router'
import { upstreamFor } from '~/upstream/index.server'
import { isUpstreamError } from '~/upstream/errors'
import { LINK_TOKEN_PATTERN, type VerificationKind } from '../../../lib/application-status'

export type ApplicationVerification = { state: 'verified'; referenceNo: string } | { state: 'failed' }

export async function verifyApplicationEmail(
  context: AppLoadContext,
  kind: VerificationKind,
  token: string,
): Promise<ApplicationVerification> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { state: 'failed' }
  try {
    const { referenceNo } = await upstreamFor(context).applicationStatus.verifyEmail(kind, token)
    return { state: 'verified', referenceNo }
  } catch (error) {
    // A dead link (used, expired, unknown, or the other service's) reads as failed.
    if (isUpstreamError(error) && error.kind === 'rejected' && (error.status === 404 || error.status === 400)) {
      return { state: 'failed' }
    }
    throw error
  }
}
