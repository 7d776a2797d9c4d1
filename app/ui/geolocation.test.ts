import { afterEach, describe, expect, it, vi } from 'vitest'
import { locate } from './geolocation'

type Request = { options: PositionOptions | undefined; found: PositionCallback; failed: PositionErrorCallback | null }

/** A browser whose geolocation records each request, for the test to answer. */
function browserGeolocation() {
  const requests: Request[] = []
  vi.stubGlobal('navigator', {
    geolocation: {
      getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback | null, options?: PositionOptions) =>
        requests.push({ options, found, failed }),
    },
  })
  return requests
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('locate (spec 7, 9)', () => {
  it('asks for a fresh, high-accuracy position with a 5000 ms time limit, and answers it', async () => {
    const requests = browserGeolocation()
    const located = locate()
    expect(requests).toHaveLength(1)
    expect(requests[0]!.options).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 })
    requests[0]!.found({ coords: { latitude: 14.5531, longitude: 121.0352 } } as GeolocationPosition)
    expect(await located).toEqual({ lat: 14.5531, lng: 121.0352 })
  })

  it('answers null when the visitor refuses or the time runs out, for the screen to use its centre', async () => {
    const requests = browserGeolocation()
    const refused = locate()
    requests[0]!.failed!({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError)
    expect(await refused).toBeNull()
    const late = locate()
    requests[1]!.failed!({ code: 3, message: 'Timeout expired' } as GeolocationPositionError)
    expect(await late).toBeNull()
  })

  it('answers null in a browser without geolocation', async () => {
    vi.stubGlobal('navigator', {})
    expect(await locate()).toBeNull()
  })
})
