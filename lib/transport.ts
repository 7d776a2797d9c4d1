/**
 * Transport faults (issue 32, item 1; docs/operations.md, Time limits; docs/security.md,
 * Transport): the time limits every HTTP server of the product sets on purpose, and the
 * process-level handler that logs a fault nothing else caught. Each route family's body limits
 * are the portal's middleware (server/transport.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import type { Config } from './env.ts'

/**
 * Idle kept-alive connections stay open longer than a load balancer's or a client's idle
 * timeout (commonly 60 s), so a server never closes one a client is about to reuse (an
 * ECONNRESET there; Node's default is 5 s).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000
/** A request's headers must arrive within a second more than the keep-alive. */
export const HEADERS_TIMEOUT_MS = 66_000

/**
 * The server's own limits: headers as above; the whole request (headers and body) at most the
 * upload body limit and the headers' time. The portal's per-family body limits
 * (server/transport.ts) end a request sooner; this one holds for every path, the upstream's too.
 */
export function applyTimeLimits(server: Server, config: Pick<Config, 'UPLOAD_BODY_TIMEOUT_MS'>) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.requestTimeout = config.UPLOAD_BODY_TIMEOUT_MS + HEADERS_TIMEOUT_MS
}

let guarded = false

/**
 * The last line of defence, not the fix (issue 32, item 1): a promise rejected with nothing to
 * catch it is logged at error level with the request id of the request it belongs to (the
 * logger's mixin reads it from logContext, which Node carries into these handlers), and the
 * process keeps serving. An uncaught exception leaves the process in an unknown state: it is
 * logged, and the process stops for its supervisor to start it again. The resilience suite
 * (server/transport-faults.integration.test.ts) proves no known path reaches either.
 */
export function guardProcess(logger: Logger) {
  if (guarded) return
  guarded = true
  process.on('unhandledRejection', unhandledRejectionLog(logger))
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception: the process stops')
    process.exit(1)
  })
}

/** The unhandled-rejection listener: one error line, with the request id where the rejection happened. */
export function unhandledRejectionLog(logger: Logger) {
  return (reason: unknown) => logger.error({ err: reason }, 'unhandled rejection')
}

const TIMED_OUT = Buffer.from('This request took too long to arrive. Please try again.')
const TIMED_OUT_ANSWER = Buffer.concat([
  Buffer.from(
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nCache-Control: no-store\r\n' +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${TIMED_OUT.length}\r\n\r\n`,
  ),
  TIMED_OUT,
])

/**
 * A request's body must have arrived within `ms`. If not (a drip, a client that never
 * finishes), it is answered 408 on the socket and the connection closed, as Node does when its
 * requestTimeout passes; only closed when the answer had begun (a route that answered without
 * reading the body). The answer does not go through `res`: the handler still waiting for the
 * body must see the client gone (the response closed unfinished aborts a React Router request's
 * signal), not a response it would then try to write again (docs/decisions/0059).
 */
export function limitBodyTime(req: IncomingMessage, res: ServerResponse, ms: number) {
  const timer = setTimeout(() => {
    if (req.complete) return
    const socket = req.socket
    if (!res.headersSent && socket.writable) socket.write(TIMED_OUT_ANSWER)
    socket.destroy()
  }, ms)
  const done = () => clearTimeout(timer)
  req.once('end', done)
  req.once('close', done)
  // A handler may answer before it reads the body: the limit still holds for the body, which
  // would otherwise keep the connection until Node's own requestTimeout.
  res.once('close', () => {
    if (req.complete) done()
  })
}

/** Whether a request carries a body at all (a declared length above 0, or chunks). */
export function carriesBody(req: IncomingMessage): boolean {
  const declared = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (declared !== undefined && Number(declared) > 0)
}
