/**
 * The map of "Pin it on a map", loaded only when the seller taps that button: Leaflet and its CSS
 * are bundled into this chunk (served from this site), never part of the form's first load, and
 * no page but the form imports it. Tiles come from the configured URL template (MAP_TILE_URL).
 *
 * The pin is a marker drawn in SVG (no marker images); a tap on the map puts it there and it can
 * be dragged. Each move reports its position.
 */
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import 'leaflet/dist/leaflet.css';

export interface PinMapOptions {
  center: { latitude: number; longitude: number };
  zoom: number;
  /** Where the pin starts, if the business is already placed. */
  pin: { latitude: number; longitude: number } | null;
  tileUrl: string;
  /** The tiles' credit line, as text. */
  attribution: string;
  /** The pin's name for screen readers. */
  pinTitle: string;
  onPin: (latitude: number, longitude: number) => void;
}

export interface PinMap {
  /** Moves the pin there (a place chosen another way) without reporting it. */
  showPin: (latitude: number, longitude: number) => void;
  remove: () => void;
}

const PIN_SVG =
  '<svg viewBox="0 0 24 30" width="32" height="40" aria-hidden="true" class="text-brand-700 drop-shadow">' +
  '<path fill="currentColor" d="M12 0a11 11 0 0 0-11 11c0 8 11 19 11 19s11-11 11-19A11 11 0 0 0 12 0Z"/>' +
  '<circle cx="12" cy="11" r="4" fill="#fff"/></svg>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function showPinMap(container: HTMLElement, options: PinMapOptions): PinMap {
  const map = L.map(container, { center: [options.center.latitude, options.center.longitude], zoom: options.zoom });
  L.tileLayer(options.tileUrl, { maxZoom: 19, attribution: escapeHtml(options.attribution) }).addTo(map);
  const icon = L.divIcon({ className: 'sefer-pin', html: PIN_SVG, iconSize: [32, 40], iconAnchor: [16, 40] });
  let marker: L.Marker | null = null;

  function putPin(at: L.LatLngExpression): L.Marker {
    if (marker) return marker.setLatLng(at);
    marker = L.marker(at, { icon, draggable: true, title: options.pinTitle, alt: options.pinTitle }).addTo(map);
    marker.on('dragend', () => {
      const { lat, lng } = marker!.getLatLng();
      options.onPin(lat, lng);
    });
    return marker;
  }

  if (options.pin) putPin([options.pin.latitude, options.pin.longitude]);
  map.on('click', (e: L.LeafletMouseEvent) => {
    putPin(e.latlng);
    options.onPin(e.latlng.lat, e.latlng.lng);
  });
  return {
    showPin(latitude, longitude) {
      // The pin's own move, come back through the form's fields: already there.
      if (marker && marker.getLatLng().distanceTo([latitude, longitude]) < 1) return;
      putPin([latitude, longitude]);
      map.panTo([latitude, longitude]);
    },
    remove: () => map.remove(),
  };
}
