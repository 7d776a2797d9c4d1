/**
 * The help centre and the support calls through the real gateway and the portal's client
 * (spec 1, help centre; spec 7, Content and Support; docs/security.md, Access control):
 * search finds answers by words in the question or the answer and finds nothing for
 * nonsense; concern types cascade to their own sub-types only; a ticket is filed only for
 * an account the token lists, and read back only by the user who filed it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UpstreamError } from '../../app/upstream/errors.ts'
import { SUPPORT_MESSAGES } from '../../lib/support.ts'
import { users } from '../../services/identity/tables.ts'
import { tickets } from '../../services/support/tables.ts'
import { signAccessToken } from '../../services/testing.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'

let t: TestUpstream
let customerId: string
let otherId: string

const CUSTOMER_ACCOUNTS = ['1000000000001', '1000000000002']
const OTHER_ACCOUNT = '1000000000003'

beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
  const [customer] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'customer@example.com'))
  customerId = customer!.id
  const [other] = await t.database.db
    .insert(users)
    .values({
      email: 'liza.help@example.com',
      firstName: 'LIZA',
      lastName: 'SANTOS',
      mobileNumber: '9171234567',
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      accountNumbers: [OTHER_ACCOUNT],
      verifiedAccountNumbers: [OTHER_ACCOUNT],
      activeAccountNumber: OTHER_ACCOUNT,
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: users.id })
  otherId = other!.id
})
afterAll(() => t?.close())

const tokenFor = (sub: string, accountNumbers: string[]) =>
  signAccessToken(t, { sub, realm_access: { roles: ['base', 'customer'] }, accountNumber: accountNumbers })

let keySerial = 0
const newKey = () => `test-submission-key-${++keySerial}-${Date.now()}`

async function refusal(call: Promise<unknown>): Promise<UpstreamError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

describe('help content', () => {
  it('lists categories with their entry counts, and featured FAQs', async () => {
    const categories = await t.upstream.help.categories()
    expect(categories.map((category) => category.id)).toContain('internet-connection')
    expect(categories.every((category) => category.entryCount > 0)).toBe(true)
    const featured = await t.upstream.help.featured()
    expect(featured.length).toBeGreaterThanOrEqual(4)
    expect(featured.every((entry) => entry.featured && entry.kind === 'faq')).toBe(true)
  })

  it("answers a category's entries and one answer by faqId, and 404 for unknown ones", async () => {
    const { category, answers } = await t.upstream.help.answers('bills-and-payments')
    expect(category.name).toBe('Bills and payments')
    expect(answers.map((entry) => entry.faqId)).toContain('payment-channels')
    const { entry } = await t.upstream.help.answer('payment-channels')
    // The product name replaces {product} in the seed.
    expect(entry.answer).toContain(`your ${t.config.PRODUCT_NAME} bill`)
    expect((await refusal(t.upstream.help.answers('no-such-category'))).status).toBe(404)
    expect((await refusal(t.upstream.help.answer('no-such-answer'))).status).toBe(404)
  })

  it('serves the knowledge base and the videos', async () => {
    const [articles, videos] = await Promise.all([t.upstream.help.knowledgeBase(), t.upstream.help.videos()])
    expect(articles.length).toBeGreaterThan(0)
    expect(articles.every((entry) => entry.kind === 'article')).toBe(true)
    expect(videos.every((entry) => entry.kind === 'video')).toBe(true)
  })
})

describe('help search', () => {
  it('finds an answer by words of its question, whatever the case', async () => {
    const { results } = await t.upstream.help.search('LOS red light')
    expect(results[0]!.faqId).toBe('no-internet-los-red-light')
  })

  it('needs every word, in the question or the answer, and ranks question matches first', async () => {
    const { results } = await t.upstream.help.search('password wifi')
    expect(results.map((entry) => entry.faqId)).toContain('change-wifi-password')
    for (const entry of results) {
      const text = `${entry.question} ${entry.answer}`.toLowerCase().replaceAll('-', '')
      expect(text).toContain('password')
      expect(text).toContain('wifi')
    }
    // "wifi" finds "Wi-Fi"; a question with both words comes before answers that only mention them.
    expect(results[0]!.question).toMatch(/Wi-Fi.*password|password.*Wi-Fi/i)
  })

  it('matches parts of words: "pay" finds the payment channels', async () => {
    const { results } = await t.upstream.help.search('pay')
    expect(results.map((entry) => entry.faqId)).toContain('payment-channels')
  })

  it('finds nothing for words that are nowhere, and for LIKE wildcards on their own', async () => {
    expect((await t.upstream.help.search('xylophone zebra')).results).toEqual([])
    expect((await t.upstream.help.search('%%')).results).toEqual([])
    expect((await t.upstream.help.search('__ %_')).results).toEqual([])
  })
})

describe('concern types', () => {
  it('cascade: each concern type has its own sub-types, and an unknown type is a 404', async () => {
    const token = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const types = await t.upstream.support.concernTypes(token)
    expect(types.map((type) => type.code)).toEqual(['technical', 'billing', 'account', 'service'])
    const technical = await t.upstream.support.subTypes(token, 'technical')
    const billing = await t.upstream.support.subTypes(token, 'billing')
    expect(technical.map((type) => type.name)).toContain('Slow browsing')
    expect(billing.map((type) => type.name)).toContain('Payment not posted')
    expect(technical.some((type) => billing.some((other) => other.code === type.code))).toBe(false)
    expect((await refusal(t.upstream.support.subTypes(token, 'no-such-type'))).status).toBe(404)
    // A sub-type is not a concern type of its own.
    expect((await refusal(t.upstream.support.subTypes(token, technical[0]!.code))).status).toBe(404)
  })

  it('need a signed-in user', async () => {
    expect((await refusal(t.upstream.support.concernTypes('not-a-token'))).status).toBe(401)
  })
})

describe('filing and reading tickets', () => {
  it('files a concern for one of the user’s accounts, OPEN, with a reference number, and lists it', async () => {
    const token = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const filed = await t.upstream.support.fileConcern(token, newKey(), {
      accountNumber: '1000000000002',
      concernType: 'technical',
      subType: 'technical-slow-browsing',
      description: 'Speed drops to 2 Mbps every evening from 7 pm.',
    })
    expect(filed.referenceNumber).toMatch(/^CN-[A-Z2-9]{8}$/)
    expect(filed.status).toBe('OPEN')
    expect(filed.subType?.name).toBe('Slow browsing')
    const list = await t.upstream.support.tickets(token)
    expect(list.map((ticket) => ticket.referenceNumber)).toContain(filed.referenceNumber)
    const read = await t.upstream.support.ticket(token, filed.referenceNumber)
    expect(read.description).toBe('Speed drops to 2 Mbps every evening from 7 pm.')
  })

  it('files an after-sales ticket (v2)', async () => {
    const token = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const filed = await t.upstream.support.fileAfterSales(token, newKey(), {
      accountNumber: '1000000000001',
      afterSalesType: 'repair',
      description: 'LOS light red since this morning, cable looks fine.',
    })
    expect(filed.referenceNumber).toMatch(/^AS-/)
    expect(filed.kind).toBe('after_sales')
    expect(filed.concernType.name).toBe('Repair request (technician visit)')
  })

  it('files one ticket for a form sent twice with the same key', async () => {
    const token = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const key = newKey()
    const concern = {
      accountNumber: '1000000000001',
      concernType: 'billing',
      subType: 'billing-payment-not-posted',
      description: 'Paid 1,299 pesos at an outlet five days ago.',
    }
    const first = await t.upstream.support.fileConcern(token, key, concern)
    const second = await t.upstream.support.fileConcern(token, key, concern)
    expect(second.referenceNumber).toBe(first.referenceNumber)
    const stored = await t.database.db.select().from(tickets).where(eq(tickets.submissionKey, key))
    expect(stored).toHaveLength(1)
  })

  it('refuses an account the token does not list, with the message on the account field', async () => {
    const token = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const error = await refusal(
      t.upstream.support.fileConcern(token, newKey(), {
        accountNumber: OTHER_ACCOUNT,
        concernType: 'technical',
        subType: 'technical-no-internet',
        description: 'Someone else’s account, refused.',
      }),
    )
    expect(error.status).toBe(403)
    expect(error.fields?.accountNumber).toEqual([SUPPORT_MESSAGES.notYourAccount])
    const afterSales = await refusal(
      t.upstream.support.fileAfterSales(token, newKey(), {
        accountNumber: OTHER_ACCOUNT,
        afterSalesType: 'repair',
        description: 'Someone else’s account, refused.',
      }),
    )
    expect(afterSales.status).toBe(403)
  })

  it('refuses a sub-type of another concern type, and bad input, per field', async () => {
    const token = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const mismatch = await refusal(
      t.upstream.support.fileConcern(token, newKey(), {
        accountNumber: '1000000000001',
        concernType: 'billing',
        subType: 'technical-no-internet',
        description: 'A sub-type that belongs to Technical.',
      }),
    )
    expect(mismatch.status).toBe(422)
    expect(mismatch.fields?.subType).toEqual([SUPPORT_MESSAGES.unknownSubType])
    const short = await refusal(
      t.upstream.support.fileConcern(token, newKey(), {
        accountNumber: '1000000000001',
        concernType: 'billing',
        subType: 'billing-incorrect-bill',
        description: 'short',
      }),
    )
    expect(short.status).toBe(422)
    expect(short.fields?.description).toEqual([SUPPORT_MESSAGES.tooShort])
  })

  it('never shows one user’s ticket to another: not in their list, and 404 by reference number', async () => {
    const owner = await tokenFor(customerId, CUSTOMER_ACCOUNTS)
    const filed = await t.upstream.support.fileConcern(owner, newKey(), {
      accountNumber: '1000000000001',
      concernType: 'account',
      subType: 'account-change-info',
      description: 'Please update my registered mobile number.',
    })
    const stranger = await tokenFor(otherId, [OTHER_ACCOUNT])
    expect((await refusal(t.upstream.support.ticket(stranger, filed.referenceNumber))).status).toBe(404)
    expect((await t.upstream.support.tickets(stranger)).map((ticket) => ticket.referenceNumber)).not.toContain(
      filed.referenceNumber,
    )
    // Even a token that lists the same account does not open another user's ticket.
    const sameAccount = await tokenFor(otherId, ['1000000000001'])
    expect((await refusal(t.upstream.support.ticket(sameAccount, filed.referenceNumber))).status).toBe(404)
    // Nor does the owner's once the account is no longer theirs.
    const unlinked = await tokenFor(customerId, ['1000000000002'])
    expect((await refusal(t.upstream.support.ticket(unlinked, filed.referenceNumber))).status).toBe(404)
    // A malformed reference number is the same 404.
    expect((await refusal(t.upstream.support.ticket(owner, '../tickets'))).status).toBe(404)
  })
})
