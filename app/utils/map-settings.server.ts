/** What every map in the portal is drawn with, from configuration (docs/configuration.md, Map). */
import type { Config } from '../../lib/env'
import { OFFLINE_BASE_LAYER_URL, type Position } from '~/ui/map'

export type MapSettings = {
  tileUrl: string | null
  attribution: string
  baseLayerUrl: string
  /** spec 9: where a map opens, and where it goes when the browser's location is refused. */
  center: Position
}

export function mapSettings(config: Config): MapSettings {
  return {
    tileUrl: config.MAP_TILE_URL ?? null,
    attribution: config.MAP_TILE_ATTRIBUTION,
    baseLayerUrl: OFFLINE_BASE_LAYER_URL,
    center: { lat: config.MAP_CENTER_LATITUDE, lng: config.MAP_CENTER_LONGITUDE },
  }
}
