/**
 * Sending rejected documents again (issue 10 part 4): the submission binds the draft's
 * documents to the application; an operator rejects two categories; the applicant proves
 * the email on the compliance page and sends each one again at
 * /compliance/{id}/upload/{category}; with the last one the application goes back to
 * documents in review. Real Requests against the real gateway (docs/decisions/0033).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPlan } from '~/features/cart/cart.server'
import { visitOf } from '~/visit/visit.server'
import { readDraft } from '../../../tests/support/drafts'
import { complianceAccess } from '~/features/application-status/compliance.server'
import { UPLOAD_MESSAGES } from '../../../lib/documents'
import { DEMO_PAYLOAD } from '../../../services/applications/seed'
import { OPERATOR_CHANNEL } from '../../../services/applications/tracking-routes'
import { uploadedDocuments } from '../../../services/files/tables'
import { latestMessagesFor } from '../../../services/notifications/outbox'
import { signedCall } from '../../../services/testing'
import { settleRoute } from '../../../tests/support/route-result'
import { startTestUpstream, type TestUpstream } from '../../../tests/support/upstream'
import { action as complianceAction } from './compliance'
import { action as uploadAction, loader as uploadLoader } from './compliance-upload'
import { routeArgs } from '../../../tests/support/route-args'

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures', name))
const jpg = fixture('government-id.jpg')
const pdf = fixture('proof-of-billing.pdf')
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')
const newKey = () => crypto.randomBytes(32).toString('base64url')
const stream = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]).stream() as ReadableStream<Uint8Array>

const settle = settleRoute

/** A draft with a plan in its cart and, unless `withId` is false, a government ID uploaded. */
async function draft(withId = true) {
  const visit = visitOf(new Request('http://localhost/plans'), t.context)
  await addPlan(visit, 'fiber-plan-1699')
  const cookie = visit.cookiesSet.find((line) => line.startsWith('draft='))!.split(';')[0]!
  const { id } = (await readDraft(new Request('http://localhost/plans', { headers: { cookie } }), t.context))!
  if (withId) {
    await t.upstream.files.upload(id, {
      category: 'governmentIssued',
      subCategory: null,
      fileName: 'id.jpg',
      type: 'jpg',
      size: jpg.length,
      sha256: sha(jpg),
      body: stream(jpg),
    })
  }
  return id
}

async function payload() {
  const slot = (await t.upstream.applications.slots()).find((s) => s.available > 0)!
  return {
    ...DEMO_PAYLOAD,
    emailAddress: `rica.${crypto.randomUUID().slice(0, 8)}@example.net`,
    appointment: { slotId: slot.slotId },
  }
}

/** A submitted application whose ID and bill the operator rejected, and the link emailed for it. */
async function forCompliance() {
  const draftId = await draft()
  const body = await payload()
  const application = await t.upstream.applications.submit(newKey(), body, draftId)
  const rejected = await signedCall(t, 'POST', `/v1/operator/applications/${application.applicationId}/compliance`, {
    body: {
      rejections: [
        { category: 'governmentIssued', reason: 'The ID is blurred.' },
        { category: 'proofOfBilling', reason: 'The bill is older than 3 months.' },
      ],
    },
    channel: OPERATOR_CHANNEL,
  })
  expect(rejected.status).toBe(200)
  const [mail] = await latestMessagesFor(t.database.db, body.emailAddress, 1)
  const id = /\/compliance\/([A-Za-z0-9_-]{43})/.exec(mail!.body!)![1]!
  return { id, draftId, application, email: body.emailAddress }
}

/** The compliance cookie, after the emailed code (compliance.tsx's action). */
async function prove(id: string, email: string): Promise<string> {
  const page = `http://localhost/compliance/${id}`
  await settle(
    complianceAction(
      routeArgs({
        request: new Request(page, { method: 'POST', body: new URLSearchParams({ intent: 'send' }) }),
        params: { id },
        context: t.context,
      }),
    ),
  )
  const [codeMail] = await latestMessagesFor(t.database.db, email, 1)
  const code = /is (\d{6})\./.exec(codeMail!.body!)![1]!
  const verified = await settle(
    complianceAction(
      routeArgs({
        request: new Request(page, { method: 'POST', body: new URLSearchParams({ intent: 'verify', code }) }),
        params: { id },
        context: t.context,
      }),
    ),
  )
  expect(verified.status).toBe(303)
  return verified.headers.get('set-cookie')!.split(';')[0]!
}

function uploadRequest(
  id: string,
  category: string,
  cookie: string,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData()
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  return new Request(`http://localhost/compliance/${id}/upload/${category}`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  })
}

const upload = (id: string, category: string, cookie: string, file?: { name: string; type: string; bytes: Buffer }) =>
  settle(
    uploadAction(
      routeArgs({ request: uploadRequest(id, category, cookie, file), params: { id, category }, context: t.context }),
    ),
  )

describe('submission and the documents', () => {
  it('binds the draft documents to the application, and refuses a draft without the required ones', async () => {
    const bare = await draft(false)
    await expect(t.upstream.applications.submit(newKey(), await payload(), bare)).rejects.toMatchObject({
      status: 422,
      serverMessage: 'Please upload the required documents first.',
    })
    const draftId = await draft()
    const application = await t.upstream.applications.submit(newKey(), await payload(), draftId)
    const rows = await t.database.db
      .select()
      .from(uploadedDocuments)
      .where(eq(uploadedDocuments.applicationId, application.applicationId))
    expect(rows.map((row) => row.category)).toEqual(['governmentIssued'])
  })
})

