import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, type DestinationStream } from 'pino'
import type { Config } from './env.ts'

/**
 * What every log line of a request carries (issue 17, item 5): the portal request's id, from
 * the portal's first middleware to the upstream's last line for it (the upstream takes it from
 * the call's correlation header), and on the upstream the call's own signed request id.
 */
export type LogContext = { requestId: string; upstreamCallId?: string }
// One store per process, whichever bundle asks: the Remix app is bundled apart from server.ts,
// and each copy of this module must find the same store, so it lives on a registered symbol.
const STORE = Symbol.for('hibla.logContext')
const registry = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<LogContext> }
export const logContext = (registry[STORE] ??= new AsyncLocalStorage<LogContext>())

/**
 * JSON lines on stdout. Values are JSON-escaped, so a newline in a name stays on one
 * line; the redact list keeps secrets and tokens out even if someone logs them.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, name: string, destination?: DestinationStream) {
  const options = {
    name,
    level: config.LOG_LEVEL,
    // A line's own fields win over these (pino merges the mixin under them).
    mixin: () => logContext.getStore() ?? {},
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'passwordHash',
        '*.passwordHash',
        'token',
        '*.token',
        'accessToken',
        '*.accessToken',
        'tokenHash',
        '*.tokenHash',
        'authorization',
        '*.authorization',
        'cookie',
        '*.cookie',
        'cardNumber',
        '*.cardNumber',
        // One-time codes (services/otp: the body field `otp`) and their hashes. Not `code`:
        // errors carry a diagnostic `code` (ECONNREFUSED) that logs need.
        'otp',
        '*.otp',
        'codeHash',
        '*.codeHash',
        // Wi-Fi passphrases (services/devices, issue 18), and the ACS task that carries one.
        'passphrase',
        '*.passphrase',
        'parameterValues',
        '*.parameterValues',
      ],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
