import { describe, expect, it } from 'vitest'
import { dashboardHref } from './dashboard-link'

describe("the drawer's Dashboard (spec 6: sfaDashboardNoLimitation)", () => {
  const applicant = { kind: 'applicant' as const, home: '/get-started' }
  it("is the customer's dashboard for a customer, whatever the setting", () => {
    for (const setting of [true, false])
      expect(dashboardHref({ kind: 'customer', home: '/customer' }, setting)).toBe('/customer')
  })
  it("is a non-sales, non-customer user's home only while the setting is true", () => {
    expect(dashboardHref(applicant, true)).toBe('/get-started')
    expect(dashboardHref(applicant, false)).toBeNull()
    expect(dashboardHref({ kind: 'other', home: '/get-started' }, true)).toBe('/get-started')
    expect(dashboardHref({ kind: 'other', home: '/get-started' }, false)).toBeNull()
  })
  it('is not shown to visitors or sales users (the sales area has its own menus)', () => {
    expect(dashboardHref(null, true)).toBeNull()
    expect(dashboardHref({ kind: 'sales', home: '/sales' }, true)).toBeNull()
  })
  it("is an operator's analytics report, whatever the setting (issue 33)", () => {
    for (const setting of [true, false])
      expect(dashboardHref({ kind: 'applicant', home: '/get-started', roles: ['base', 'operator'] }, setting)).toBe(
        '/ops/analytics',
      )
  })
})
