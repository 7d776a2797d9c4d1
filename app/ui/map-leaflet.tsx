/** Map with JavaScript (app/ui/map.tsx): Leaflet through react-leaflet, loaded with import() in the browser only. */
import 'leaflet/dist/leaflet.css'
import './map-leaflet.css'
import L from 'leaflet'
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import iconUrl from 'leaflet/dist/images/marker-icon.png'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png'
import type { ReactNode } from 'react'
import { MapContainer, Marker, TileLayer } from 'react-leaflet'

export type Position = { lat: number; lng: number }

/** app/ui/map.tsx's MapProps, less what the slot itself renders. */
export type LeafletMapProps = {
  position: Position
  zoom?: number
  tileUrl: string
  attribution: string
  pin?: { label: string; draggable?: boolean }
  onPositionChange?: (position: Position) => void
  className: string
  /** What the slot shows should this module fail to load (map.tsx). */
  fallback: ReactNode
}

// Under a bundler Leaflet cannot guess where its marker images are (docs/conventions.md, Stack): give it
// the bundled ones, and an empty path so it stops guessing.
L.Icon.Default.imagePath = ''
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl })

// Leaflet writes the credit as HTML; the configured text is text.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export default function LeafletMap({
  position,
  zoom = 16,
  tileUrl,
  attribution,
  pin,
  onPositionChange,
  className,
}: LeafletMapProps) {
  return (
    <MapContainer center={position} zoom={zoom} className={className}>
      <TileLayer url={tileUrl} attribution={escapeHtml(attribution)} />
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
    </MapContainer>
  )
}
