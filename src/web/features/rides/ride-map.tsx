import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import {
  Circle,
  CircleMarker,
  MapContainer,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { APPROXIMATE_AREA_KM, type MapSettings, type Point } from '../../../contracts/rides';

// The ride pages' map. Loaded with React.lazy only where a ride page draws it, so
// Leaflet and its stylesheet (imported above: Vite ships it with this chunk) never reach the
// home page's first load. Every map has a text twin on its page (the coordinates, the area), so
// nothing depends on the tiles arriving: tests and offline use work without them.

/** An approximate point is drawn as a circle that holds the exact point (decision 026). */
const APPROXIMATE_RADIUS_M = APPROXIMATE_AREA_KM * 1000;
const WORLD: [number, number] = [20, 0];

function Recenter({ point, zoom }: { point: Point | null; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.setView([point.lat, point.lng], Math.max(map.getZoom(), zoom));
  }, [map, point, zoom]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: Point) => void }) {
  useMapEvents({
    click: (event) =>
      onPick({
        // Five decimals is about a metre: enough for a meeting point.
        lat: Math.round(event.latlng.lat * 1e5) / 1e5,
        lng: Math.round(event.latlng.lng * 1e5) / 1e5,
      }),
  });
  return null;
}

export function RideMap({
  settings,
  point,
  label,
  approximate = false,
  onPick,
  markers = [],
  className = 'h-64',
}: {
  settings: MapSettings;
  point: Point | null;
  /** The map's accessible name ("Departure point of the ride"). */
  label: string;
  /** Draw an area rather than a point (the public share page). */
  approximate?: boolean;
  /** Clicking the map sets the point (the offer form). */
  onPick?: (point: Point) => void;
  /** Labelled points (the vendors on the organizer's map); `point` then only centres the map. */
  markers?: readonly { id: string; point: Point; label: string }[];
  className?: string;
}) {
  const zoom = approximate ? 13 : 14;
  return (
    <div role="region" aria-label={label} className={className}>
      <MapContainer
        center={point ? [point.lat, point.lng] : WORLD}
        zoom={point ? zoom : 2}
        scrollWheelZoom={false}
        className="size-full rounded-md border border-border"
      >
        <TileLayer url={settings.tileUrl} attribution={settings.attribution} />
        {point && !markers.length ? (
          approximate ? (
            <Circle
              center={[point.lat, point.lng]}
              radius={APPROXIMATE_RADIUS_M}
              pathOptions={{ color: '#2563eb', fillOpacity: 0.15 }}
            />
          ) : (
            <CircleMarker
              center={[point.lat, point.lng]}
              radius={9}
              pathOptions={{ color: '#1d4ed8', fillColor: '#2563eb', fillOpacity: 0.9 }}
            />
          )
        ) : null}
        {markers.map((marker) => (
          <CircleMarker
            key={marker.id}
            center={[marker.point.lat, marker.point.lng]}
            radius={8}
            pathOptions={{ color: '#b45309', fillColor: '#f59e0b', fillOpacity: 0.9 }}
          >
            <Tooltip>{marker.label}</Tooltip>
          </CircleMarker>
        ))}
        <Recenter point={point} zoom={zoom} />
        {onPick ? <PickOnClick onPick={onPick} /> : null}
      </MapContainer>
    </div>
  );
}
