/**
 * The e2e portal with a movable clock: the real portal, started exactly as server.ts
 * starts it (startPortal), whose in-process services read the time from a clock a test
 * moves forward. Link expiry (spec 9: 10 minutes) is then proven in the browser without
 * a sleep. Only playwright.config.ts runs this file; production never does, and the
 * control port below is not the portal's.
 *
 * What the clock covers: the services' domain clock (deps.now), i.e. verification and
 * reset link expiry, resend cooldowns, request allowances, login lockouts and upstream
 * session expiry. Not covered, on purpose: the gateway's signature window and replay
 * guard (they must agree with the portal's signing clock, so they read the wall clock),
 * the embedded OpenID provider and the portal's cookies. A moved clock therefore never
 * refuses a signed call; sign-in journeys belong on the other servers.
 *
 * Control, on CLOCK_CONTROL_PORT at 127.0.0.1 only:
 *   POST /advance?minutes=11   moves the clock forward (never back); answers { now }
 */
import http from 'node:http'
import { startPortal } from '../../../server.ts'

function exitWith(message: string): never {
  process.stderr.write(`portal-with-clock: ${message}\n`)
  process.exit(1)
}

const controlPort = Number(process.env.CLOCK_CONTROL_PORT)
if (!Number.isInteger(controlPort) || controlPort <= 0) exitWith('set CLOCK_CONTROL_PORT to a free port')
// With an upstream elsewhere there are no in-process services for the clock to move.
if (process.env.UPSTREAM_URL) exitWith('the clock moves the in-process services only; unset UPSTREAM_URL')

let offsetMs = 0
const now = () => new Date(Date.now() + offsetMs)

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const minutes = Number(url.searchParams.get('minutes'))
  if (req.method !== 'POST' || url.pathname !== '/advance' || !Number.isFinite(minutes) || minutes <= 0) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('POST /advance?minutes=N with N > 0\n')
    return
  }
  offsetMs += minutes * 60_000
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: now().toISOString() }))
})
// Listening before the portal does: once /healthz answers, the control port does too.
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve))

const { logger } = await startPortal({ now })
logger.info({ controlPort }, 'services clock movable: POST /advance?minutes=N on the control port')
