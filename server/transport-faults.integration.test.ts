/**
 * The resilience suite's transport faults (issue 32, items 1 and 7; docs/security.md,
 * Transport): clients that abort, truncate, never finish or drip, and bodies over their limit,
 * against the real portal over HTTP with short body time limits. The routes are generated from
 * app/routes.ts: every route whose module exports an action is posted to, so a new one is
 * covered without anyone adding it here; so are the body readers mounted beside React Router (the
 * embedded sign-in provider, the payment sandbox). After each fault the process still answers
 * `/` with 200, no `portal-upload-*` temporary folder remains, and no rejection went unhandled.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import routes from '../app/routes.ts'
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_MESSAGES } from '../lib/documents.ts'
import { SANDBOX_MOUNT_PATH } from '../services/payments/setup.ts'
import { CookieJar } from '../tests/support/identity-provider.ts'
import { startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import { multipartBody, rawRequest, type RawAnswer } from '../tests/support/raw-http.ts'
import { MAX_FORM_BODY_BYTES } from './transport.ts'

// Short limits, so a drip is ended within the test's time (docs/operations.md, Time limits).
const BODY_TIMEOUT_MS = 800
const UPLOAD_BODY_TIMEOUT_MS = 1500
// How long after its limit a dripping request may still be open: the limit's timer, and a
// loaded machine.
const SLACK_MS = 5000

/** Every route of app/routes.ts whose module exports an action, at a path that reaches it. */
function actionRoutes(): { id: string; path: string }[] {
  const found: { id: string; path: string }[] = []
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
      const source = fs.readFileSync(path.join(import.meta.dirname, '../app', entry.file), 'utf8')
      if (
        /export\s+(async\s+function\s+action\b|function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(source)
      ) {
        found.push({ id: entry.id ?? entry.file, path: `/${concrete(full)}` })
      }
      if (entry.children) walk(entry.children, full)
    }
  }
  walk(routes, '')
  return found
}

// A value for each dynamic segment that reaches the route's action where a plain one would not.
const PARAMS: Record<string, string> = { path: 'residential', accountNumber: '1000000000001' }
function concrete(pattern: string): string {
  return pattern
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? (PARAMS[segment.slice(1)] ?? 'x') : segment))
    .join('/')
}

let t: TestPortal
let tmp: string
let previousTmp: string | undefined
let targets: { id: string; path: string }[]
const rejections: unknown[] = []
const onRejection = (reason: unknown) => rejections.push(reason)

beforeAll(async () => {
  // readUploadForm spools under os.tmpdir(): a folder of this file's own, so what other test
  // processes spool meanwhile does not count.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'transport-faults-'))
  previousTmp = process.env.TMPDIR
  process.env.TMPDIR = tmp
  process.on('unhandledRejection', onRejection)
  t = await startTestPortal({
    BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    UPLOAD_BODY_TIMEOUT_MS: String(UPLOAD_BODY_TIMEOUT_MS),
  })
  const issuerPath = new URL(t.config.oidc.issuer).pathname
  targets = [
    ...actionRoutes(),
    // Body readers mounted beside React Router (server.ts).
    { id: 'sign-in provider token endpoint', path: `${issuerPath}/protocol/openid-connect/token` },
    { id: 'payment sandbox checkout', path: `${SANDBOX_MOUNT_PATH}/checkout/x` },
  ]
  // Each route's action path transformed once (Vite middleware mode) before the faults are timed.
  for (const target of targets) {
    const warm = await fetch(new URL(target.path, t.base), {
      method: 'POST',
      headers: { 'content-type': FORM_TYPE },
      body: 'intent=',
      redirect: 'manual',
    })
    await warm.arrayBuffer()
  }
}, 600_000)

