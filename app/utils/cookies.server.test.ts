import { describe, expect, it } from 'vitest'
import { testConfig } from '../../services/testing'
import { signedCookie } from './cookies.server'

// docs/operations.md, Rotating secrets: SESSION_SECRET changes, the old one listed as previous.
const OLD = 'old-session-secret-0123456789-abcdefgh'
const NEW = 'new-session-secret-0123456789-abcdefgh'
const before = testConfig({ SESSION_SECRET: OLD })
const rotated = testConfig({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD })
const dropped = testConfig({ SESSION_SECRET: NEW })

const pair = (setCookie: string) => setCookie.split(';')[0]!

describe('signed cookies across a SESSION_SECRET rotation', () => {
  it('read a cookie signed with the previous secret', async () => {
    const old = pair(await signedCookie(before, 'session').serialize('session-id-1'))
    expect(await signedCookie(rotated, 'session').parse(old)).toBe('session-id-1')
  })

  it('sign what they set with the current secret only, never a previous one', async () => {
    const old = pair(await signedCookie(before, 'session').serialize('session-id-1'))
    const value = await signedCookie(rotated, 'session').parse(old)
    const resigned = pair(await signedCookie(rotated, 'session').serialize(value))
    expect(await signedCookie(dropped, 'session').parse(resigned)).toBe('session-id-1')
    expect(await signedCookie(before, 'session').parse(resigned)).toBeNull()
  })

  it('refuse a cookie signed with a secret no longer listed', async () => {
    const old = pair(await signedCookie(before, 'session').serialize('session-id-1'))
    expect(await signedCookie(dropped, 'session').parse(old)).toBeNull()
  })
})
