/** Map with JavaScript (app/ui/map.tsx): Leaflet through react-leaflet, loaded with import() in the browser only. */
import 'leaflet/dist/leaflet.css'
import './map-leaflet.css'
import L from 'leaflet'
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import iconUrl from 'leaflet/dist/images/marker-icon.png'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png'
import { useEffect, useState, type ReactNode } from 'react'
import { GeoJSON, MapContainer, Marker, TileLayer, useMap } from 'react-leaflet'

export type Position = { lat: number; lng: number }

/** A place marked on the map (a store): named for assistive technology, bigger when highlighted (spec 9). */
export type MapMarker = { id: string; position: Position; label: string; highlighted?: boolean }

/** app/ui/map.tsx's MapProps, less what the slot itself renders. */
export type LeafletMapProps = {
  position: Position
  zoom?: number
  tileUrl?: string | null
  attribution: string
  baseLayerUrl?: string
  pin?: { label: string; draggable?: boolean }
  locked?: boolean
  onPositionChange?: (position: Position) => void
  markers?: MapMarker[]
  onMarkerSelect?: (id: string) => void
  className: string
  /** What the slot shows should this module fail to load (map.tsx). */
  fallback: ReactNode
}

// Under a bundler Leaflet cannot guess where its marker images are (docs/conventions.md, Stack): give it
// the bundled ones, and an empty path so it stops guessing. spec 9: the marker is 25 px wide
// (Leaflet's own 25 × 41).
L.Icon.Default.imagePath = ''
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41] })

// spec 9: a marker is 25 px wide, 65 px when highlighted (a store), Leaflet's shape scaled.
const markerIcon = (width: number, className: string) =>
  new L.Icon({
    iconUrl,
    iconRetinaUrl,
    shadowUrl,
    iconSize: [width, Math.round((width * 41) / 25)],
    iconAnchor: [Math.round(width / 2), Math.round((width * 41) / 25)],
    shadowSize: [Math.round((width * 41) / 25), Math.round((width * 41) / 25)],
    shadowAnchor: [Math.round(width * 0.48), Math.round((width * 41) / 25)],
    className,
  })
const PLACE_ICON = markerIcon(25, 'map-marker')
const HIGHLIGHTED_ICON = markerIcon(65, 'map-marker map-marker-highlighted')

// Leaflet writes the credit as HTML; the configured text is text.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The map follows its props: a new pin or zoom from the page (a chosen building, a search hit) moves it. */
function FollowProps({ position, zoom, locked }: { position: Position; zoom: number; locked: boolean }) {
  const map = useMap()
  // The view the map shows, on its container: what a reader of the page (or a test) can check.
  useEffect(() => {
    const container = map.getContainer()
    const report = () => {
      const center = map.getCenter()
      container.dataset.center = `${center.lat.toFixed(6)},${center.lng.toFixed(6)}`
      container.dataset.zoom = String(map.getZoom())
    }
    report()
    map.on('moveend zoomend', report)
    return () => {
      map.off('moveend zoomend', report)
    }
  }, [map])
  useEffect(() => {
    // Without animation: Leaflet drops a setView that arrives during a zoom animation (a pin
    // found just after the location type changed the zoom), leaving the pin off the map.
    map.setView(position, zoom, { animate: false })
  }, [map, position.lat, position.lng, zoom]) // eslint-disable-line react-hooks/exhaustive-deps -- the numbers are the dependency, not the object
  useEffect(() => {
    for (const handler of [
      map.dragging,
      map.touchZoom,
      map.doubleClickZoom,
      map.scrollWheelZoom,
      map.boxZoom,
      map.keyboard,
    ]) {
      if (locked) handler.disable()
      else handler.enable()
    }
    map.zoomControl?.getContainer()?.toggleAttribute('hidden', locked)
  }, [map, locked])
  return null
}

type LandLayer = Parameters<typeof GeoJSON>[0]['data']

/** The offline base layer (docs/decisions/0022): the Philippine land, a static file of the portal's. */
function Land({ url }: { url: string }) {
  const [land, setLand] = useState<LandLayer | null>(null)
  useEffect(() => {
    let live = true
    fetch(url)
      .then((response) => (response.ok ? response.json() : null))
      .then((layer) => live && layer && setLand(layer as LandLayer))
      // Without it the pin and the coordinates still work on the sea-blue background.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [url])
  if (!land) return null
  return (
    <GeoJSON
      data={land}
      interactive={false}
      style={{ color: '#4d7c0f', weight: 1, fillColor: '#d9f99d', fillOpacity: 1 }}
      attribution="© OpenStreetMap contributors"
    />
  )
}

export default function LeafletMap({
  position,
  zoom = 16,
  tileUrl,
  attribution,
  baseLayerUrl,
  pin,
  locked = false,
  onPositionChange,
  markers = [],
  onMarkerSelect,
  className,
}: LeafletMapProps) {
  return (
    <MapContainer center={position} zoom={zoom} className={`${className} leaflet-offline`}>
      {baseLayerUrl && !tileUrl ? <Land url={baseLayerUrl} /> : null}
      {tileUrl ? <TileLayer url={tileUrl} attribution={escapeHtml(attribution)} /> : null}
      <FollowProps position={position} zoom={zoom} locked={locked} />
      {pin ? (
        <Marker
          position={position}
          alt={pin.label}
          title={pin.label}
          draggable={pin.draggable}
          eventHandlers={{
            dragend: (event) => {
              const { lat, lng } = (event.target as L.Marker).getLatLng()
              onPositionChange?.({ lat, lng })
            },
          }}
        />
      ) : null}
      {markers.map((marker) => (
        <Marker
          key={marker.id}
          position={marker.position}
          alt={marker.label}
          title={marker.label}
          icon={marker.highlighted ? HIGHLIGHTED_ICON : PLACE_ICON}
          zIndexOffset={marker.highlighted ? 1000 : 0}
          eventHandlers={{ click: () => onMarkerSelect?.(marker.id) }}
        />
      ))}
    </MapContainer>
  )
}
