/**
 * Typed upstream failures. Screens show `userMessage`; logs carry `requestId`.
 * - unavailable: network error, timeout or 5xx: nothing the user did wrong.
 * - rejected: a 4xx with the server's message (spec 5: some calls show it).
 * - invalid-response: the body did not match the call's schema.
 */
export type UpstreamErrorKind = 'unavailable' | 'rejected' | 'invalid-response'

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    readonly call: string,
    readonly requestId: string,
    message: string,
    readonly status?: number,
    readonly serverMessage?: string,
    /** A 422's messages per field (the envelope's error.fields), to show beside a form's fields. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError
}
