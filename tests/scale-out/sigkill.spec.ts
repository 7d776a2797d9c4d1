/**
 * issue 32, item 7 (SIGKILL): copies killed in the middle of an upload and of a payment, in the
 * scale-out set-up (cluster.ts). After a restart:
 *   - no partial file anywhere: not on the documents step, not in the files service's table,
 *     not as a `.part` in the upstreams' shared storage folder, not in the killed copy's temp
 *     folder (its TMPDIR, where the portal reads an upload before sending it on);
 *   - no payment posted twice or lost: the PAY sent again after its portal died is the same
 *     payment (its submission key), and the payment the gateway took while every upstream was
 *     killed is posted once, in the payments service and in the billing ledger.
 * Plain requests (the documents and pay forms as a browser without JavaScript posts them), so
 * the test runs once, in the no-js project.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import sharp from 'sharp'
import { createCookie } from 'react-router'
import { DEMO, logIn } from '../e2e/support/account'
import { draftWithPlan } from '../e2e/support/apply'
import { person } from '../e2e/support/check-availability'
import { acceptCookiesBeforehand } from '../e2e/support/visitor'
import { createUpstreamClient } from '../../app/upstream/client.server'
import { fileCalls } from '../../app/upstream/files.server'
import { hashDraftId } from '../../services/drafts/service'
import { PORTS, PUBLIC_URL, SECRETS, databaseUrl, tmpDir, type ProcessName } from './cluster'
import { kill, restart, workDir } from './control'

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() })
  await client.connect()
  try {
    return (await client.query(sql, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** Files under `folder` (relative), recursively; [] when it does not exist. */
function filesUnder(folder: string, keep: (name: string) => boolean = () => true): string[] {
  if (!fs.existsSync(folder)) return []
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
}

