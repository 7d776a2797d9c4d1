import { describe, expect, it } from 'vitest'
import { cycleAt, currentCycle } from './cycle.ts'

describe('the billing cycle (Manila dates)', () => {
  it('from the 5th, the month’s own bill: the 5th before to the 4th, due the 20th', () => {
    expect(currentCycle('2031-03-05')).toEqual({
      month: '2031-03',
      periodStart: '2031-02-05',
      periodEnd: '2031-03-04',
      issuedOn: '2031-03-05',
      dueOn: '2031-03-20',
    })
    expect(currentCycle('2031-03-31').month).toBe('2031-03')
  })

  it('before the 5th, the last month’s, across the year’s edge', () => {
    expect(currentCycle('2031-01-04')).toEqual({
      month: '2030-12',
      periodStart: '2030-11-05',
      periodEnd: '2030-12-04',
      issuedOn: '2030-12-05',
      dueOn: '2030-12-20',
    })
    expect(currentCycle('2031-01-05').periodStart).toBe('2030-12-05')
  })

  it('reads the instant’s Manila date: 16:00 UTC on the 4th is already the 5th', () => {
    expect(cycleAt(new Date('2031-03-04T15:59:59Z')).month).toBe('2031-02')
    expect(cycleAt(new Date('2031-03-04T16:00:00Z')).month).toBe('2031-03')
  })
})
