/**
 * The NAP boxes' positions in a static k-d tree (kdbush), searched by great-circle
 * distance (geokdbush) nearest first, so a look-up reads a handful of tree nodes
 * instead of every NAP (docs/decisions/0020). The index holds positions only: whether a
 * NAP has a free port is asked of the database at query time, so it stays right while
 * ports fill up. An index is built from one version of the coverage data and says which.
 */
import { around } from 'geokdbush'
import KDBush from 'kdbush'
import { EARTH_RADIUS_METERS, haversineMeters } from '../../lib/geo.ts'

// The distance rules are lib/geo.ts's, shared with the portal's store locator.
export { destination, EARTH_RADIUS_METERS, haversineMeters } from '../../lib/geo.ts'

const toRadians = Math.PI / 180

export type NapHit = { id: number; meters: number }

// geokdbush measures on a 6,371 km sphere, a hair smaller than ours: searching a metre
// further makes its candidates a superset, and the exact distance then decides.
const SEARCH_SLACK_METERS = 1

export class NapIndex {
  private constructor(
    private readonly tree: KDBush | null,
    /** Database ids of the NAPs, by their position in the tree's input. */
    private readonly ids: Int32Array,
    private readonly latitudes: Float64Array,
    private readonly longitudes: Float64Array,
    /** The coverage data version the index was built from. */
    readonly version: number,
  ) {}

  static build(points: { ids: Int32Array; latitudes: Float64Array; longitudes: Float64Array }, version: number) {
    const count = points.ids.length
    if (count === 0) return new NapIndex(null, points.ids, points.latitudes, points.longitudes, version)
    const tree = new KDBush(count, 64, Float64Array)
    for (let i = 0; i < count; i++) tree.add(points.longitudes[i]!, points.latitudes[i]!)
    tree.finish()
    return new NapIndex(tree, points.ids, points.latitudes, points.longitudes, version)
  }

  get size(): number {
    return this.ids.length
  }

  /** Bytes the index keeps: the tree's buffer and the id and coordinate arrays. */
  get memoryBytes(): number {
    return (
      (this.tree?.data.byteLength ?? 0) + this.ids.byteLength + this.latitudes.byteLength + this.longitudes.byteLength
    )
  }

  /**
   * NAPs no further than `maxMeters`, nearest first, with exact distances. A box search
   * (kdbush's range: no queue, no allocation per node) over the degrees the radius spans,
   * then the haversine distance of each point in the box.
   */
  within(latitude: number, longitude: number, maxMeters: number): NapHit[] {
    if (!this.tree) return []
    const reach = maxMeters + SEARCH_SLACK_METERS
    const dLat = reach / EARTH_RADIUS_METERS / toRadians
    const cosLat = Math.cos(Math.min(89, Math.abs(latitude) + dLat) * toRadians)
    const dLng = Math.min(180, dLat / Math.max(cosLat, 1e-6))
    const found = this.tree.range(longitude - dLng, latitude - dLat, longitude + dLng, latitude + dLat)
    const hits: NapHit[] = []
    for (const i of found) {
      const meters = haversineMeters(latitude, longitude, this.latitudes[i]!, this.longitudes[i]!)
      if (meters <= maxMeters) hits.push({ id: this.ids[i]!, meters })
    }
    return hits.sort((a, b) => a.meters - b.meters)
  }

  /**
   * The nearest NAP no further than `maxMeters`, whatever its ports, or null: geokdbush's
   * best-first search, which visits tree nodes nearest first and stops at the first point.
   */
  nearest(latitude: number, longitude: number, maxMeters: number): NapHit | null {
    if (!this.tree) return null
    const [i] = around(this.tree, longitude, latitude, 1, (maxMeters + SEARCH_SLACK_METERS) / 1000)
    if (i === undefined) return null
    const meters = haversineMeters(latitude, longitude, this.latitudes[i]!, this.longitudes[i]!)
    return meters <= maxMeters ? { id: this.ids[i]!, meters } : null
  }
}
