import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import type { Config } from './env.ts'

/**
 * What every log line of a request carries (issue 17, item 5): the portal request's id, from
 * the portal's first middleware to the upstream's last line for it (the upstream takes it from
 * the call's correlation header), and on the upstream the call's own signed request id.
 */
export type LogContext = { requestId: string; upstreamCallId?: string }
// One store per process, whichever bundle asks: the React Router app is bundled apart from server.ts,
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
    // A database error is logged by its statement and SQLSTATE only (docs/security.md, Logs and privacy).
    serializers: { err: serializeError },
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

/**
 * The same logger for the one line per request or call (server/middleware.ts, services/gateway.ts),
 * without the redact list: those lines are written from a fixed set of fields (ids, method, the
 * path as logged, status, time), none of which the list names, and redaction cost 12-28 µs a line,
 * about 4 % of the embedded upstream thread's busy time under the check POST's load.
 */
export function requestLineLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [] } })
}

/**
 * The parts of a failed query that may be logged: Drizzle's error carries the statement's
 * parameters (the applicant's name, mobile, email…) in `params` and in its message and stack,
 * and the driver's error (pg or PGlite) may quote a value in its `message`, `detail` or
 * `where` ('Key (email)=(…) already exists', 'invalid input syntax for type integer: "…"').
 * So a database error becomes the statement's label (its verb and table, never a value), the
 * SQLSTATE and the names of the constraint, table and column, with the stack's frames.
 */
export type LoggedDatabaseError = {
  type: string
  message: string
  statement?: string
  code?: string
  constraint?: string
  table?: string
  column?: string
  stack?: string
}

type ErrorFields = Error & Record<string, unknown>

const SQLSTATE = /^[0-9A-Z]{5}$/

/** pg's and PGlite's DatabaseError: a SQLSTATE `code` and a `severity`. */
function isDriverError(value: unknown): value is ErrorFields {
  if (!(value instanceof Error)) return false
  const fields = value as ErrorFields
  return typeof fields.code === 'string' && SQLSTATE.test(fields.code) && typeof fields.severity === 'string'
}

/** Drizzle's DrizzleQueryError: the statement's text and its parameters. */
function isQueryError(value: unknown): value is ErrorFields & { query: string } {
  if (!(value instanceof Error)) return false
  const fields = value as ErrorFields
  return typeof fields.query === 'string' && 'params' in fields
}

/** `update drafts.drafts`, `insert into orders.carts`, `select from identity.users`: a statement without its values. */
export function statementLabel(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'query'
  const target = /\b(?:from|into|update|join)\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)/i.exec(query)?.[1]
  const table = target?.replaceAll('"', '')
  return table ? `${verb} ${table}` : verb
}

/**
 * Only the frames of an error's stack: its first lines are the message, which may hold values
 * (and a value may itself look like a frame), so they are cut by the message's own length.
 */
function framesOf(error: Error): string | undefined {
  const { stack, message } = error
  const at = typeof stack === 'string' ? stack.indexOf(message) : -1
  return at === -1 ? undefined : stack!.slice(at + message.length).replace(/^\n/, '') || undefined
}

/** The database error in an error or its causes, as it may be logged; undefined when there is none. */
export function databaseErrorForLog(error: unknown): LoggedDatabaseError | undefined {
  let query: (ErrorFields & { query: string }) | undefined
  let driver: ErrorFields | undefined
  let outer: Error | undefined
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    outer ??= current
    if (!query && isQueryError(current)) query = current
    if (!driver && isDriverError(current)) driver = current
    current = (current as ErrorFields).cause
  }
  if (!outer || (!query && !driver)) return undefined
  const statement = query ? statementLabel(query.query) : undefined
  const code = typeof driver?.code === 'string' ? driver.code : undefined
  const name = (key: string) => (typeof driver?.[key] === 'string' ? (driver[key] as string) : undefined)
  const logged: LoggedDatabaseError = {
    type: outer.constructor.name || outer.name,
    message: `database error${code ? ` ${code}` : ''}${statement ? ` in ${statement}` : ''}`,
    statement,
    code,
    constraint: name('constraint'),
    table: name('table'),
    column: name('column'),
    stack: framesOf(query ?? outer),
  }
  for (const key of Object.keys(logged) as (keyof LoggedDatabaseError)[]) {
    if (logged[key] === undefined) delete logged[key]
  }
  return logged
}

/** pino's error serializer, except that a database error is logged without its values. */
export function serializeError(error: unknown): unknown {
  return databaseErrorForLog(error) ?? stdSerializers.err(error as Error)
}
