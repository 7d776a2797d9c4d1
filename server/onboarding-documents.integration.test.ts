/**
 * The documents step over HTTP, with real bytes (issue 10 acceptance): the real portal
 * (Vite middleware mode) and its in-process services on a fresh database, the local
 * storage driver under the test's DATA_DIR. Each refusal answers its message and leaves
 * nothing stored; another browser can neither list, download nor delete this draft's files.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES, UPLOAD_MESSAGES } from '../lib/documents'
import { CookieJar } from '../tests/support/identity-provider'
import { startTestPortal, type TestPortal } from '../tests/support/portal'

const FIXTURES = path.join(import.meta.dirname, '../tests/fixtures')
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name))
const PAGE = '/onboard/residential/documents'

let t: TestPortal
beforeAll(async () => {
  t = await startTestPortal()
})
afterAll(() => t?.close())

/** Every object the local driver holds. */
function storedObjects(): string[] {
  const root = path.join(t.config.DATA_DIR, 'uploads')
  if (!fs.existsSync(root)) return []
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
}

/** A visitor with a plan in the cart: the draft the documents belong to. */
async function visitorWithPlan(planCode = 'fiber-plan-1299') {
  const jar = new CookieJar()
  const response = await jar.fetch(`${t.base}/plans/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'add-plan', planCode }),
  })
  expect(response.status).toBe(302)
  expect(jar.cookies.get('draft')).toBeTruthy()
  return jar
}

type Part = { name: string; bytes: Buffer }

/** A multipart body built by hand, so a test can send names a browser would escape. */
function multipart(fields: Record<string, string>, files: Part[]) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
      Buffer.from(file.name, 'utf8'),
      Buffer.from(`"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` }
}

async function upload(jar: CookieJar, category: string, files: Part[], fields: Record<string, string> = {}) {
  const { body, type } = multipart({ category, ...fields }, files)
  const response = await jar.fetch(`${t.base}${PAGE}`, { method: 'POST', headers: { 'content-type': type }, body })
  return { status: response.status, text: await response.text(), location: response.headers.get('location') }
}

async function page(jar: CookieJar) {
  const response = await jar.fetch(`${t.base}${PAGE}`)
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

/** The file ids the page links to. */
const fileIds = (html: string) => [...html.matchAll(/documents\/([0-9a-f-]{36})"/g)].map((m) => m[1]!)

/** A distinct small JPEG: the fixture with trailing bytes (a JPEG reader ignores them). */
const jpeg = (n: number) => Buffer.concat([fixture('government-id.jpg'), Buffer.from(`#${n}#${crypto.randomUUID()}`)])

describe('/onboard/:path/documents', () => {
  it('sends a visitor without a plan to /plans, and the wrong path to the right one', async () => {
    const stranger = new CookieJar()
    const response = await stranger.fetch(`${t.base}${PAGE}`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/plans')
    const jar = await visitorWithPlan()
    expect((await jar.fetch(`${t.base}/onboard/sme/documents`)).headers.get('location')).toBe(PAGE)
  })

  it('uploads a real JPG and PDF, lists them, serves them back as attachments and deletes', async () => {
    const jar = await visitorWithPlan()
    const before = storedObjects().length
    const id = await upload(jar, 'governmentIssued', [{ name: 'my id.jpg', bytes: fixture('government-id.jpg') }])
    expect(id.status).toBe(302)
    const bill = await upload(jar, 'proofOfBilling', [{ name: 'bill.pdf', bytes: fixture('proof-of-billing.pdf') }])
    expect(bill.status).toBe(302)
    expect(storedObjects().length).toBe(before + 2)

    const { html } = await page(jar)
    expect(html).toContain('my id.jpg')
    expect(html).toContain('bill.pdf')
    const [jpgId, pdfId] = fileIds(html)
    const jpg = await jar.fetch(`${t.base}${PAGE}/${jpgId}`)
    expect(jpg.status).toBe(200)
    expect(jpg.headers.get('content-type')).toBe('image/jpeg')
    expect(jpg.headers.get('content-disposition')).toMatch(/^attachment; filename="my id.jpg"/)
    expect(Buffer.from(await jpg.arrayBuffer()).equals(fixture('government-id.jpg'))).toBe(true)
    const pdf = await jar.fetch(`${t.base}${PAGE}/${pdfId}`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/)
    await pdf.arrayBuffer()

    // The same file again in the same category: spec 4's 417 skip, nothing new stored, no failure.
    const again = await upload(jar, 'governmentIssued', [{ name: 'copy.jpg', bytes: fixture('government-id.jpg') }])
    expect(again.status).toBe(302)
    expect(storedObjects().length).toBe(before + 2)

    const removed = await jar.fetch(`${t.base}${PAGE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'delete', fileId: pdfId! }),
    })
    expect(removed.status).toBe(302)
    expect(storedObjects().length).toBe(before + 1)
    expect((await page(jar)).html).not.toContain('bill.pdf')
  })

  it('converts a PNG photo to JPEG', async () => {
    const jar = await visitorWithPlan()
    const sent = await upload(jar, 'supplementary', [{ name: 'house.png', bytes: fixture('house-photo.png') }], {
      subCategory: 'customerAndHouse',
    })
    expect(sent.status).toBe(302)
    const { html } = await page(jar)
    expect(html).toContain('house.jpg')
    const [id] = fileIds(html)
    const file = await jar.fetch(`${t.base}${PAGE}/${id}`)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    const bytes = Buffer.from(await file.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  })

  it('converts a phone photo in HEIC (HEVC, made by libheif) to a JPEG of the same size', async () => {
    const jar = await visitorWithPlan()
    const sent = await upload(jar, 'governmentIssued', [{ name: 'IMG_0042.HEIC', bytes: fixture('id-photo.heic') }])
    expect(sent.status).toBe(302)
    const { html } = await page(jar)
    expect(html).toContain('IMG_0042.jpg')
    const [id] = fileIds(html)
    const file = await jar.fetch(`${t.base}${PAGE}/${id}`)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    const bytes = Buffer.from(await file.arrayBuffer())
    const { default: sharp } = await import('sharp')
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
  })

  describe('refuses, with its message, and stores nothing', () => {
    const cases: [string, Part][] = [
      [
        UPLOAD_MESSAGES.tooLarge,
        {
          name: 'big.jpg',
          bytes: Buffer.concat([fixture('government-id.jpg'), Buffer.alloc(MAX_FILE_BYTES + 1 - 821, 7)]),
        },
      ],
      [
        UPLOAD_MESSAGES.wrongType,
        {
          name: 'photo.jpg',
          bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), crypto.randomBytes(4000)]),
        },
      ],
      [
        UPLOAD_MESSAGES.wrongType,
        { name: 'bill.pdf', bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>') },
      ],
      [UPLOAD_MESSAGES.invalidName, { name: '../../etc/passwd.jpg', bytes: fixture('government-id.jpg') }],
      [UPLOAD_MESSAGES.invalidName, { name: 'id\u0001\u0007.jpg', bytes: fixture('government-id.jpg') }],
      [UPLOAD_MESSAGES.invalidName, { name: 'folder\\id.jpg', bytes: fixture('government-id.jpg') }],
      [UPLOAD_MESSAGES.invalidName, { name: 'id\tcard\u007f.jpg', bytes: fixture('government-id.jpg') }],
      // issue 32, finding 5: what a file claims is checked, its name for format characters, and
      // an over-long name and an empty file each say what is wrong.
      [UPLOAD_MESSAGES.damaged, { name: 'cut.jpg', bytes: fixture('government-id.jpg').subarray(0, 500) }],
      [UPLOAD_MESSAGES.damaged, { name: 'nine.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73]) }],
      [UPLOAD_MESSAGES.damaged, { name: 'cut.pdf', bytes: fixture('proof-of-billing.pdf').subarray(0, 300) }],
      [UPLOAD_MESSAGES.invalidName, { name: 'a\u202egpj.exe.jpg', bytes: fixture('government-id.jpg') }],
      [UPLOAD_MESSAGES.invalidName, { name: 'id\u2066card\u2069.jpg', bytes: fixture('government-id.jpg') }],
      [UPLOAD_MESSAGES.nameTooLong, { name: `${'a'.repeat(296)}.jpg`, bytes: fixture('government-id.jpg') }],
      [UPLOAD_MESSAGES.emptyFile, { name: 'empty.jpg', bytes: Buffer.alloc(0) }],
    ]
    it.each(cases)('%s (%#)', async (message, part) => {
      expect(part.bytes.length === MAX_FILE_BYTES + 1 || part.bytes.length < MAX_FILE_BYTES).toBe(true)
      const jar = await visitorWithPlan()
      const before = storedObjects().length
      const answer = await upload(jar, 'governmentIssued', [part])
      expect(answer.status).toBe(400)
      expect(answer.text.replaceAll('&#x27;', "'").replaceAll('&quot;', '"')).toContain(message)
      expect(storedObjects().length).toBe(before)
      expect(fileIds((await page(jar)).html)).toEqual([])
    })

    it('a 13th file', async () => {
      const jar = await visitorWithPlan()
      const twelve = Array.from({ length: 12 }, (_, n) => ({ name: `id-${n}.jpg`, bytes: jpeg(n) }))
      expect((await upload(jar, 'governmentIssued', twelve)).status).toBe(302)
      const before = storedObjects().length
      const thirteenth = await upload(jar, 'governmentIssued', [{ name: 'id-13.jpg', bytes: jpeg(13) }])
      expect(thirteenth.status).toBe(400)
      expect(thirteenth.text).toContain(UPLOAD_MESSAGES.tooMany)
      expect(storedObjects().length).toBe(before)
      expect(fileIds((await page(jar)).html)).toHaveLength(12)
    })
  })

  it('accepts a file of exactly 5 MB', async () => {
    const jar = await visitorWithPlan()
    const bytes = Buffer.concat([fixture('government-id.jpg'), Buffer.alloc(MAX_FILE_BYTES - 821, 7)])
    expect(bytes.length).toBe(MAX_FILE_BYTES)
    expect((await upload(jar, 'governmentIssued', [{ name: 'exact.jpg', bytes }])).status).toBe(302)
  })

  it('another browser cannot list, download or delete this draft’s files', async () => {
    const owner = await visitorWithPlan()
    await upload(owner, 'governmentIssued', [{ name: 'owner-id.jpg', bytes: jpeg(99) }])
    const [fileId] = fileIds((await page(owner)).html)
    expect(fileId).toBeTruthy()

    const other = await visitorWithPlan()
    const listed = await page(other)
    expect(listed.html).not.toContain('owner-id.jpg')
    expect((await other.fetch(`${t.base}${PAGE}/${fileId}`)).status).toBe(404)
    const stranger = new CookieJar()
    expect((await stranger.fetch(`${t.base}${PAGE}/${fileId}`)).status).toBe(404)
    const deleted = await other.fetch(`${t.base}${PAGE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'delete', fileId: fileId! }),
    })
    expect(deleted.status).toBe(404)
    expect((await page(owner)).html).toContain('owner-id.jpg')
    expect((await owner.fetch(`${t.base}${PAGE}/${fileId}`)).status).toBe(200)
  })
})
