/**
 * The store locator's words (issue 16). The spec names the failures (FAILED_GET_STORES,
 * _STORES_PROVINCE, _DISTANCE) but shows no text for them, so these are ours; the kinds of
 * store and their services are lib/stores.ts's.
 */
export const STORES_TEXT = {
  title: 'Find a store',
  description: 'Business centres, payment centres and authorized outlets near you, with their hours and services.',
  intro: {
    help: 'Visit a business centre to apply, have your modem repaired or swapped, or pay your bill.',
    pay: 'Pay over the counter: payment centres take cash, checks and cards; authorized outlets take cash only, no checks.',
  },
  typeLegend: 'Kind of store',
  province: 'Province',
  provincePlaceholder: 'Choose a province',
  chosenProvince: 'The province you chose',
  show: 'SHOW STORES',
  badType: 'Choose a kind of store from the list.',
  badProvince: 'Choose a province from the list.',
  chooseProvince: 'Choose a province to see its stores, or find the stores nearest to you.',
  noStores: 'No store of this kind in this province yet.',
  nearHeading: 'Nearest first',
  near: 'Near a barangay or town',
  nearHint: 'For example: Poblacion, Makati',
  sortByDistance: 'SORT BY DISTANCE',
  nearMe: 'NEAR ME',
  locating: 'Finding where you are…',
  placeNotFound: 'We could not find that place. Try a barangay and its town, e.g. “Poblacion, Makati”.',
  placeMissing: 'Type a barangay or town.',
  locationRefused:
    'We could not get your location, so the map shows its default centre. Type a barangay or town to see the stores nearest to it.',
  badLocation: 'We could not read that location. Please try again.',
  orderedFrom: (origin: string) => `Nearest first, from ${origin}.`,
  yourLocation: 'your location',
  checkedAddress: 'the address you checked for fibre',
  /** 'Lahug, City of Cebu, Cebu' → 'the centre of City of Cebu, Cebu (Lahug)'. */
  townCentreOf: (label: string) => {
    const [barangay, ...town] = label.split(', ')
    return town.length > 0 ? `the centre of ${town.join(', ')} (${barangay})` : label
  },
  distanceFailed: 'We could not measure the distances just now, so the stores are listed by town.',
  storesFailed: 'We could not load the stores just now. Your choices are kept.',
  provincesFailed: 'We could not load the provinces just now. Your choices are kept.',
  retry: 'Try again',
  count: (n: number) => (n === 1 ? '1 store' : `${n} stores`),
  hours: 'Hours',
  services: 'Services',
  channels: 'Payments accepted',
  phone: 'Phone',
  openNow: 'Open now',
  closedNow: 'Closed now',
  byRoad: (km: string) => `${km} by road`,
  crowFlies: (km: string) => `${km} as the crow flies`,
  nearest: 'Nearest',
  showOnMap: 'Show on map',
  onMap: 'On the map',
  mapLabel: 'Map of the stores',
  mapFallback: 'The map needs JavaScript. Every store’s address is in the list.',
  demo: 'Demo stores: invented for this demonstration, not real places.',
} as const

/** 1234 → '1.2 km', 240 → '240 m'. */
export function distanceText(meters: number): string {
  if (meters < 1000) return `${Math.round(meters / 10) * 10} m`
  return `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)} km`
}
