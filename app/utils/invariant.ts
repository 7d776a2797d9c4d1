/**
 * A guard in one line (docs/conventions.md, Errors): when the condition does not hold, the loader or
 * action stops with a Response the error boundary shows by its status (400 unless told).
 * The message is the body, for logs and tests; the page's words come from the boundary.
 */
export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  init?: ResponseInit,
): asserts condition {
  if (!condition) {
    throw new Response(typeof message === 'function' ? message() : message, { status: 400, ...init })
  }
}
