/**
 * The soak's journeys (scripts/soak.ts), each as a browser without JavaScript makes it: plain
 * GETs and form POSTs, redirects followed, cookies kept. Every step checks what it got (the
 * status, the redirect's target, a text of the page) and throws Unexpected otherwise.
 *
 *   landing    GET /
 *   plans      GET /plans
 *   check      /CheckAvailability step 1 and step 2 as the check bench posts them
 *              (scripts/bench/check-availability.ts: startDraft, checkOnce), then the popup's page
 *   apply      the check, a plan in the cart, the documents step, a real JPEG uploaded; in a
 *              share of them (SOAK_ABORTS) an upload broken on purpose as well (a socket closed
 *              after 2 KB of a 200 KB body, or a whole body without its closing boundary), and
 *              the documents step again, which must list the one real file and nothing else
 *   customer   sign in with the embedded provider (its redirects and its login form), the
 *              dashboard, and a ₱20.00 card payment through the sandbox's hosted page back to
 *              the payment's own page; a virtual user keeps its session between its customer
 *              journeys and signs in again in one of three
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkOnce, describeCheck, startDraft } from '../bench/check-availability.ts'
import { Browser, errorKind, expectPage, expectText, timed, Unexpected, type Stats } from './browser.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** A real JPEG (the e2e suites' fixture): the documents step takes it as it is. */
const JPEG = fs.readFileSync(path.join(root, 'tests/fixtures/government-id.jpg'))

/** The demo customers (README.md, Demo users) and the account each pays into. */
const CUSTOMERS = [
  { email: 'customer@example.com', account: '1000000000002' },
  { email: 'customer2@example.com', account: '1000000000003' },
  { email: 'customer3@example.com', account: '1000000000007' },
  { email: 'customer4@example.com', account: '1000000000008' },
]
const PASSWORD = 'Customer2024'

export type SoakContext = {
  /** The portal as the check bench calls it (http://127.0.0.1:PORT). */
  direct: string
  /** The portal as its pages name it (http://localhost:PORT, PUBLIC_URL's default). */
  base: string
  stats: Stats
  /** Share of apply journeys that also send a broken upload (0 turns them off). */
  aborts: number
  /** Mean pause between a journey's steps, ms (a person reading the page). */
  thinkMs: number
  /** True once the run is over: a journey stops at its next pause. */
  done: () => boolean
}

/** Thrown at a pause once the run is over: the journey ends there, which is no error. */
class Stopped extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
async function think(context: SoakContext) {
  if (context.done()) throw new Stopped()
  await sleep(Math.random() * 2 * context.thinkMs)
  if (context.done()) throw new Stopped()
}

let visitors = 0

/** Step 1 and step 2 of /CheckAvailability with the bench's own calls; the draft cookie goes into the browser. */
async function checkAvailability(context: SoakContext, browser: Browser) {
  const n = visitors++
  const draft = await timed(context.stats, 'check: step 1 (details)', () =>
    startDraft(browser.agent, context.direct, n),
  )
  if ('error' in draft) {
    throw new Unexpected(draft.status >= 500 ? '5xx' : 'unexpected page', 'check: step 1 (details)', draft.error)
  }
  browser.addCookies(draft.cookie)
  await think(context)
  const wrong = await timed(context.stats, 'check: step 2 (check)', () =>
    checkOnce(browser.agent, context.direct, draft.cookie),
  )
  if (wrong) {
    throw new Unexpected(wrong.status >= 500 ? '5xx' : 'unexpected page', 'check: step 2 (check)', describeCheck(wrong))
  }
}

async function landing(context: SoakContext, browser: Browser) {
  expectText(expectPage(await browser.get('landing', '/'), 200), '</html>')
}

async function plans(context: SoakContext, browser: Browser) {
  expectText(expectPage(await browser.get('plans', '/plans'), 200), 'fiber-plan-1299')
}

async function check(context: SoakContext, browser: Browser) {
  await checkAvailability(context, browser)
  const popup = await browser.get('check: result page', '/CheckAvailability?dialog=serviceable')
  expectText(expectPage(popup, 200), 'START APPLICATION')
}

const DOCUMENTS = '/onboard/residential/documents'
const DOCUMENT_LINK = /documents\/([0-9a-f-]{36})"/g

