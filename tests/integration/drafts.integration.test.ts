/**
 * The portal's side of drafts (visit.draft, app/visit/draft.server.ts, reached by request
 * through tests/support/drafts.ts) with real Requests, through the portal's own client and
 * the real gateway (docs/decisions/0018): the id
 * lives only in the signed cookie, another browser's id (unsigned, or signed with another
 * secret) opens nothing, a claimed draft opens only in its owner's session, and a cookie
 * that opens no draft is dropped by the root.
 */
import { createCookie, type AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearDraftSection, discardDraft, readDraft, saveDraftSection } from '../support/drafts.ts'
import { loader as rootLoader } from '../../app/root.tsx'
import { visitOf } from '../../app/visit/visit.server.ts'
import { sessionCookie } from '../../app/auth/session.server.ts'
import type { BasicInfo } from '../../lib/draft-sections.ts'
import { signAccessToken } from '../../services/testing.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'
import { routeArgs } from '../support/route-args'

// The services' clock moves; the signatures stay on the wall clock the portal's client signs with.
let nowMs = Date.now()
const HOUR = 60 * 60_000

let t: TestUpstream
let context: AppLoadContext
beforeAll(async () => {
  t = await startTestUpstream({ now: () => new Date(nowMs), signatureClock: () => new Date() })
  context = t.context
})
afterAll(() => t?.close())

const BASIC_INFO: BasicInfo = {
  firstName: 'JUAN',
  lastName: 'DELA CRUZ',
  mobileNo: '9171234567',
  email: 'juan@example.com',
  checkTerms: true,
}

/** A browser's request carrying these cookies ("name=value" pairs). */
function browser(...cookies: string[]) {
  return new Request('http://portal.test/', {
    headers: cookies.length > 0 ? { cookie: cookies.join('; ') } : {},
  })
}

/** The "name=value" part of a Set-Cookie line. */
const pairOf = (setCookie: string) => setCookie.split(';')[0]!

function draftSetCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((value) => value.startsWith('draft='))
  expect(line, 'a draft Set-Cookie').toBeDefined()
  return line!
}

/** A browser with a draft holding basicInfo; answers its draft cookie ("draft=…"). */
async function browserWithDraft(...cookies: string[]): Promise<string> {
  const headers = await saveDraftSection(browser(...cookies), context, 'basicInfo', BASIC_INFO)
  return pairOf(draftSetCookie(headers))
}

/** A signed-in browser's session cookie ("session=…") for `sub`, its session made upstream as sign-in makes it. */
async function signedIn(sub: string): Promise<string> {
  const accessToken = await signAccessToken(t, { sub, realm_access: { roles: ['base', 'customer'] } })
  const { sessionId } = await t.upstream.sessions.create({
    sub,
    roles: ['base', 'customer'],
    displayName: 'JUAN',
    tokens: {
      accessToken,
      refreshToken: 'not-used-in-these-tests',
      idToken: 'not.used.here',
      accessTokenExpiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    },
    idleTimeoutSeconds: 30 * 60,
    absoluteTimeoutSeconds: 8 * 60 * 60,
  })
  return pairOf(await sessionCookie(context.config).serialize(sessionId))
}

describe('a visitor saves and reads a draft section', () => {
  it('starts a draft on the first save: the id goes into a signed, HttpOnly, browser-session cookie only', async () => {
    const headers = await saveDraftSection(browser(), context, 'basicInfo', BASIC_INFO)
    const line = draftSetCookie(headers)
    expect(line).toMatch(/; HttpOnly/i)
    expect(line).toMatch(/; SameSite=Lax/i)
    expect(line).toMatch(/; Path=\//i)
    expect(line).not.toMatch(/Max-Age|Expires/i)
    // Signed: the value is the encoded id and a signature, not the bare id.
    expect(decodeURIComponent(pairOf(line).slice('draft='.length))).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/]+$/)

    const draft = await readDraft(browser(pairOf(line)), context)
    expect(draft).toMatchObject({ sections: { basicInfo: BASIC_INFO } })
    expect(draft!.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(draft!.expiresAt)).toBe(nowMs + 4 * HOUR)
  })

  it('saves into the same draft on the next request, with no new cookie, and that request reads what it saved', async () => {
    const cookie = await browserWithDraft()
    const request = browser(cookie)
    const before = await readDraft(request, context)
    const headers = await saveDraftSection(request, context, 'basicInfo', { ...BASIC_INFO, firstName: 'MARIA' })
    expect(headers.getSetCookie()).toEqual([])
    expect((await readDraft(request, context))?.sections.basicInfo?.firstName).toBe('MARIA')
    const again = await readDraft(browser(cookie), context)
    expect(again?.id).toBe(before?.id)
    expect(again?.sections.basicInfo?.firstName).toBe('MARIA')
  })

  it('clears one section, then discards the draft and expires its cookie', async () => {
    const cookie = await browserWithDraft()
    expect((await clearDraftSection(browser(cookie), context, 'basicInfo')).getSetCookie()).toEqual([])
    expect((await readDraft(browser(cookie), context))?.sections).toEqual({})
    const discarded = await discardDraft(browser(cookie), context)
    expect(draftSetCookie(discarded)).toMatch(/Max-Age=0/)
    expect(await readDraft(browser(cookie), context)).toBeNull()
  })

  it('lets a request without a draft cookie discard nothing and set nothing', async () => {
    expect((await discardDraft(browser(), context)).getSetCookie()).toEqual([])
    expect(await readDraft(browser(), context)).toBeNull()
  })
})

