import { describe, expect, it } from 'vitest'
import { formatWhen } from './format'

describe('formatWhen', () => {
  it("writes spec 9's 'MMMM dd, yyyy • hh:mm aa' in Manila time", () => {
    expect(formatWhen('2025-06-02T01:05:00Z')).toBe('June 02, 2025 • 09:05 AM')
    expect(formatWhen('2025-12-31T16:30:00Z')).toBe('January 01, 2026 • 12:30 AM')
  })
})