async function cookieHeader(page: Page) {
  return (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

/** A real JPEG of about 3 MB (noise compresses badly), under the 5 MB limit. */
const bigJpeg = () =>
  sharp({
    create: {
      width: 1600,
      height: 1600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer()

/**
 * A POST straight to one portal copy (as nginx would pass it), with the Host and Origin of the
 * public URL: the head and `sent` bytes of the body go at once, the rest only on `finish()`.
 */
function heldPost(port: number, target: string, cookie: string, type: string, body: Buffer, sent: number) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: target,
    method: 'POST',
    headers: {
      host: new URL(PUBLIC_URL).host,
      origin: PUBLIC_URL,
      cookie,
      'content-type': type,
      'content-length': body.length,
    },
  })
  const outcome = new Promise<string>((resolve) => {
    request.on('response', (response) => {
      response.resume()
      resolve(`answered ${response.statusCode}`)
    })
    request.on('error', (error) => resolve(`failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`))
  })
  request.write(body.subarray(0, sent))
  return { outcome, finish: () => request.end(body.subarray(sent)) }
}

async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

test('SIGKILL mid-upload, a portal copy and then an upstream copy: after a restart no partial file anywhere', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, 'once: plain requests')
  test.setTimeout(180_000)
  const folder = await workDir()
  const storage = path.join(folder, 'upstream-data/uploads')
  const partsInStorage = () => filesUnder(storage, (name) => name.endsWith('.part'))
  expect(partsInStorage()).toEqual([])
  await acceptCookiesBeforehand(page)
  await draftWithPlan(page, person('sigkill-upload'))
  const cookie = await cookieHeader(page)
  const draftValue = (await page.context().cookies()).find((c) => c.name === '__Host-draft')!.value
  const draftId = (await createCookie('__Host-draft', { secrets: [SECRETS.SESSION_SECRET] }).parse(
    `__Host-draft=${draftValue}`,
  )) as string
  const documentsOfDraft = () =>
    query<{ id: string }>('SELECT id FROM files.documents WHERE draft_id_hash = $1', [hashDraftId(draftId)])
  const jpeg = await bigJpeg()

  await test.step('portal-3 killed while it reads the upload', async () => {
    const boundary = `----sigkill${crypto.randomBytes(8).toString('hex')}`
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ngovernmentIssued\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="killed.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const victim: ProcessName = 'portal-3'
    const upload = heldPost(
      PORTS.portals[2]!,
      '/onboard/residential/documents',
      cookie,
      `multipart/form-data; boundary=${boundary}`,
      body,
      Math.floor(body.length / 2),
    )
    // Half the file is in the copy's temp folder: kill it there.
    await until(
      'the upload being read in portal-3',
      () => filesUnder(tmpDir(folder, victim)).length,
      (n) => n > 0,
    )
    await kill(victim)
    expect(await upload.outcome).toMatch(/^failed/)
    await restart(victim)
    expect(filesUnder(tmpDir(folder, victim)), 'portal-3 temp folder after its restart').toEqual([])
  })

  await test.step('upstream-2 killed while it stores a file', async () => {
    const victim: ProcessName = 'upstream-2'
    // The portal's own streamed call (app/upstream/files.server.ts), signed as the portals sign
    // it, straight to upstream-2, whose body stops half-way until the copy is dead.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const half = Math.floor(jpeg.length / 2)
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(jpeg.subarray(0, half))
        await held
        controller.enqueue(jpeg.subarray(half))
        controller.close()
      },
    })
    const client = createUpstreamClient({
      fetch: (request) => fetch(request),
      baseUrl: `http://127.0.0.1:${PORTS.upstreams[1]}`,
      channel: 'HiblaWeb',
      secret: SECRETS.UPSTREAM_SECRET,
      scheme: 'hmac',
      timeoutMs: 60_000,
      retryDelayMs: 0,
    })
    const sent = fileCalls(client)
      .upload(draftId, {
        category: 'governmentIssued',
        subCategory: null,
        fileName: 'killed.jpg',
        type: 'jpg',
        body,
        size: jpeg.length,
        sha256: crypto.createHash('sha256').update(jpeg).digest('hex'),
      })
      .then(
        () => 'stored',
        (error: unknown) => `failed: ${String(error)}`,
      )
    await until('the file being written by upstream-2', partsInStorage, (parts) => parts.length > 0)
    await kill(victim)
    release()
    expect(await sent).toMatch(/^failed/)
    await restart(victim)
    expect(partsInStorage(), 'partial files in the storage folder after the restart').toEqual([])
  })

  await test.step('nothing listed: the documents step, the files service', async () => {
    expect(await documentsOfDraft()).toEqual([])
    const html = await (await page.request.get('/onboard/residential/documents')).text()
    expect(html).not.toMatch(/documents\/[0-9a-f-]{36}"/)
    expect(html).not.toContain('killed.jpg')
  })

  await test.step('and an upload now goes through', async () => {
    const answer = await page.request.post('/onboard/residential/documents', {
      multipart: { category: 'governmentIssued', file: { name: 'after.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(302)
    expect(await documentsOfDraft()).toHaveLength(1)
  })
})

test('SIGKILL mid-payment, a portal copy and every upstream copy: the payment is posted once, not lost', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, 'once: plain requests')
  test.setTimeout(600_000)
  const account = '1000000000003'
  await acceptCookiesBeforehand(page)
  await logIn(page, { email: 'customer2@example.com', password: DEMO.customer.password })
  await expect(page).toHaveURL(/\/customer$/)
  const payPath = `/customer/bill-history/pay/${account}`
  const form = await (await page.request.get(payPath)).text()
  const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(form)![1]!
  const values = { amount: '20.00', channel: 'CREDIT OR DEBIT CARD|card', submissionKey, intent: 'pay' }
  const paymentsOfKey = () =>
    query<{ id: string; reference: string; status: string }>(
      'SELECT id, reference, status FROM payments.payments WHERE initiation_key = $1',
      [submissionKey],
    )

  const checkoutUrl = await test.step('portal-2 killed while PAY is on its way, then PAY again', async () => {
    const victim: ProcessName = 'portal-2'
    const body = Buffer.from(new URLSearchParams(values).toString())
    const pay = heldPost(
      PORTS.portals[1]!,
      payPath,
      await cookieHeader(page),
      'application/x-www-form-urlencoded',
      body,
      0,
    )
    pay.finish()
    await kill(victim)
    await pay.outcome
    expect((await paymentsOfKey()).length).toBeLessThanOrEqual(1)
    await restart(victim)
    // The browser sends the same form again (its submission key): the same payment, once.
    const again = await page.request.post(payPath, { form: values, maxRedirects: 0 })
    expect(again.status()).toBe(302)
    expect(await paymentsOfKey()).toHaveLength(1)
    return again.headers().location!
  })
  const [payment] = await paymentsOfKey()

  await test.step('every upstream copy killed as the gateway takes the payment', async () => {
    const checkout = await (await page.request.get(checkoutUrl)).text()
    const action = /<form method="post" action="([^"]+)"><input type="hidden" name="outcome" value="pay">/.exec(
      checkout,
    )![1]!
    const paid = await page.request.post(action, { form: { outcome: 'pay', method: 'card' }, maxRedirects: 0 })
    expect(paid.status()).toBe(303)
    // The webhook is queued with the paid session; its delivery is under way or about to be.
    await kill('upstream-1')
    await kill('upstream-2')
    await restart('upstream-1')
    await restart('upstream-2')
  })

  await test.step('posted once in the payments service and in the billing ledger', async () => {
    // A delivery cut off mid-way is retried when its lease ends (5 minutes), or the payment is
    // reconciled with the gateway: either posts it, once.
    await until(
      'the payment posted',
      async () => (await paymentsOfKey())[0]?.status,
      (status) => status === 'posted',
      420_000,
    )
    expect(await paymentsOfKey()).toEqual([{ ...payment, status: 'posted' }])
    const postings = await query<{ count: string }>('SELECT count(*) FROM billing.payments WHERE reference = $1', [
      payment!.reference,
    ])
    expect(postings[0]!.count).toBe('1')
    // And the customer sees it on the payment's page.
    const back = await (await page.request.get(`/customer/payment-success/${payment!.id}`)).text()
    expect(back).toContain('data-status="posted"')
  })
})
