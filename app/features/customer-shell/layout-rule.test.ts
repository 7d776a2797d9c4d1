import { describe, expect, it } from 'vitest'
import { showsCustomerContent } from './layout-rule'

describe('the customer layout rule (spec 2, Layout)', () => {
  it.each([
    { roles: ['base', 'customer'], accountNumbers: ['1000000000002'], shows: true, why: 'a customer with an account' },
    { roles: ['base', 'customer'], accountNumbers: [], shows: false, why: 'a customer without one' },
    { roles: ['base'], accountNumbers: [], shows: true, why: 'the base role alone' },
    { roles: ['base'], accountNumbers: ['1000000000002'], shows: true, why: 'the base role with an account' },
    { roles: ['base', 'sales-agent'], accountNumbers: [], shows: false, why: 'a sales role without an account' },
    { roles: [], accountNumbers: [], shows: false, why: 'no role at all' },
  ])('$why: $shows', ({ roles, accountNumbers, shows }) => {
    expect(showsCustomerContent({ roles, accountNumbers })).toBe(shows)
  })
})
