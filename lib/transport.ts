/**
 * Transport faults (issue 32, item 1; docs/operations.md, Time limits; docs/security.md,
 * Transport): the time limits every HTTP server of the product sets on purpose, and the
 * process-level handler that logs a fault nothing else caught. Each route family's body limits
 * are the portal's middleware (server/transport.ts).
 */
import type { Server } from 'node:http'
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
