import { describe, expect, it } from 'vitest'
import { testConfig } from '../../services/testing'
import { createCookie } from 'react-router'
import { createSignedCookie, signedCookie } from './cookies.server'

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

describe('signed cookies in React Router’s format, signed with node:crypto', () => {
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secrets: [NEW, OLD] }
  const values: unknown[] = [
    'session-id-1',
    { draft: 'd-1', step: 2, name: 'Peñafrancia Ñino 🇵🇭' },
    ['a', 1, null, true],
    12.5,
  ]

  it('reads what React Router signed, and React Router reads what it signs', async () => {
    const theirs = createCookie('session', options)
    const ours = createSignedCookie('session', options)
    for (const value of values) {
      const byThem = pair(await theirs.serialize(value))
      const byUs = pair(await ours.serialize(value))
      expect(byUs).toBe(byThem)
      expect(await ours.parse(byThem)).toEqual(value)
      expect(await theirs.parse(byUs)).toEqual(value)
    }
  })

  it('refuses a changed value or signature, and one signed with an unknown secret', async () => {
    const ours = createSignedCookie('session', options)
    const [value, mac] = pair(await ours.serialize({ id: 'mine' }))
      .slice('session='.length)
      .split('.')
    const forged = Buffer.from(JSON.stringify({ id: 'theirs' })).toString('base64')
    expect(await ours.parse(`session=${forged}.${mac}`)).toBeNull()
    expect(await ours.parse(`session=${value}.${mac!.slice(0, -1)}A`)).toBeNull()
    expect(await ours.parse(`session=${value}.${mac}=`)).toBeNull()
    expect(await ours.parse(`session=${value}`)).toBeNull()
    const stranger = createSignedCookie('session', { ...options, secrets: ['another-secret-0123456789-abcdefghij'] })
    expect(await ours.parse(pair(await stranger.serialize({ id: 'mine' })))).toBeNull()
    expect(await ours.parse('other=1')).toBeNull()
    expect(await ours.parse(null)).toBeNull()
  })

  it('writes the attributes it was given, and clears with an empty value', async () => {
    const ours = createSignedCookie('__Host-session', { ...options, secure: true, maxAge: 60 })
    const header = await ours.serialize('x')
    expect(header).toMatch(/^__Host-session=[^;]+\.[^;]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    expect(await ours.serialize('', { maxAge: 0 })).toBe(
      '__Host-session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    )
    expect(ours.expires!.getTime()).toBeGreaterThan(Date.now())
  })
})
