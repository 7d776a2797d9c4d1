/**
 * npm run map:coastline: cuts the Philippines out of a maintained world land layer
 * (@geo-maps/countries-land-10km: OpenStreetMap data, ODbL, 10 km resolution) into
 * public/map/philippines.geojson, the maps' offline base layer when no tile server is
 * configured (docs/decisions/0022). The portal serves it as a static file, so it never
 * counts against a page's JS; the file is committed, and this script makes it again
 * after the package moves.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

type Feature = { type: 'Feature'; properties: { A3?: string }; geometry: { type: string; coordinates: unknown } }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const COASTLINE_FILE = path.join(root, 'public', 'map', 'philippines.geojson')

// About 11 m at the equator: far finer than the layer's 10 km, and a smaller file.
const round = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(round) : typeof value === 'number' ? Math.round(value * 1e4) / 1e4 : value

export function philippinesCoastline(): string {
  const require = createRequire(import.meta.url)
  const world = require('@geo-maps/countries-land-10km/map.geo.json') as { features: Feature[] }
  const philippines = world.features.find((feature) => feature.properties.A3 === 'PHL')
  if (!philippines) throw new Error('no Philippines (A3 PHL) in @geo-maps/countries-land-10km')
  return `${JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Philippines', source: '© OpenStreetMap contributors (ODbL), via @geo-maps' },
        geometry: { type: philippines.geometry.type, coordinates: round(philippines.geometry.coordinates) },
      },
    ],
  })}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(COASTLINE_FILE), { recursive: true })
  fs.writeFileSync(COASTLINE_FILE, philippinesCoastline())
  console.log(`wrote ${path.relative(root, COASTLINE_FILE)} (${fs.statSync(COASTLINE_FILE).size} bytes)`)
}
