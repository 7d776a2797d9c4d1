import { PassThrough } from 'node:stream'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'
import { countPageView } from './features/analytics/page-view.server'
import { NonceProvider } from './ui/nonce'
import { scriptsInsideBody } from './utils/document.server'
import { visitOf } from './visit/visit.server'

const ABORT_DELAY = 5_000

/** React Router rejects pending promises a little before the render is given up (ABORT_DELAY). */
export const streamTimeout = ABORT_DELAY - 1_000

/**
 * Renders the whole document before answering. Our loaders do not defer, so streaming
 * the shell early gains nothing, while one body in one write lets compression work on
 * it once instead of once per React chunk (it halved the landing page's throughput),
 * and no-JS browsers and bots always get a complete page. Having it whole also lets the
 * data scripts React Router writes after `</html>` move inside `<body>` (scriptsInsideBody).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // '' on a page the page cache renders (server/page-cache.ts): its inline scripts are allowed by their hashes.
  const nonce = loadContext.nonce || undefined
  // Pages carry per-browser state (theme, banner, toasts): never for shared caches.
  if (!responseHeaders.has('cache-control')) responseHeaders.set('cache-control', 'private, no-cache')
  // After ACCEPT only, in the background (issue 17 item 5; docs/decisions/0051).
  countPageView(visitOf(request, loadContext), request, responseStatusCode, routerContext)
  return new Promise<Response>((resolve, reject) => {
    // Give up on a render that hangs; never keep the timer past the response.
    const timer = setTimeout(() => abort(), ABORT_DELAY)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => {
            clearTimeout(timer)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(
              new Response(scriptsInsideBody(Buffer.concat(chunks).toString('utf8')), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            )
          })
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          loadContext.logger.error({ err: error, requestId: loadContext.requestId }, 'render failed')
        },
      },
    )
  })
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return
  context.logger.error(
    { err: error, requestId: context.requestId, path: new URL(request.url).pathname },
    'unexpected error',
  )
}
