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
 *   POST /applications/rejected-id   a new application (the demo payload, a fresh email), whose
 *        ID an operator rejects through the real operator call (channel Operator), so the
 *        applicant is emailed a compliance link; answers { referenceNo, emailAddress }
 *   POST /payments/references/{reference}/paid   a counter or outlet paid that payment
 *        reference: the operator's posting call (channel Operator); answers its status and body
 */
import crypto from 'node:crypto'
import http from 'node:http'
import { startPortal } from '../../../server.ts'
import { DEMO_PAYLOAD } from '../../../services/applications/seed.ts'
import { OPERATOR_CHANNEL } from '../../../services/applications/tracking-routes.ts'
import { signedCall } from '../../../services/testing.ts'

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

// Set once the portal runs (the control port listens first).
const portal: { upstream?: Parameters<typeof signedCall>[0] } = {}

/** A submitted application with its government ID rejected by an operator, for compliance journeys. */
async function applicationWithRejectedId() {
  const { upstream } = portal
  if (!upstream) throw new Error('the portal is not running yet')
  const slots = await signedCall(upstream, 'GET', '/v2/appointments/slots')
  const slot = (slots.body.data as { slotId: string; available: number }[]).find((s) => s.available > 0)
  if (!slot) throw new Error('no open installation slot')
  const emailAddress = `rica.${crypto.randomUUID().slice(0, 8)}@example.com`
  const submitted = await signedCall(upstream, 'POST', '/v3/applicant-details', {
    body: { ...DEMO_PAYLOAD, emailAddress, appointment: { slotId: slot.slotId } },
    headers: { 'idempotency-key': crypto.randomBytes(32).toString('base64url') },
  })
  if (submitted.status !== 201) throw new Error(`submission answered ${submitted.status}`)
  const { applicationId, referenceNo } = submitted.body.data as { applicationId: string; referenceNo: string }
  const rejected = await signedCall(upstream, 'POST', `/v1/operator/applications/${applicationId}/compliance`, {
    channel: OPERATOR_CHANNEL,
    body: { rejections: [{ category: 'governmentIssued', reason: 'The name on the ID cannot be read.' }] },
  })
  if (rejected.status !== 200) throw new Error(`the rejection answered ${rejected.status}`)
  return { referenceNo, emailAddress }
}

/** The back office hears from a counter that a payment reference was paid (services/payments/routes.ts). */
async function counterPaid(reference: string) {
  const { upstream } = portal
  if (!upstream) throw new Error('the portal is not running yet')
  const posted = await signedCall(
    upstream,
    'POST',
    `/v1/operator/pay/references/${encodeURIComponent(reference)}/paid`,
    {
      channel: OPERATOR_CHANNEL,
    },
  )
  return { status: posted.status, body: posted.body }
}

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const counter = /^\/payments\/references\/([A-Za-z0-9-]{1,40})\/paid$/.exec(url.pathname)
  if (req.method === 'POST' && counter) {
    counterPaid(counter[1]!).then(
      (posted) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posted)),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    )
    return
  }
  if (req.method === 'POST' && url.pathname === '/applications/rejected-id') {
    applicationWithRejectedId().then(
      (made) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(made)),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    )
    return
  }
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

const { logger, config, upstreamFetch } = await startPortal({ now })
portal.upstream = { config, fetch: upstreamFetch }
logger.info({ controlPort }, 'services clock movable: POST /advance?minutes=N on the control port')
