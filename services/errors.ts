/** The one error envelope every service answers with. */
export type ErrorEnvelope = {
  status: false
  error: {
    code: string
    message: string
    requestId: string | null
    /** Validation failures only: the messages of each invalid field, by field name. */
    fields?: Record<string, string[]>
  }
}

export type FieldErrors = Record<string, string[]>

export class ServiceError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 417 | 422 | 429 | 500 | 502 | 503,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message)
  }
}

export function errorEnvelope(
  code: string,
  message: string,
  requestId: string | null,
  fields?: FieldErrors,
): ErrorEnvelope {
  return { status: false, error: fields ? { code, message, requestId, fields } : { code, message, requestId } }
}

export function ok<T>(data: T) {
  return { status: true as const, data }
}

/** One part of a call that answers several: its value, or the service's refusal of that part alone. */
export type Part<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; status: number } }

/** Runs one part: a ServiceError becomes that part's refusal; any other failure fails the whole call. */
export async function part<T>(work: () => Promise<T>): Promise<Part<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error
    return { ok: false, error: { code: error.code, message: error.message, status: error.httpStatus } }
  }
}