function multipart(file: Buffer, name: string) {
  const boundary = `----soak${crypto.randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ngovernmentIssued\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return { type: `multipart/form-data; boundary=${boundary}`, head, tail }
}

/**
 * An upload broken on purpose, on a connection of its own. 'cut': Content-Length 200000,
 * about 2 KB sent, then the socket closed (a phone losing signal); nothing is awaited.
 * 'unterminated': the whole length sent, but without the closing boundary: the server must
 * answer it (below 500) without resetting the connection.
 */
async function brokenUpload(context: SoakContext, browser: Browser, kind: 'cut' | 'unterminated') {
  const step = kind === 'cut' ? 'apply: upload cut off (sent)' : 'apply: upload without its end'
  const url = new URL(DOCUMENTS, context.direct)
  const form = multipart(Buffer.alloc(0), 'cut.jpg')
  const filler = Buffer.concat([JPEG, crypto.randomBytes(4000)])
  const body =
    kind === 'cut' ? Buffer.concat([form.head, filler]).subarray(0, 2048) : Buffer.concat([form.head, filler])
  context.stats.count(step)
  const started = performance.now()
  await new Promise<void>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        cookie: browser.cookieHeader(),
        origin: url.origin,
        'content-type': form.type,
        'content-length': kind === 'cut' ? 200_000 : body.length,
      },
    })
    if (kind === 'cut') {
      // Whatever happens to this request after the close is the client's doing.
      request.on('error', () => undefined)
      request.write(body, () => setTimeout(() => (request.destroy(), resolve()), 50))
      return
    }
    request.setTimeout(30_000, () => request.destroy(new Error('timeout: no answer in 30 s')))
    request.on('error', (error) => reject(new Unexpected(errorKind(error), step, `${url.pathname}: ${String(error)}`)))
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => {
        context.stats.record(step, performance.now() - started)
        const status = response.statusCode ?? 0
        if (status >= 500) reject(new Unexpected('5xx', step, `${url.pathname} answered ${status}`))
        else resolve()
      })
    })
    request.end(body)
  })
}

let broken = 0

async function apply(context: SoakContext, browser: Browser) {
  await checkAvailability(context, browser)
  await think(context)
  const cart = await browser.post('apply: add a plan', '/plans/cart', {
    intent: 'add-plan',
    planCode: 'fiber-plan-1299',
  })
  expectPage(cart, 302, /\/plans\/cart$/)
  await think(context)
  expectText(expectPage(await browser.get('apply: documents page', DOCUMENTS), 200), 'multipart/form-data')
  await think(context)
  const form = multipart(JPEG, 'government-id.jpg')
  const upload = await browser.request('apply: upload', 'POST', DOCUMENTS, {
    type: form.type,
    data: Buffer.concat([form.head, JPEG, form.tail]),
  })
  expectPage(upload, 302, /\/onboard\/residential\/documents$/)
  if (Math.random() < context.aborts) {
    await brokenUpload(context, browser, broken++ % 2 === 0 ? 'cut' : 'unterminated')
  }
  await think(context)
  const after = expectPage(await browser.get('apply: documents page', DOCUMENTS), 200)
  const listed = new Set([...after.body.matchAll(DOCUMENT_LINK)].map((match) => match[1]))
  if (listed.size !== 1) {
    throw new Unexpected('unexpected page', after.step, `${DOCUMENTS} lists ${listed.size} documents after one upload`)
  }
}

/** At most this many sign-ins of one demo user at once: see signIn. */
const SIGN_INS_PER_USER = 4
const signingIn = new Map<string, { running: number; waiting: (() => void)[] }>()

async function oneOf(email: string) {
  const slot = signingIn.get(email) ?? { running: 0, waiting: [] }
  signingIn.set(email, slot)
  if (slot.running >= SIGN_INS_PER_USER) await new Promise<void>((resolve) => slot.waiting.push(resolve))
  else slot.running++
  // The slot passes straight to the next in line, if any.
  return () => {
    const next = slot.waiting.shift()
    if (next) next()
    else slot.running--
  }
}

/**
 * /login, the provider's redirects, its login form posted, and the redirects back to the
 * dashboard. At most four sign-ins of one user at once here: the lock-out counts an attempt
 * before checking it and clears the count on a success (services/identity/directory.ts), so
 * of six or more right sign-ins of one user at the same moment the sixth is refused as locked
 * out while the first five are being checked, which is not what this soak measures.
 */
async function signIn(context: SoakContext, browser: Browser, email: string) {
  const release = await oneOf(email)
  try {
    if (context.done()) throw new Stopped()
    browser.cookies.clear()
    const form = await browser.follow('sign in: redirects', await browser.get('sign in: redirects', '/login'))
    expectPage(form, 200)
    const action = /action="(\/login\/interaction\/[^"]+)"/.exec(form.body)?.[1]
    if (!action) throw new Unexpected('unexpected page', form.step, `${form.url}: no login form`)
    const posted = await browser.post('sign in: login form', action, { email, password: PASSWORD })
    expectPage(posted, 302)
    const landed = await browser.follow('sign in: redirects', posted)
    expectText(expectPage(landed, 200), 'Welcome,')
    if (!/\/customer$/.test(landed.url)) {
      throw new Unexpected('unexpected page', landed.step, `signed in on ${landed.url}, not /customer`)
    }
  } finally {
    release()
  }
}

async function pay(context: SoakContext, browser: Browser, account: string) {
  const path = `/customer/bill-history/pay/${account}`
  const form = expectPage(await browser.get('pay: form', path), 200)
  const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(form.body)?.[1]
  if (!submissionKey) throw new Unexpected('unexpected page', form.step, `${path}: no pay form`)
  const values = { amount: '20.00', channel: 'CREDIT OR DEBIT CARD|card', submissionKey }
  await think(context)
  expectText(expectPage(await browser.post('pay: review', path, { ...values, intent: 'review' }), 200), 'PAY ₱20.00')
  await think(context)
  const started = expectPage(
    await browser.post('pay: pay', path, { ...values, intent: 'pay' }),
    302,
    /\/sandbox\/paymongo\/checkout\//,
  )
  const checkout = expectPage(await browser.get('sandbox: checkout page', started.location!), 200)
  const action = /<form method="post" action="([^"]+)">\s*<input type="hidden" name="outcome" value="pay">/.exec(
    checkout.body,
  )?.[1]
  if (!action) throw new Unexpected('unexpected page', checkout.step, `${checkout.url}: no pay button`)
  await think(context)
  const paid = await browser.post('sandbox: pay', action, { outcome: 'pay', method: 'card' })
  expectPage(paid, 303, /\/customer\/payment-success\/[0-9a-f-]{36}$/)
  const back = expectPage(await browser.get('pay: payment page', paid.location!), 200)
  expectText(back, /data-testid="payment-state" data-status="(pending|authorised|posted)"/)
}

export type VirtualUser = { n: number; customer: Browser | null; signedInAs: (typeof CUSTOMERS)[number] | null }

async function customer(context: SoakContext, browser: Browser, user: VirtualUser) {
  if (!user.customer || Math.random() < 1 / 3) {
    user.customer?.close()
    user.customer = browser
    user.signedInAs = CUSTOMERS[user.n % CUSTOMERS.length]!
    await signIn(context, browser, user.signedInAs.email)
    await think(context)
  } else browser.close()
  const me = user.customer
  expectText(expectPage(await me.get('dashboard', '/customer'), 200), 'Welcome,')
  await think(context)
  await pay(context, me, user.signedInAs!.account)
}

type Journey = (context: SoakContext, browser: Browser, user: VirtualUser) => Promise<void>

/** The mix: a journey's weight out of 100. */
export const JOURNEYS: { name: string; weight: number; run: Journey }[] = [
  { name: 'landing', weight: 25, run: landing },
  { name: 'plans', weight: 20, run: plans },
  { name: 'check', weight: 15, run: check },
  { name: 'apply', weight: 15, run: apply },
  { name: 'customer', weight: 25, run: customer },
]

function pick() {
  let roll = Math.random() * JOURNEYS.reduce((sum, journey) => sum + journey.weight, 0)
  for (const journey of JOURNEYS) {
    roll -= journey.weight
    if (roll < 0) return journey
  }
  return JOURNEYS[0]!
}

/** One virtual user: journeys one after another, each in a new browser (a customer's session kept), until `done`. */
export async function virtualUser(context: SoakContext, n: number) {
  const user: VirtualUser = { n, customer: null, signedInAs: null }
  while (!context.done()) {
    const journey = pick()
    const browser = new Browser(context.base, context.stats)
    context.stats.count(`journey: ${journey.name}`)
    try {
      await journey.run(context, browser, user)
    } catch (error) {
      if (error instanceof Stopped) break
      if (error instanceof Unexpected) context.stats.error(error.step, error.kind, error.message)
      else context.stats.error(journey.name, errorKind(error), String(error))
      // A customer whose journey failed signs in again next time.
      if (journey.name === 'customer') {
        user.customer?.close()
        user.customer = null
      }
    } finally {
      if (browser !== user.customer) browser.close()
    }
    await sleep(Math.random() * 2 * context.thinkMs)
  }
  user.customer?.close()
}
