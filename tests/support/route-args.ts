/**
 * Test support: the arguments React Router hands a loader or action (LoaderFunctionArgs,
 * ActionFunctionArgs), for a test that calls one directly with its request, context and
 * params. React Router v7 adds the request's URL and the route's pattern; the portal's
 * routes read neither, so the pattern is the request's own path.
 */
import type { AppLoadContext } from 'react-router'

export function routeArgs<P extends Record<string, string | undefined>>(args: {
  request: Request
  context: AppLoadContext
  params: P
}): { request: Request; context: AppLoadContext; params: P; url: URL; pattern: string } {
  const url = new URL(args.request.url)
  return { ...args, url, pattern: url.pathname }
}

/**
 * Calls a loader or action as the server does (server.ts): on a load context of its own for
 * this one request, whose visit sends each Set-Cookie on the response (`sendCookie`). The
 * cookies the visit set are put on the route's answer, returned or thrown (a Response, or
 * `data()`'s init), as Express's response would carry them.
 */
export async function callRoute<P extends Record<string, string | undefined>, T>(
  route: (args: ReturnType<typeof routeArgs<P>>) => T | Promise<T>,
  args: { request: Request; context: AppLoadContext; params: P },
): Promise<T> {
  const sent: string[] = []
  const context: AppLoadContext = { ...args.context, sendCookie: (line) => void sent.push(line) }
  try {
    return withCookies(await route(routeArgs({ ...args, context })), sent)
  } catch (thrown) {
    throw withCookies(thrown, sent)
  }
}

function withCookies<T>(answer: T, sent: string[]): T {
  if (sent.length === 0) return answer
  if (answer instanceof Response) {
    for (const line of sent) answer.headers.append('set-cookie', line)
    return answer
  }
  const init = (answer as { init?: ResponseInit | null } | null)?.init
  if (answer && typeof answer === 'object' && 'data' in answer && init !== undefined) {
    const headers = new Headers(init?.headers)
    for (const line of sent) headers.append('set-cookie', line)
    ;(answer as unknown as { init: ResponseInit }).init = { ...init, headers }
  }
  return answer
}
