import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './ui/nonce'

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and no-JS browsers get the whole document at once; others may stream.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const nonce = loadContext.nonce
  // Pages carry per-browser state (theme, banner, toasts): never for shared caches.
  if (!responseHeaders.has('cache-control')) responseHeaders.set('cache-control', 'private, no-cache')
  return new Promise((resolve, reject) => {
    let shellRendered = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          body.on('end', () => clearTimeout(timer))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while streaming after the shell are logged here; before it, Remix logs them.
          if (shellRendered) loadContext.logger.error({ err: error, requestId: loadContext.requestId }, 'render failed')
        },
      },
    )
    // Give up on slow streams, but do not keep a timer alive for every finished request.
    timer = setTimeout(abort, ABORT_DELAY)
    request.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  })
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return
  context.logger.error({ err: error, requestId: context.requestId, path: new URL(request.url).pathname }, 'unexpected error')
}
