import { describe, expect, it } from 'vitest'
import { formatLastUpdated } from './format'

describe('formatLastUpdated', () => {
  it('formats an ISO date as the date the CMS wrote, whatever the server time zone', () => {
    expect(formatLastUpdated('2020-07-27')).toBe('July 27, 2020')
    expect(formatLastUpdated('2020-07-27T23:30:00+08:00')).toBe('July 27, 2020')
  })

  it('shows a non-ISO date as given', () => {
    expect(formatLastUpdated('27 July 2020')).toBe('27 July 2020')
  })

  it('leaves out an empty date', () => {
    expect(formatLastUpdated('  ')).toBeNull()
  })
})