describe('/compliance/{id}/upload/{category}', () => {
  it('sends the visitor back to the compliance page without the emailed code, or for a category not rejected', async () => {
    const { id, email } = await forCompliance()
    const noProof = await settle(
      uploadLoader(
        routeArgs({
          request: new Request(`http://localhost/compliance/${id}/upload/governmentIssued`),
          params: { id, category: 'governmentIssued' },
          context: t.context,
        }),
      ),
    )
    expect(noProof.status).toBe(302)
    expect(noProof.headers.get('location')).toBe(`/compliance/${id}`)
    const cookie = await prove(id, email)
    const notOpen = await settle(
      uploadLoader(
        routeArgs({
          request: new Request(`http://localhost/compliance/${id}/upload/proofOfIncome`, { headers: { cookie } }),
          params: { id, category: 'proofOfIncome' },
          context: t.context,
        }),
      ),
    )
    expect(notOpen.headers.get('location')).toBe(`/compliance/${id}`)
    const open = await settle(
      uploadLoader(
        routeArgs({
          request: new Request(`http://localhost/compliance/${id}/upload/governmentIssued`, { headers: { cookie } }),
          params: { id, category: 'governmentIssued' },
          context: t.context,
        }),
      ),
    )
    expect(open.body).toMatchObject({ category: 'governmentIssued', reason: 'The ID is blurred.', subCategories: [] })
    // Posting without the proof stores nothing either.
    const posted = await upload(id, 'governmentIssued', '', { name: 'id.jpg', type: 'image/jpeg', bytes: jpg })
    expect(posted.headers.get('location')).toBe(`/compliance/${id}`)
  })

  it('refuses a file that is not what its name says beside the field, then takes each document and moves the application on', async () => {
    const { id, email, application } = await forCompliance()
    const cookie = await prove(id, email)

    const fake = await upload(id, 'governmentIssued', cookie, {
      name: 'id.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('<html>not a photo</html>'),
    })
    expect(fake.status).toBe(400)
    expect(fake.body.errors.file).toEqual([UPLOAD_MESSAGES.wrongType])
    const empty = await upload(id, 'governmentIssued', cookie)
    expect(empty.body.errors.file).toEqual([UPLOAD_MESSAGES.empty])

    const first = await upload(id, 'governmentIssued', cookie, { name: 'new-id.jpg', type: 'image/jpeg', bytes: jpg })
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe(`/compliance/${id}`)
    const afterFirst = await complianceAccess(
      visitOf(new Request(`http://localhost/compliance/${id}`, { headers: { cookie } }), t.context),
      id,
    )
    expect(afterFirst).toMatchObject({
      status: 'for_compliance',
      openCategories: [{ category: 'proofOfBilling', reason: 'The bill is older than 3 months.' }],
    })
    // The closed category takes nothing more.
    const again = await upload(id, 'governmentIssued', cookie, { name: 'new-id.jpg', type: 'image/jpeg', bytes: jpg })
    expect(again.headers.get('location')).toBe(`/compliance/${id}`)

    const last = await upload(id, 'proofOfBilling', cookie, { name: 'bill.pdf', type: 'application/pdf', bytes: pdf })
    expect(last.status).toBe(302)
    const done = await complianceAccess(
      visitOf(new Request(`http://localhost/compliance/${id}`, { headers: { cookie } }), t.context),
      id,
    )
    expect(done).toMatchObject({ status: 'documents_in_review', openCategories: [] })

    const files = await t.database.db
      .select()
      .from(uploadedDocuments)
      .where(eq(uploadedDocuments.applicationId, application.applicationId))
    expect(files.map((row) => [row.category, row.fileName, row.draftIdHash === null])).toEqual([
      ['governmentIssued', 'id.jpg', false],
      ['governmentIssued', 'new-id.jpg', true],
      ['proofOfBilling', 'bill.pdf', true],
    ])
  })

  it('is refused for a session opened from another link, by the portal and by the upstream', async () => {
    const one = await forCompliance()
    const other = await forCompliance()
    // The other link's page with the first link's proof: back to its compliance page, nothing stored.
    const cookie = await prove(one.id, one.email)
    const crossed = await upload(other.id, 'governmentIssued', cookie, {
      name: 'x.jpg',
      type: 'image/jpeg',
      bytes: jpg,
    })
    expect(crossed.headers.get('location')).toBe(`/compliance/${other.id}`)

    // Straight to the upstream with a real session of a third link: refused for the other one.
    const third = await forCompliance()
    await t.upstream.applicationStatus.sendCode(third.id)
    const [codeMail] = await latestMessagesFor(t.database.db, third.email, 1)
    const code = /is (\d{6})\./.exec(codeMail!.body!)![1]!
    const { sessionToken } = await t.upstream.applicationStatus.verifyCode(third.id, code)
    await expect(
      t.upstream.applicationStatus.complianceUpload(other.id, sessionToken, {
        category: 'governmentIssued',
        subCategory: null,
        fileName: 'x.jpg',
        type: 'jpg',
        size: jpg.length,
        sha256: sha(jpg),
        body: stream(jpg),
      }),
    ).rejects.toMatchObject({ status: 404 })
    const stored = await t.database.db
      .select()
      .from(uploadedDocuments)
      .where(eq(uploadedDocuments.applicationId, other.application.applicationId))
    expect(stored).toHaveLength(1)
  })
})
