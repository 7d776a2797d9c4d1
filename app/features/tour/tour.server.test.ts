/**
 * The tour's action writes displayCoachmarks through the attributes call (spec 4): Start Tour
 * sets it true (then the coachmarks, or the plain page without JavaScript); YES, Skip Tour
 * and End Tour set it false; subscribers only. And who is offered the tour.
 */
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { SignedIn } from '~/visit/by-request.server'
import type { IdTokenClaims } from '~/auth/id-token.server'
import type { User } from '~/visit/by-request.server'
import { silentLogger, testConfig } from '../../../services/testing'
import { showsTourPrompt, tourAction, tourPromptShown, tourStepRedirect } from './tour.server'

const context = {
  config: testConfig(),
  upstreamFetch: async () => new Response(null, { status: 599 }),
  logger: silentLogger,
  requestId: 'r',
  nonce: 'n',
} as AppLoadContext

function signedIn(roles: string[], claims: Partial<IdTokenClaims> = {}) {
  const written: unknown[] = []
  const me = {
    user: {} as User,
    claims: { realm_access: { roles }, ...claims } as IdTokenClaims,
    async call(upstreamCall: (upstream: never, token: string) => Promise<unknown>) {
      const upstream = {
        identity: {
          updateAttributes: async (_token: string, update: unknown) => {
            written.push(update)
            return {}
          },
        },
      }
      return { ok: true, value: await upstreamCall(upstream as never, 'token'), user: {} as User }
    },
  } as unknown as SignedIn
  return { me, written }
}

const post = (fields: Record<string, string>) =>
  new Request('http://localhost/customer/tour', { method: 'POST', body: new URLSearchParams(fields) })

const CUSTOMER = ['base', 'customer']

describe('the tour action', () => {
  it('Start Tour sets displayCoachmarks true and starts the coachmarks with JavaScript', async () => {
    const { me, written } = signedIn(CUSTOMER)
    const response = await tourAction(post({ intent: 'start', mode: 'coachmarks' }), context, me)
    expect(written).toEqual([{ displayCoachmarks: true }])
    expect(response.headers.get('location')).toBe('/customer?tour=0')
  })

  it('Start Tour without JavaScript sets it true and opens the plain tour page', async () => {
    const { me, written } = signedIn(CUSTOMER)
    const response = await tourAction(post({ intent: 'start', mode: 'page' }), context, me)
    expect(written).toEqual([{ displayCoachmarks: true }])
    expect(response.headers.get('location')).toBe('/customer/tour')
  })

  it.each(['decline', 'end'])('%s sets displayCoachmarks false and goes back', async (intent) => {
    const { me, written } = signedIn(CUSTOMER)
    const response = await tourAction(post({ intent, back: '/customer/help' }), context, me)
    expect(written).toEqual([{ displayCoachmarks: false }])
    expect(response.headers.get('location')).toBe('/customer/help')
  })

  it('never goes back to another site', async () => {
    const { me } = signedIn(CUSTOMER)
    const response = await tourAction(post({ intent: 'end', back: 'https://evil.example/' }), context, me)
    expect(response.headers.get('location')).toBe('/customer')
  })

  it('writes nothing for a sales user or an unknown intent', async () => {
    const sales = signedIn(['base', 'customer', 'sales-agent'])
    await tourAction(post({ intent: 'start' }), context, sales.me)
    expect(sales.written).toEqual([])
    const customer = signedIn(CUSTOMER)
    await tourAction(post({ intent: 'other' }), context, customer.me)
    expect(customer.written).toEqual([])
  })
})

describe('who is offered the tour', () => {
  const claims = (roles: string[], displayCoachmarks?: boolean) =>
    ({ realm_access: { roles }, displayCoachmarks }) as IdTokenClaims

  it('subscribers, until displayCoachmarks is false', () => {
    expect(showsTourPrompt(claims(CUSTOMER, true))).toBe(true)
    expect(showsTourPrompt(claims(CUSTOMER, false))).toBe(false)
    expect(showsTourPrompt(claims(['base'], true))).toBe(false)
    expect(showsTourPrompt(claims(['base', 'customer', 'sales-admin'], true))).toBe(false)
  })

  it('not after NO (?tourPrompt=closed) nor while the tour runs', () => {
    const on = claims(CUSTOMER, true)
    expect(tourPromptShown(new Request('http://localhost/customer'), on)).toBe(true)
    expect(tourPromptShown(new Request('http://localhost/customer?tourPrompt=closed'), on)).toBe(false)
    expect(tourPromptShown(new Request('http://localhost/customer?tour=0'), on)).toBe(false)
  })

  it('continues on the page of the step asked, with the default account for the pay page', () => {
    const on = { ...claims(CUSTOMER, true), accountNumber: ['1000000000001', '1000000000002'] } as IdTokenClaims
    const at = (query: string) =>
      tourStepRedirect(new Request(`http://localhost/customer/tour${query}`), {
        ...on,
        activeAccountNumber: '1000000000002',
      } as IdTokenClaims)?.headers.get('location')
    expect(at('?step=3')).toBe('/account/subscription?tour=3')
    expect(at('?step=6')).toBe('/customer/bill-history/pay/1000000000002?tour=6')
    expect(at('?step=7')).toBe('/customer/help?tour=7')
    expect(at('')).toBeUndefined()
    expect(at('?step=12')).toBeUndefined()
  })
})