afterAll(async () => {
  await t?.close()
  process.off('unhandledRejection', onRejection)
  if (previousTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = previousTmp
  fs.rmSync(tmp, { recursive: true, force: true })
})

const uploadFolders = () => fs.readdirSync(tmp).filter((name) => name.startsWith('portal-upload-'))

afterEach(async () => {
  // The process still serves, other requests undisturbed.
  const home = await fetch(`${t.base}/`)
  expect(home.status).toBe(200)
  await home.arrayBuffer()
  // Partial files go at once: within a moment of the request's end, not at some later sweep.
  for (let waited = 0; uploadFolders().length > 0 && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(uploadFolders()).toEqual([])
  expect(rejections).toEqual([])
})

const aFile = (size: number) =>
  multipartBody([
    { name: 'category', value: 'governmentIssued' },
    { name: 'file', fileName: 'id.jpg', bytes: Buffer.alloc(size, 0xff) },
  ])
const FORM_TYPE = 'application/x-www-form-urlencoded'

// Faults sent at once: enough that they overlap (and must not disturb each other), few enough that
// a loaded two-core machine still answers each in its time.
const AT_ONCE = 8

/** Each target's answer to the same fault, AT_ONCE of them at a time. */
async function everyTarget(fault: (target: string) => Promise<RawAnswer>) {
  const answers: { id: string; path: string; answer: RawAnswer }[] = []
  for (let i = 0; i < targets.length; i += AT_ONCE) {
    const batch = targets.slice(i, i + AT_ONCE)
    answers.push(...(await Promise.all(batch.map(async (target) => ({ ...target, answer: await fault(target.path) })))))
  }
  return answers
}

function expectNoServerError(answers: { id: string; answer: RawAnswer }[]) {
  for (const { id, answer } of answers) {
    if (answer.status !== undefined) expect(answer.status, `${id}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
  }
}

describe('transport faults on every route that reads a body', () => {
  it('the routes are found: the documents steps, the compliance re-uploads, forms and the beacon among them', () => {
    const ids = targets.map((target) => target.path)
    expect(ids).toEqual(
      expect.arrayContaining([
        '/onboard/residential/documents',
        '/sales/application/residential/documents',
        '/compliance/x/upload/x',
        '/sales/applications/x/compliance/x',
        '/preferences',
        '/analytics/events',
      ]),
    )
    expect(targets.length).toBeGreaterThan(30)
  })

  it('an aborted body: a multipart and a form, each cut off with the socket closed', async () => {
    const { body, type } = aFile(2000)
    await everyTarget((target) =>
      rawRequest(t.base, {
        path: target,
        headers: { 'content-type': type },
        body,
        declaredLength: 200_000,
        then: 'abort',
      }),
    )
    await everyTarget((target) =>
      rawRequest(t.base, {
        path: target,
        headers: { 'content-type': FORM_TYPE },
        body: Buffer.from('intent=x&name='),
        declaredLength: 5000,
        then: 'abort',
      }),
    )
  })

  it('a truncated multipart, all of its declared length but no closing boundary: never a 5xx', async () => {
    const { body, type } = multipartBody(
      [
        { name: 'category', value: 'governmentIssued' },
        { name: 'file', fileName: 'id.jpg', bytes: Buffer.alloc(2000, 0xff) },
      ],
      { closed: false },
    )
    const answers = await everyTarget((target) =>
      rawRequest(t.base, { path: target, headers: { 'content-type': type }, body, then: 'wait' }),
    )
    for (const { id, answer } of answers) {
      expect(answer.status, `${id} answered nothing (${answer.ended} after ${answer.ms} ms)`).toBeDefined()
    }
    expectNoServerError(answers)
  })

  it('a drip past the time limit: the connection ends within its family limit, with 408 when it was still awaited', async () => {
    const { body, type } = aFile(100)
    const uploads = await everyTarget((target) =>
      rawRequest(t.base, {
        path: target,
        headers: { 'content-type': type },
        body,
        declaredLength: 100_000,
        then: 'drip',
        dripEveryMs: 100,
      }),
    )
    const forms = await everyTarget((target) =>
      rawRequest(t.base, {
        path: target,
        headers: { 'content-type': FORM_TYPE },
        body: Buffer.from('intent=x&name='),
        declaredLength: 50_000,
        then: 'drip',
        dripEveryMs: 100,
      }),
    )
    for (const [answers, limit] of [
      [uploads, UPLOAD_BODY_TIMEOUT_MS],
      [forms, BODY_TIMEOUT_MS],
    ] as const) {
      for (const { id, answer } of answers) {
        expect(answer.ended, id).toBe('closed')
        expect(answer.ms, id).toBeLessThan(limit + SLACK_MS)
      }
      expectNoServerError(answers)
    }
  })

  it('an oversize body is refused unread, 413 before a byte of it is read; a form without a length, 411', async () => {
    const { type } = aFile(10)
    const uploads = await everyTarget((target) =>
      rawRequest(t.base, {
        path: target,
        headers: { 'content-type': type },
        body: Buffer.alloc(0),
        declaredLength: MAX_UPLOAD_BODY_BYTES + 1,
        then: 'wait',
      }),
    )
    const forms = await everyTarget((target) =>
      rawRequest(t.base, {
        path: target,
        headers: { 'content-type': FORM_TYPE },
        body: Buffer.alloc(0),
        declaredLength: MAX_FORM_BODY_BYTES + 1,
        then: 'wait',
      }),
    )
    for (const { id, answer } of [...uploads, ...forms]) expect(answer.status, id).toBe(413)
    expect(uploads[0]!.answer.text).toContain(UPLOAD_MESSAGES.tooLarge)
    const unsized = await rawRequest(t.base, {
      path: '/preferences',
      headers: { 'content-type': FORM_TYPE, 'transfer-encoding': 'chunked', 'content-length': '' },
      body: Buffer.from('5\r\nintent\r\n'),
      then: 'wait',
    })
    expect(unsized.status).toBe(411)
  })
})

/** A visitor with a plan in the cart: the draft the documents belong to. */
async function visitorWithPlan() {
  const jar = new CookieJar()
  const response = await jar.fetch(`${t.base}/plans/cart`, {
    method: 'POST',
    headers: { 'content-type': FORM_TYPE },
    body: new URLSearchParams({ intent: 'add-plan', planCode: 'fiber-plan-1299' }),
  })
  expect(response.status).toBe(302)
  return [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

// The documents step reads its body with readUploadForm, as the sales documents step and the
// compliance re-uploads do (issue 32, finding 1): with a draft, these faults reach it.
describe('transport faults on the documents step, with a draft (the body is read)', () => {
  const PAGE = '/onboard/residential/documents'

  it('an upload cut off after 2 KB of a declared 200 KB: the process survives, nothing is left spooled', async () => {
    const cookie = await visitorWithPlan()
    const { body, type } = aFile(2000)
    for (let i = 0; i < 3; i++) {
      await rawRequest(t.base, {
        path: PAGE,
        headers: { 'content-type': type, cookie },
        body,
        declaredLength: 200_000,
        then: 'abort',
        abortAfterMs: 300,
      })
    }
  })

  it('all of its length but no closing boundary: 400 with the upload message, nothing stored', async () => {
    const cookie = await visitorWithPlan()
    const { body, type } = multipartBody(
      [
        { name: 'category', value: 'governmentIssued' },
        { name: 'file', fileName: 'id.jpg', bytes: Buffer.alloc(20_000, 0xff) },
      ],
      { closed: false },
    )
    const answer = await rawRequest(t.base, {
      path: PAGE,
      headers: { 'content-type': type, cookie },
      body,
      then: 'wait',
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain(UPLOAD_MESSAGES.failed)
  })

  it('a drip: 408 once the upload time limit passes, the partial file removed', async () => {
    const cookie = await visitorWithPlan()
    const { body, type } = aFile(20_000)
    const answer = await rawRequest(t.base, {
      path: PAGE,
      headers: { 'content-type': type, cookie },
      body: body.subarray(0, body.length - 100),
      declaredLength: 200_000,
      then: 'drip',
      dripEveryMs: 100,
    })
    expect(answer.status).toBe(408)
    expect(answer.ms).toBeGreaterThanOrEqual(UPLOAD_BODY_TIMEOUT_MS)
    expect(answer.ms).toBeLessThan(UPLOAD_BODY_TIMEOUT_MS + SLACK_MS)
  })

  it('a control character in the name of a 150 KB file: the name message, not a reset connection', async () => {
    const cookie = await visitorWithPlan()
    const { body, type } = multipartBody([
      { name: 'category', value: 'governmentIssued' },
      { name: 'file', fileName: 'id\u0001.jpg', bytes: Buffer.alloc(150 * 1024, 0xff) },
    ])
    const answer = await rawRequest(t.base, {
      path: PAGE,
      headers: { 'content-type': type, cookie },
      body,
      then: 'wait',
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain(UPLOAD_MESSAGES.invalidName)
  })
})
