import { describe, expect, it } from 'vitest'
import { CHANNEL_GROUPS } from './channels.ts'

describe('payment channels', () => {
  // spec 9: "payment status updates in 2-3 working days (3 business days for channels)".
  it('say the spec 9 posting times for payments made away from the gateway', () => {
    const away = CHANNEL_GROUPS.filter((group) => group.kind !== 'online')
    expect(away.map((group) => group.name)).toEqual(['OVER THE COUNTER', 'AUTHORIZED OUTLETS', 'PAY VIA INSTALLER'])
    for (const group of away) expect(group.postingTime, group.name).toMatch(/\b2-3 working days\b/)
    for (const group of away.filter((group) => group.kind === 'reference'))
      expect(group.postingTime, group.name).toContain('up to 3 business days')
  })

  it('say that online payments post once confirmed', () => {
    for (const group of CHANNEL_GROUPS.filter((group) => group.kind === 'online'))
      expect(group.postingTime, group.name).toMatch(/as soon as the payment is confirmed/)
  })
})
