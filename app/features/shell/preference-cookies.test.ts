import { describe, expect, it } from 'vitest'
import { testConfig } from '../../../services/testing.ts'
import { PREFERENCE_COOKIE_NAMES, preferenceCookies } from './preferences.server'

describe('the preference cookies', () => {
  // A kept public page has one copy per combination of these (server/page-cache.ts): a
  // preference cookie missing from the list would make a visitor with it not anonymous, and one
  // listed that no longer exists would let a stale name in.
  it('are exactly the cookies the page cache keeps a copy per value of', () => {
    const names = Object.values(preferenceCookies(testConfig())).map((cookie) => cookie.name)
    expect([...names].sort()).toEqual([...PREFERENCE_COOKIE_NAMES].sort())
  })
})
