import { describe, expect, it } from 'vitest'
import { guard, NOT_AUTHORIZED, PROTECTED_AREAS, SALES_PUSHED_FROM, SIGNED_OUT_ONLY } from './guard'

const anonymous = null
const applicant = { roles: ['base'] }
const customer = { roles: ['base', 'customer'] }
const agent = { roles: ['base', 'sales-agent'] }
const admin = { roles: ['base', 'sales-admin'] }
const other = { roles: ['offline_access'] }

const allow = { kind: 'allow' }
const to = (path: string, toast?: string) =>
  toast ? { kind: 'redirect', to: path, toast } : { kind: 'redirect', to: path }

describe('route guard (spec 4), customer-only areas', () => {
  const paths = [
    '/dashboard',
    '/profile',
    '/customer',
    '/customer/bill-history',
    '/account/subscription',
    '/consent',
    '/consent/manage',
  ]
  it.each(paths)('%s: anonymous → /login with redirectTo', (path) => {
    expect(guard(anonymous, path, '?tab=1')).toEqual(to(`/login?redirectTo=${encodeURIComponent(`${path}?tab=1`)}`))
  })
  it.each(paths)('%s: customer allowed', (path) => expect(guard(customer, path)).toEqual(allow))
  it.each(paths)('%s: applicant → /get-started', (path) => expect(guard(applicant, path)).toEqual(to('/get-started')))
  it.each(paths)('%s: sales agent and admin → /sales', (path) => {
    expect(guard(agent, path)).toEqual(to('/sales'))
    expect(guard(admin, path)).toEqual(to('/sales'))
  })
  it.each(paths)('%s: other roles → /', (path) => expect(guard(other, path)).toEqual(to('/')))
})

describe('route guard (spec 4), sales-only areas', () => {
  const paths = ['/sales', '/sales/application/onboard', '/sales/applications/REF-1', '/application-sales-partner']
  it.each(paths)('%s: anonymous → /login with redirectTo', (path) => {
    expect(guard(anonymous, path)).toEqual(to(`/login?redirectTo=${encodeURIComponent(path)}`))
  })
  it.each(paths)('%s: sales agent and sales admin allowed', (path) => {
    expect(guard(agent, path)).toEqual(allow)
    expect(guard(admin, path)).toEqual(allow)
  })
  it.each(paths)(
    '%s: customer → /customer with the not-authorized toast (customers get nothing under /sales)',
    (path) => {
      expect(guard(customer, path)).toEqual(to('/customer', NOT_AUTHORIZED))
    },
  )
  it.each(paths)('%s: applicant → /get-started', (path) => expect(guard(applicant, path)).toEqual(to('/get-started')))
  it.each(paths)('%s: other roles → /', (path) => expect(guard(other, path)).toEqual(to('/')))
})

describe('route guard, an agent on the public onboarding pages (issue 33, item 8)', () => {
  it.each([
    ['/onboard/residential/personalDetails', '/sales/application/residential/personalDetails'],
    ['/onboard/sme/documents', '/sales/application/sme/documents'],
    ['/onboard/residential/documents/F-1', '/sales/application/residential/documents/F-1'],
    ['/onboard/residential/appointment', '/sales/application/residential/appointment'],
    ['/onboard/sme/review', '/sales/application/sme/review'],
    ['/plans/cart', '/sales/application/onboard'],
    ['/ApplyNow', '/sales/application'],
    ['/ApplyNow/residential', '/sales/application'],
  ])('%s → the same step of the sales flow, %s', (path, step) => {
    expect(guard(agent, path)).toEqual(to(step))
    expect(guard(admin, path, '?x=1')).toEqual(to(`${step}?x=1`))
  })
  it('leaves visitors, applicants and customers on the public pages', () => {
    for (const user of [anonymous, applicant, customer]) {
      expect(guard(user, '/onboard/residential/personalDetails')).toEqual(allow)
      expect(guard(user, '/plans/cart')).toEqual(allow)
    }
  })
  it('keeps the check, which agents use in their own mode', () => {
    expect(guard(agent, '/CheckAvailability')).toEqual(allow)
  })
})

describe('route guard (spec 4), /get-started (applicant and customer)', () => {
  const paths = ['/get-started', '/get-started/link-account']
  it.each(paths)('%s: anonymous → / (not /login)', (path) => expect(guard(anonymous, path)).toEqual(to('/')))
  it.each(paths)('%s: applicant and customer allowed', (path) => {
    expect(guard(applicant, path)).toEqual(allow)
    expect(guard(customer, path)).toEqual(allow)
  })
  it.each(paths)('%s: sales → /sales', (path) => expect(guard(agent, path)).toEqual(to('/sales')))
  it.each(paths)('%s: other roles → /', (path) => expect(guard(other, path)).toEqual(to('/')))
})

describe('route guard (spec 4), public pages', () => {
  it.each(SALES_PUSHED_FROM)(
    '%s: a signed-in sales user is pushed to /sales; anyone else stays (anonymous only, on a page for visitors only)',
    (path) => {
      expect(guard(agent, path)).toEqual(to('/sales'))
      expect(guard(admin, path)).toEqual(to('/sales'))
      const staying = SIGNED_OUT_ONLY.includes(path) ? [anonymous] : [anonymous, applicant, customer, other]
      for (const user of staying) expect(guard(user, path)).toEqual(allow)
    },
  )

  it.each(['/register', '/register/sent'])('%s: anonymous stays; a signed-in user goes to their home', (path) => {
    expect(SIGNED_OUT_ONLY).toContain('/register')
    expect(guard(anonymous, path)).toEqual(allow)
    expect(guard(customer, path)).toEqual(to('/customer'))
    expect(guard(applicant, path)).toEqual(to('/get-started'))
    expect(guard(agent, path)).toEqual(to('/sales'))
    expect(guard(other, path)).toEqual(to('/'))
  })

  it('sends a customer on /terms-of-use to the customer home with the terms dialog open', () => {
    expect(guard(customer, '/terms-of-use')).toEqual(to('/customer?showTermsOfUse=true'))
    for (const user of [anonymous, applicant]) expect(guard(user, '/terms-of-use')).toEqual(allow)
  })

  it.each([
    '/privacy-notice',
    '/cookie-policy',
    '/terms-and-conditions',
    '/login',
    '/logout',
    '/login/callback',
    '/customers',
    '/salesforce',
  ])('%s is open to everyone (a prefix matches whole path segments only)', (path) => {
    for (const user of [anonymous, applicant, customer, other]) expect(guard(user, path)).toEqual(allow)
  })

  it('lets a customer who is also an agent into both areas', () => {
    const both = { roles: ['base', 'customer', 'sales-agent'] }
    expect(guard(both, '/sales')).toEqual(allow)
    expect(guard(both, '/customer')).toEqual(allow)
  })

  it('has exactly the three protected areas of spec 2 and 6', () => {
    expect(PROTECTED_AREAS.map((area) => area.prefixes)).toEqual([
      ['/dashboard', '/profile', '/customer', '/account', '/consent'],
      ['/sales', '/application-sales-partner'],
      ['/get-started'],
    ])
  })
})
