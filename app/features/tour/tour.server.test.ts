/**
 * The tour's action writes displayCoachmarks through the attributes call (spec 4): Start Tour
 * sets it true (then the coachmarks, or the plain page without JavaScript); YES, Skip Tour
 * and End Tour set it false; subscribers only. And who is offered the tour.
 */
import { describe, expect, it } from 'vitest'
import type { IdTokenClaims } from '~/auth/id-token.server'
import type { UserCaller } from '~/visit/call.server'
import type { User, Visit } from '~/visit/visit.server'
import { silentLogger, testConfig } from '../../../services/testing'
import { showsTourPrompt, tourAction, tourPromptShown, tourStepRedirect } from './tour.server'

const config = testConfig()

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
  } as unknown as UserCaller
  // The visit hands the action this user and the config its toasts are signed with.
  const visit = { config, logger: silentLogger, signedIn: async () => me } as unknown as Visit
  return { visit, written }
}

const post = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}

const CUSTOMER = ['base', 'customer']

describe('the tour action', () => {
  it('Start Tour sets displayCoachmarks true and starts the coachmarks with JavaScript', async () => {
    const { visit, written } = signedIn(CUSTOMER)
    const response = await tourAction(visit, post({ intent: 'start', mode: 'coachmarks' }))
    expect(written).toEqual([{ displayCoachmarks: true }])
    expect(response.headers.get('location')).toBe('/customer?tour=0')
  })

  it('Start Tour without JavaScript sets it true and opens the plain tour page', async () => {
    const { visit, written } = signedIn(CUSTOMER)
    const response = await tourAction(visit, post({ intent: 'start', mode: 'page' }))
    expect(written).toEqual([{ displayCoachmarks: true }])
    expect(response.headers.get('location')).toBe('/customer/tour')
  })

  it.each(['decline', 'end'])('%s sets displayCoachmarks false and goes back', async (intent) => {
    const { visit, written } = signedIn(CUSTOMER)
    const response = await tourAction(visit, post({ intent, back: '/customer/help' }))
    expect(written).toEqual([{ displayCoachmarks: false }])
    expect(response.headers.get('location')).toBe('/customer/help')
  })

  it('never goes back to another site', async () => {
    const { visit } = signedIn(CUSTOMER)
    const response = await tourAction(visit, post({ intent: 'end', back: 'https://evil.example/' }))
    expect(response.headers.get('location')).toBe('/customer')
  })

  it('writes nothing for a sales user or an unknown intent', async () => {
    const sales = signedIn(['base', 'customer', 'sales-agent'])
    await tourAction(sales.visit, post({ intent: 'start' }))
    expect(sales.written).toEqual([])
    const customer = signedIn(CUSTOMER)
    await tourAction(customer.visit, post({ intent: 'other' }))
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
