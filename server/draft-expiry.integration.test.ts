/**
 * No draft lost to the clock (issue 38, item 6), over HTTP on the real portal and its services: a
 * flow's page says until when what the visitor entered is kept; Continue (POST /draft/extend)
 * keeps it 4 more hours, as a plain form and as the page's fetcher; and a draft whose 4 hours
 * ended sends the visitor back with a clear word, on the check and in the wizard, never a blank
 * form without one. The draft's end is moved in its row, as the hours passing would move it.
 */
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate } from '../lib/dates'
// The bench's serviceable building: the same step-2 form a visitor posts.
import { STEP_TWO } from '../scripts/bench/check-availability'
import { DRAFT_TEXT } from '../app/features/drafts/texts'
import { drafts } from '../services/drafts/tables'
import { CookieJar } from '../tests/support/identity-provider'
import { startTestPortal, type TestPortal } from '../tests/support/portal'

let t: TestPortal
beforeAll(async () => {
  t = await startTestPortal()
}, 300_000)
afterAll(() => t?.close())

const MINUTE = 60_000
const HOUR = 60 * MINUTE

function post(jar: CookieJar, path: string, form: Record<string, string>) {
  return jar.fetch(`${t.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.base },
    body: new URLSearchParams(form),
  })
}

async function page(jar: CookieJar, path: string) {
  const response = await jar.fetch(`${t.base}${path}`)
  return { status: response.status, html: await response.text() }
}

/** The HTML's text as a reader gets it (React writes an apostrophe or a quote as an entity). */
const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

/** A visitor past step 1 of the check: a draft of their own. */
async function visitorWithDraft() {
  const jar = new CookieJar()
  const details = await post(jar, '/CheckAvailability', {
    intent: 'details',
    firstName: 'Maria',
    lastName: 'Clock',
    mobileNo: '(917) 555 0101',
    email: 'maria.clock@example.net',
    checkTerms: 'on',
  })
  expect(details.status).toBe(302)
  expect(jar.cookies.get('draft')).toBeTruthy()
  return jar
}

/** The newest draft's row (each test's visitor made the newest one). */
async function newestDraft() {
  const [row] = await t.database.db.select().from(drafts).orderBy(desc(drafts.createdAt)).limit(1)
  return row!
}

/** The newest draft's end moved to `at`, as the hours passing would bring it near. */
async function setEnd(at: Date) {
  const row = await newestDraft()
  await t.database.db.update(drafts).set({ expiresAt: at }).where(eq(drafts.idHash, row.idHash))
}

describe('a flow page says until when the draft is kept', () => {
  it('shows the end in Manila time, and Continue keeps it 4 more hours, as a form and as a fetcher', async () => {
    const jar = await visitorWithDraft()
    const first = await newestDraft()
    const step2 = await page(jar, '/CheckAvailability')
    expect(step2.status).toBe(200)
    expect(text(step2.html)).toContain(DRAFT_TEXT.keptUntil(formatDate(first.expiresAt, 'time')))

    // Nearly 4 hours later (the row's end 5 minutes away): the page says so.
    const soon = new Date(Date.now() + 5 * MINUTE)
    await setEnd(soon)
    expect(text((await page(jar, '/CheckAvailability')).html)).toContain(DRAFT_TEXT.keptUntil(formatDate(soon, 'time')))

    // Continue without JavaScript: a plain form, back to the page with a word.
    const kept = await post(jar, '/draft/extend', { returnTo: '/CheckAvailability' })
    expect(kept.status).toBe(302)
    expect(kept.headers.get('location')).toBe('/CheckAvailability')
    const row = await newestDraft()
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * HOUR - MINUTE)
    const back = text((await page(jar, '/CheckAvailability')).html)
    expect(back).toContain(DRAFT_TEXT.kept(formatDate(row.expiresAt, 'time')))
    expect(back).toContain(DRAFT_TEXT.keptUntil(formatDate(row.expiresAt, 'time')))

    // Continue with JavaScript: the fetcher gets the new end.
    await setEnd(soon)
    const fetched = await post(jar, '/draft/extend', {})
    expect(fetched.status).toBe(200)
    const answer = (await fetched.json()) as { ok: boolean; expiresAt: string }
    expect(answer.ok).toBe(true)
    expect(Date.parse(answer.expiresAt)).toBeGreaterThan(Date.now() + 4 * HOUR - MINUTE)
    expect((await newestDraft()).expiresAt.toISOString()).toBe(answer.expiresAt)
  })

  it('an open redirect is not followed: returnTo goes to this site only', async () => {
    const jar = await visitorWithDraft()
    const kept = await post(jar, '/draft/extend', { returnTo: '//evil.example/phish' })
    expect(kept.status).toBe(302)
    expect(kept.headers.get('location')).toBe('/')
  })
})

describe('a draft whose 4 hours ended', () => {
  it('sends the check back to step 1 with a clear word, and the cookie goes', async () => {
    const jar = await visitorWithDraft()
    await setEnd(new Date(Date.now() - MINUTE))
    // Step 2 posted after the end: back to the start of the check.
    const checked = await post(jar, '/CheckAvailability', STEP_TWO)
    expect(checked.status).toBe(302)
    expect(checked.headers.get('location')).toBe('/CheckAvailability')
    const start = await page(jar, '/CheckAvailability')
    expect(start.status).toBe(200)
    expect(text(start.html)).toContain(DRAFT_TEXT.ended)
    expect(jar.cookies.has('draft')).toBe(false)
    // Said once: the next page is step 1 as for anyone new.
    expect(text((await page(jar, '/CheckAvailability')).html)).not.toContain(DRAFT_TEXT.ended)
  })

  it('sends the wizard back to the check with the same word, not "check your address first"', async () => {
    const jar = await visitorWithDraft()
    await setEnd(new Date(Date.now() - MINUTE))
    const wizard = await jar.fetch(`${t.base}/onboard/residential/personalDetails`)
    expect(wizard.status).toBe(302)
    expect(wizard.headers.get('location')).toBe('/CheckAvailability')
    const check = text((await page(jar, '/CheckAvailability')).html)
    expect(check).toContain(DRAFT_TEXT.ended)
  })

  it('answers a late Continue that the draft has ended (410 to the fetcher, a toast to a form)', async () => {
    const jar = await visitorWithDraft()
    await setEnd(new Date(Date.now() - MINUTE))
    const fetched = await post(jar, '/draft/extend', {})
    expect(fetched.status).toBe(410)
    expect(await fetched.json()).toEqual({ ok: false, message: DRAFT_TEXT.ended })
    expect(jar.cookies.has('draft')).toBe(false)

    const other = await visitorWithDraft()
    await setEnd(new Date(Date.now() - MINUTE))
    const form = await post(other, '/draft/extend', { returnTo: '/CheckAvailability' })
    expect(form.status).toBe(302)
    expect(text((await page(other, '/CheckAvailability')).html)).toContain(DRAFT_TEXT.ended)
  })
})
