/**
 * How a failed upstream call reads to the user and the status a page answers it with,
 * the same for a form (failureReply) and a toast: a rate limit keeps the upstream's own
 * message (spec 5), anything else is spec 8's generic one.
 */
import type { UpstreamError } from '~/upstream/errors'
import { SHARED_TEXT } from './texts'

export function upstreamMessage(error: UpstreamError): string {
  if (error.kind === 'rejected' && error.status === 429) return error.serverMessage ?? SHARED_TEXT.upstreamFailed
  return SHARED_TEXT.upstreamFailed
}

/** The upstream's 4xx when it refused; 503 when it could not answer, or answered nonsense. */
export function upstreamStatus(error: UpstreamError): number {
  return error.kind === 'rejected' ? (error.status ?? 400) : 503
}
