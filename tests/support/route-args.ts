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
