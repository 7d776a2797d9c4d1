/**
 * What a loader or action answered, as a test reads it: a Response (a redirect), React Router's
 * `data(...)` (status, body, headers), or a plain object.
 */
export type RouteResult = { status: number; body: any; headers: Headers } // eslint-disable-line @typescript-eslint/no-explicit-any

export function unwrapRouteResult(result: unknown): RouteResult {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers }
  const r = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null
  if (r && typeof r === 'object' && r.type === 'DataWithResponseInit') {
    return { status: r.init?.status ?? 200, body: r.data, headers: new Headers(r.init?.headers) }
  }
  return { status: 200, body: result, headers: new Headers() }
}

/** A loader's or action's answer, thrown (a redirect) or returned. */
export const settleRoute = (promise: Promise<unknown>) => promise.then(unwrapRouteResult, unwrapRouteResult)
