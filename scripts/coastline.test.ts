import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COASTLINE_FILE, philippinesCoastline } from './coastline'

describe('the offline base layer (docs/decisions/0022)', () => {
  it('is the committed cut of the package, so the map draws what the package says', () => {
    expect(fs.readFileSync(COASTLINE_FILE, 'utf8')).toBe(philippinesCoastline())
  })

  it('is the Philippine land: Luzon, the Visayas and Mindanao are inside its bounds, and it stays small', () => {
    const layer = JSON.parse(philippinesCoastline())
    const points = (layer.features[0].geometry.coordinates as number[][][][]).flat(2)
    const lngs = points.map(([lng]) => lng!)
    const lats = points.map(([, lat]) => lat!)
    expect(Math.min(...lngs)).toBeLessThan(118) // Palawan
    expect(Math.max(...lngs)).toBeGreaterThan(126) // eastern Mindanao
    expect(Math.min(...lats)).toBeLessThan(6) // Tawi-Tawi
    expect(Math.max(...lats)).toBeGreaterThan(18.5) // northern Luzon
    expect(Buffer.byteLength(philippinesCoastline())).toBeLessThan(20_000)
  })
})
