/**
 * The Wi-Fi bands and how people write them, without zod: the Wi-Fi page's browser code
 * imports this file, while lib/wifi.ts (the rules, with zod) re-exports it for the server.
 */
export const WIFI_BANDS = ['2.4GHz', '5GHz'] as const
export type WifiBand = (typeof WIFI_BANDS)[number]

/** '2.4GHz' as people write it: '2.4 GHz'. */
export const bandLabel = (band: WifiBand) => band.replace('GHz', ' GHz')