describe("another browser's draft id opens nothing", () => {
  it('refuses the raw id put in the cookie unsigned', async () => {
    const cookie = await browserWithDraft()
    const { id } = (await readDraft(browser(cookie), context))!
    expect(await readDraft(browser(`draft=${id}`), context)).toBeNull()
    // The same, encoded as a cookie value but without the signature.
    const unsigned = encodeURIComponent(Buffer.from(JSON.stringify(id)).toString('base64'))
    expect(await readDraft(browser(`draft=${unsigned}`), context)).toBeNull()
  })

  it('refuses a cookie signed with another secret', async () => {
    const cookie = await browserWithDraft()
    const { id } = (await readDraft(browser(cookie), context))!
    const forger = createCookie('draft', { secrets: ['not-the-portal-secret-0123456789'] })
    expect(await readDraft(browser(pairOf(await forger.serialize(id))), context)).toBeNull()
    expect(await visitOf(browser(pairOf(await forger.serialize(id))), context).draft.isStale()).toBe(true)
  })

  it('starts a new draft, not the forged one, when such a browser saves', async () => {
    const cookie = await browserWithDraft()
    const { id } = (await readDraft(browser(cookie), context))!
    const headers = await saveDraftSection(browser(`draft=${id}`), context, 'basicInfo', BASIC_INFO)
    const fresh = await readDraft(browser(pairOf(draftSetCookie(headers))), context)
    expect(fresh?.id).not.toBe(id)
  })
})

describe('expiry (spec 9) as the portal sees it', () => {
  it('reads nothing after 4 hours without a save, and the root drops the cookie', async () => {
    const cookie = await browserWithDraft()
    nowMs += 4 * HOUR + 60_000
    expect(await readDraft(browser(cookie), context)).toBeNull()
    const answer = await rootLoader(routeArgs({ request: browser(cookie), context, params: {} }))
    const headers = new Headers((answer as { init?: ResponseInit }).init?.headers)
    expect(headers.getSetCookie().some((line) => /^draft=;.*Max-Age=0/i.test(line))).toBe(true)
  })

  it('lets the root leave a live draft cookie alone', async () => {
    const cookie = await browserWithDraft()
    const answer = await rootLoader(routeArgs({ request: browser(cookie), context, params: {} }))
    const headers = new Headers((answer as { init?: ResponseInit }).init?.headers)
    expect(headers.getSetCookie().filter((line) => line.startsWith('draft='))).toEqual([])
  })

  it('starts a new draft when the old one expired, and the rest of that request (a form posted without JS) sees it', async () => {
    const cookie = await browserWithDraft()
    nowMs += 4 * HOUR + 60_000
    // The server's context: one per request, sending each Set-Cookie itself (server.ts).
    const sent: string[] = []
    const request = { ...context, sendCookie: (line: string) => void sent.push(line) }
    const post = browser(cookie)
    // Sent by the server, so not handed back to put on the answer a second time.
    expect((await saveDraftSection(post, request, 'basicInfo', BASIC_INFO)).getSetCookie()).toEqual([])
    const fresh = pairOf(sent.find((line) => line.startsWith('draft='))!)
    expect(fresh).not.toBe(cookie)
    // React Router runs a document POST's loaders on a copy of the action's request: they share its visit and
    // see the new draft, so the root keeps its cookie.
    const loaders = new Request(post.url, { headers: post.headers })
    expect((await readDraft(loaders, request))?.sections.basicInfo).toEqual(BASIC_INFO)
    expect(await visitOf(loaders, request).draft.isStale()).toBe(false)
    await rootLoader(routeArgs({ request: loaders, context: request, params: {} }))
    expect(sent.filter((line) => line.startsWith('draft='))).toEqual([sent[0]])
  })
})

describe('a signed-in user owns the drafts they save', () => {
  it("claims a visitor's draft at their first save; then it opens in their session only", async () => {
    const cookie = await browserWithDraft()
    const session = await signedIn('user-juan')
    await saveDraftSection(browser(cookie, session), context, 'basicInfo', BASIC_INFO)
    const stored = await t.upstream.drafts.read((await readDraft(browser(cookie, session), context))!.id)
    expect(stored).toBeNull() // without the owner's token, upstream shows nothing
    expect(await readDraft(browser(cookie), context)).toBeNull()
    expect(await readDraft(browser(cookie, await signedIn('user-maria')), context)).toBeNull()
    expect((await readDraft(browser(cookie, session), context))?.sections.basicInfo).toEqual(BASIC_INFO)
  })

  it("gives another signed-in user a draft of their own instead of the first one's", async () => {
    const juan = await signedIn('user-juan')
    const cookie = pairOf(draftSetCookie(await saveDraftSection(browser(juan), context, 'basicInfo', BASIC_INFO)))
    const maria = await signedIn('user-maria')
    const headers = await saveDraftSection(browser(cookie, maria), context, 'basicInfo', {
      ...BASIC_INFO,
      firstName: 'MARIA',
    })
    const marias = pairOf(draftSetCookie(headers))
    expect((await readDraft(browser(marias, maria), context))?.sections.basicInfo?.firstName).toBe('MARIA')
    expect((await readDraft(browser(cookie, juan), context))?.sections.basicInfo?.firstName).toBe('JUAN')
  })
})
