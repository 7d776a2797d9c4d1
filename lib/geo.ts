/**
 * The one distance on the Earth the project uses (issue 34): great-circle distance on the
 * mean sphere (haversine), for the coverage rule (a NAP within 250 m, services/coverage) and
 * the store locator's "as the crow flies" (app/features/stores). Shared by the portal and the
 * reference upstream, so both measure alike.
 */

/** The mean Earth radius (IUGG), the one every distance rule here uses. */
export const EARTH_RADIUS_METERS = 6_371_008.8

const toRadians = Math.PI / 180

/** Haversine great-circle distance in metres: exact on the sphere, so the 250 m rule is decided on it. */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * toRadians
  const dLng = (lng2 - lng1) * toRadians
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRadians) * Math.cos(lat2 * toRadians) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** The point `meters` away from (lat, lng) on the given bearing (degrees from north), on the same sphere. */
export function destination(lat: number, lng: number, meters: number, bearingDegrees: number) {
  const delta = meters / EARTH_RADIUS_METERS
  const theta = bearingDegrees * toRadians
  const phi1 = lat * toRadians
  const lambda1 = lng * toRadians
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta))
  const lambda2 =
    lambda1 +
    Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2))
  return { latitude: phi2 / toRadians, longitude: lambda2 / toRadians }
}
