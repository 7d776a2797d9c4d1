import { describe, expect, it } from 'vitest'
import { verificationRoute } from './verification'

const TOKEN = 'A'.repeat(20) + '-_' + 'z9'.repeat(10) + 'Q'

describe('verificationRoute (spec 4: OO and CVG references go to their own services)', () => {
  it.each([
    [`OO-${TOKEN}`, { service: 'application', kind: 'OO', token: TOKEN }],
    [`CVG-${TOKEN}`, { service: 'application', kind: 'CVG', token: TOKEN }],
    // A registration token: 43 characters, whatever letters it starts with.
    [TOKEN, { service: 'registration', token: TOKEN }],
    [`OO${TOKEN.slice(2)}`, { service: 'registration', token: `OO${TOKEN.slice(2)}` }],
    [`CVG${TOKEN.slice(3)}`, { service: 'registration', token: `CVG${TOKEN.slice(3)}` }],
    // Malformed application ids stay with the application services, which refuse them.
    ['OO-short', { service: 'application', kind: 'OO', token: '' }],
    ['CVG-', { service: 'application', kind: 'CVG', token: '' }],
    // Case matters: the prefix is upper case.
    [`oo-${TOKEN}`, { service: 'registration', token: `oo-${TOKEN}` }],
    [undefined, { service: 'registration', token: '' }],
  ])('%s', (id, expected) => {
    expect(verificationRoute(id)).toEqual(expected)
  })

  it('is 43 characters for the token', () => {
    expect(TOKEN).toHaveLength(43)
  })
})
