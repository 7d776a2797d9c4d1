/**
 * The customer's help routes over HTTP (issue 11, item 5; docs/security.md, Access control):
 * the real portal and its services, two signed-in customers. A concern is filed and read
 * back by its owner only: the other customer's ticket page is the not-found page and their
 * list does not hold it. Filing for an account that is not one of the user's verified ones
 * is refused beside the field with the form kept; the no-JS cascade (Update) lists the new
 * type's sub-types and clears a sub-type of another type; the fetcher's route answers a
 * type's sub-types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPPORT_MESSAGES } from '../lib/support-words'
import { TEST_SCRYPT_PARAMS } from '../services/context'
import { hashPassword } from '../services/identity/password'
import { users } from '../services/identity/tables'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal'

let t: TestPortal
let carlos: Awaited<ReturnType<typeof signInByRequests>>
let liza: Awaited<ReturnType<typeof signInByRequests>>

const LIZA = { email: 'liza.help@example.com', password: 'Customer2024' }

beforeAll(async () => {
  t = await startTestPortal()
  await t.database.db.insert(users).values({
    email: LIZA.email,
    firstName: 'LIZA',
    lastName: 'SANTOS',
    mobileNumber: '9171234567',
    passwordHash: await hashPassword(LIZA.password, TEST_SCRYPT_PARAMS),
    roles: ['base', 'customer'],
    accountNumbers: ['1000000000003'],
    verifiedAccountNumbers: ['1000000000003'],
    activeAccountNumber: '1000000000003',
    emailVerified: true,
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  carlos = await signInByRequests(t.base, { email: 'customer@example.com', password: 'Customer2024' })
  liza = await signInByRequests(t.base, LIZA)
}, 180_000)
afterAll(() => t?.close())

type Session = typeof carlos

async function page(who: Session, path: string) {
  const response = await who.go(path)
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

/** The concern form's one-time key, as the page hands it out. */
async function submissionKey(who: Session) {
  const { html } = await page(who, '/customer/help/concern')
  return /name="submissionKey" value="([^"]+)"/.exec(html)![1]!
}

async function postConcern(who: Session, fields: Record<string, string>) {
  const response = await who.go('/customer/help/concern', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ submissionKey: await submissionKey(who), ...fields }),
  })
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

describe('a ticket is its owner’s only', () => {
  it('files a concern, shows it to its owner, and is not found for another customer', async () => {
    const description = `Integration concern ${Date.now()}`
    const filed = await postConcern(carlos, {
      intent: 'submit',
      accountNumber: '1000000000002',
      concernType: 'technical',
      subType: 'technical-intermittent',
      description,
    })
    expect(filed.status).toBe(302)
    expect(filed.location).toMatch(/^\/customer\/help\/tickets\/CN-[A-Z2-9]{8}$/)
    const ticketPath = filed.location!

    const own = await page(carlos, ticketPath)
    expect(own.status).toBe(200)
    expect(own.html).toContain(description)
    expect((await page(carlos, '/customer/help')).html).toContain(ticketPath.split('/').pop())

    const other = await page(liza, ticketPath)
    expect(other.status).toBe(404)
    expect(other.html).not.toContain(description)
    const list = await page(liza, '/customer/help')
    expect(list.status).toBe(200)
    expect(list.html).not.toContain(ticketPath.split('/').pop())
  }, 60_000)

  it('sends a visitor who is not signed in to login', async () => {
    const response = await fetch(`${t.base}/customer/help/tickets/CN-ABCDEFGH`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/^\/login/)
  })
})

describe('the concern form', () => {
  it('refuses another customer’s account beside the field and keeps the input', async () => {
    const answer = await postConcern(carlos, {
      intent: 'submit',
      accountNumber: '1000000000003',
      concernType: 'billing',
      subType: 'billing-incorrect-bill',
      description: 'Not my account, refused.',
    })
    expect(answer.status).toBe(400)
    expect(answer.html).toContain(SUPPORT_MESSAGES.notYourAccount)
    expect(answer.html).toContain('Not my account, refused.')
  }, 60_000)

  it('Update lists the chosen type’s sub-types, clears one of another type, and files nothing', async () => {
    const answer = await postConcern(carlos, {
      intent: 'update',
      accountNumber: '1000000000001',
      concernType: 'billing',
      subType: 'technical-slow-browsing',
      description: 'Kept while the list changes.',
    })
    expect(answer.status).toBe(200)
    expect(answer.html).toContain('Payment not posted')
    expect(answer.html).not.toContain('Slow browsing')
    expect(answer.html).not.toMatch(/<option value="technical-slow-browsing" selected/)
    expect(answer.html).toContain('Kept while the list changes.')
    expect(answer.html).not.toContain('Please choose a sub-type')
  }, 60_000)

  it('answers the fetcher a type’s sub-types, and none for an unknown type', async () => {
    const known = await carlos.go('/customer/help/concern/sub-types?concernType=billing')
    const body = (await known.json()) as { subTypes: { name: string }[] }
    expect(body.subTypes.map((type) => type.name)).toContain('Payment not posted')
    const unknown = await carlos.go('/customer/help/concern/sub-types?concernType=nothing')
    expect(((await unknown.json()) as { subTypes: unknown[] }).subTypes).toEqual([])
  }, 60_000)
})
