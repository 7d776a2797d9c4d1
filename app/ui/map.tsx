/**
 * The map slot (docs/architecture.md, 4): Leaflet touches `window`, so the server renders the
 * fallback (its children: the coordinates in words, or a note) and the browser fetches
 * Leaflet, react-leaflet and Leaflet's CSS with import() once the page runs, only on
 * pages that show a map. With a pin and `inputNames`, hidden inputs carry the pin's
 * position, so the form posts where the user dragged it (and, without JavaScript, the
 * position the server rendered).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { LeafletMapProps, MapMarker, Position } from './map-leaflet'
import { useHydrated } from './use-hydrated'

export type { MapMarker, Position }

/** The offline base layer's file (public/map, made by scripts/coastline.ts; docs/decisions/0022). */
export const OFFLINE_BASE_LAYER_URL = '/map/philippines.geojson'

export type MapProps = {
  /** The map's accessible name, e.g. "Map of your location". */
  label: string
  /** Where the map centres, and where the pin stands. */
  position: Position
  zoom?: number
  /** The tile template, `{z}/{x}/{y}` (MAP_TILE_URL, docs/configuration.md); none draws `baseLayerUrl`. */
  tileUrl?: string | null
  /** A GeoJSON file of land drawn when there is no tile server (docs/decisions/0022). */
  baseLayerUrl?: string
  /** The tile provider's credit, plain text (MAP_TILE_ATTRIBUTION). */
  attribution: string
  /** A pin at `position`, named for assistive technology; draggable to move it. */
  pin?: { label: string; draggable?: boolean }
  /** The map cannot be moved or zoomed (spec 2: a building's map is disabled). */
  locked?: boolean
  /** Hidden inputs that carry the pin's position in the enclosing form. */
  inputNames?: { lat: string; lng: string }
  onPositionChange?: (position: Position) => void
  /** Places marked on the map (the store locator's stores); a click on one reports its id. */
  markers?: MapMarker[]
  onMarkerSelect?: (id: string) => void
  /** What shows without JavaScript, and until Leaflet has loaded. */
  children: ReactNode
}

// A chunk that does not load (offline, a deploy since the page was served): the fallback stays.
const LeafletMap = lazy(() =>
  import('./map-leaflet').catch(() => ({ default: ({ fallback }: LeafletMapProps) => <>{fallback}</> })),
)

// spec 9: the map is 292 px high.
const FRAME_CLASS = 'h-[292px] w-full overflow-hidden rounded-lg border border-slate-300 dark:border-slate-600'

export function Map({ label, position, inputNames, onPositionChange, children, ...options }: MapProps) {
  const hydrated = useHydrated()
  const [pinned, setPinned] = useState(position)
  const fallback = (
    <div className="rounded-lg border border-dashed border-slate-400 p-4 text-sm dark:border-slate-500">{children}</div>
  )
  function move(next: Position) {
    setPinned(next)
    onPositionChange?.(next)
  }
  return (
    <section aria-label={label} className="flex flex-col gap-2">
      {hydrated ? (
        <Suspense fallback={fallback}>
          <LeafletMap
            {...options}
            position={position}
            onPositionChange={move}
            className={FRAME_CLASS}
            fallback={fallback}
          />
        </Suspense>
      ) : (
        fallback
      )}
      {inputNames ? (
        <>
          <input type="hidden" name={inputNames.lat} value={String(pinned.lat)} />
          <input type="hidden" name={inputNames.lng} value={String(pinned.lng)} />
        </>
      ) : null}
    </section>
  )
}
