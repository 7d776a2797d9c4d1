import { describe, expect, it } from 'vitest'
import { addOnsToOffer, compareSelection, draftRegion, offeredPaymentModes } from './plans'

const section = (regionId: string) => ({ choice: { regionId } })

describe('draftRegion', () => {
  it.each([
    [undefined, undefined],
    [section(''), undefined],
    [section('13'), '13'],
    [section('03'), '03'],
    [section('1376'), undefined],
    [section('x1'), undefined],
  ])('%j → %s', (serviceability, region) => {
    expect(draftRegion(serviceability)).toBe(region)
  })
})

describe('addOnsToOffer', () => {
  it('leaves out what the cart already holds, keeping the order', () => {
    const offered = [{ code: 'mesh-wifi6-router' }, { code: 'paytv-box-hd' }, { code: 'wifi6-router-ax3000' }]
    expect(addOnsToOffer(offered, [{ productCode: 'fiber-plan-888' }, { productCode: 'paytv-box-hd' }])).toEqual([
      { code: 'mesh-wifi6-router' },
      { code: 'wifi6-router-ax3000' },
    ])
    expect(addOnsToOffer(offered, [])).toEqual(offered)
  })
})

describe('offeredPaymentModes', () => {
  it('offers only the modes the plan allows, outright first', () => {
    expect(offeredPaymentModes(['STAGGERED', 'OUTRIGHT'])).toEqual(['OUTRIGHT', 'STAGGERED'])
    expect(offeredPaymentModes(['OUTRIGHT'])).toEqual(['OUTRIGHT'])
    expect(offeredPaymentModes([])).toEqual([])
  })
})

describe('compareSelection', () => {
  it.each([
    [[], { codes: [], valid: false, asked: false }],
    [['fiber-plan-888'], { codes: ['fiber-plan-888'], valid: false, asked: true }],
    [['a', 'b'], { codes: ['a', 'b'], valid: true, asked: true }],
    [['c', 'a', 'b'], { codes: ['c', 'a', 'b'], valid: true, asked: true }],
    [['a', 'a', 'b'], { codes: ['a', 'b'], valid: true, asked: true }],
    [['a', 'b', 'c', 'd'], { codes: ['a', 'b', 'c', 'd'], valid: false, asked: true }],
    [['a', 'B!', '../x'], { codes: ['a'], valid: false, asked: true }],
  ])('%j', (asked, selection) => {
    expect(compareSelection(asked)).toEqual(selection)
  })
})
