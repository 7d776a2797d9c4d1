import { describe, expect, it } from 'vitest'
import { flowOf, wizardHref, wizardSteps } from './steps'
import { resumeHref } from '~/features/sales/resume'

describe('the wizard for a visitor and for a sales agent (issue 13, spec 2)', () => {
  it('serves each flow under its own prefix, the agent plan step in place of the cart', () => {
    expect(wizardHref('residential', 'personalDetails')).toBe('/onboard/residential/personalDetails')
    expect(wizardHref('sme', 'review', 'sales')).toBe('/sales/application/sme/review')
    expect(wizardSteps('residential', 'sales').map((step) => step.href)).toEqual([
      '/CheckAvailability',
      '/sales/application/onboard',
      '/sales/application/residential/personalDetails',
      '/sales/application/residential/documents',
      '/sales/application/residential/review',
    ])
    expect(wizardSteps('sme')[1]!.href).toBe('/plans/cart')
  })

  it('tells the flow from the address', () => {
    const at = (path: string) => flowOf(new Request(`http://portal.test${path}`))
    expect(at('/onboard/residential/review')).toBe('public')
    expect(at('/sales/application/residential/review')).toBe('sales')
    expect(at('/sales/applications/OO-261123-ABCDEF')).toBe('public')
  })

  it("offers to resume only the viewer's own drafts, under the draft's segment", () => {
    const draft = { kind: 'draft' as const, refId: 'DR-0A1B2C3D4E', agentCode: 'AGT-0001', customerSegment: 'SME' }
    expect(resumeHref(draft, 'AGT-0001')).toBe('/sales/application/sme/personalDetails/DR-0A1B2C3D4E')
    expect(resumeHref({ ...draft, customerSegment: null }, 'AGT-0001')).toBe(
      '/sales/application/residential/personalDetails/DR-0A1B2C3D4E',
    )
    // An admin's view of a team member's draft, an admin without a code, an application: none.
    expect(resumeHref(draft, 'AGT-0002')).toBeNull()
    expect(resumeHref(draft, null)).toBeNull()
    expect(resumeHref({ ...draft, kind: 'application' }, 'AGT-0001')).toBeNull()
  })
})
