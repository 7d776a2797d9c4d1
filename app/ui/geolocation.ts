/**
 * The browser's location (spec 7: high accuracy; spec 9: 5000 ms timeout, maximumAge 0), or
 * null when the browser has none, the visitor refuses or it takes too long. Each screen decides
 * what null means (spec 8: the configured map centre).
 */
import type { Position } from './map'

export function locate(): Promise<Position | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return resolve(null)
    navigator.geolocation.getCurrentPosition(
      (found) => resolve({ lat: found.coords.latitude, lng: found.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    )
  })
}
