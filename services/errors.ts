/** The one error envelope every service answers with. */
export type ErrorEnvelope = {
  status: false
  error: { code: string; message: string; requestId: string | null }
}

export class ServiceError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export function errorEnvelope(code: string, message: string, requestId: string | null): ErrorEnvelope {
  return { status: false, error: { code, message, requestId } }
}

export function ok<T>(data: T) {
  return { status: true as const, data }
}
