import { m } from '#paraglide/messages.js';
import { useEffect, useRef, useState } from 'react';
import type { PinMap } from './pin-map.ts';

/** Addis Ababa (Meskel Square): where the map opens when nothing is placed yet. */
const ADDIS = { latitude: 9.0108, longitude: 38.7613 };
const CITY_ZOOM = 13;
const PLACE_ZOOM = 16;

export interface MapTiles {
  /** A {z}/{x}/{y} URL template (MAP_TILE_URL). */
  url: string;
  /** Their credit line (MAP_TILE_ATTRIBUTION), as text. */
  attribution: string;
}

type MapState = 'closed' | 'loading' | 'open' | 'failed';

/**
 * "Pin it on a map": a button, and only once it is tapped the map (pin-map.ts, with Leaflet, is a
 * chunk of its own, imported here and nowhere else). The map opens on the business's current
 * position or on Addis Ababa; a tap or a drag of the pin reports the new position.
 */
export function MapPin({
  tiles,
  at,
  onPin,
}: {
  tiles: MapTiles;
  /** Where the business is placed now (by any way), if it is. */
  at: { latitude: number; longitude: number } | null;
  onPin: (latitude: number, longitude: number) => void;
}) {
  const [state, setState] = useState<MapState>('closed');
  const [leaflet, setLeaflet] = useState<{ showPinMap: typeof import('./pin-map.ts').showPinMap } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<PinMap | null>(null);
  const latest = useRef({ at, onPin });
  useEffect(() => {
    latest.current = { at, onPin };
  });

  useEffect(() => () => map.current?.remove(), []);
  // Once the chunk is here and its box is on the page, the map is drawn in it.
  useEffect(() => {
    if (state !== 'loading' || !leaflet || !container.current || map.current) return;
    const { at: start } = latest.current;
    map.current = leaflet.showPinMap(container.current, {
      center: start ?? ADDIS,
      zoom: start ? PLACE_ZOOM : CITY_ZOOM,
      pin: start,
      tileUrl: tiles.url,
      attribution: tiles.attribution,
      pinTitle: m.form_place_pin_title(),
      onPin: (latitude, longitude) => latest.current.onPin(latitude, longitude),
    });
    setState('open');
  }, [state, leaflet, tiles]);
  // A place chosen another way while the map is open moves the pin there.
  const latitude = at?.latitude;
  const longitude = at?.longitude;
  useEffect(() => {
    if (latitude !== undefined && longitude !== undefined) map.current?.showPin(latitude, longitude);
  }, [latitude, longitude]);

  function open() {
    setState('loading');
    if (leaflet) return;
    // The only import of the map: Leaflet loads when the seller asks for it.
    import('./pin-map.ts').then(
      ({ showPinMap }) => setLeaflet({ showPinMap }),
      (error: unknown) => {
        console.error('[form] the map did not load:', error);
        setState('failed');
      },
    );
  }

  function close() {
    map.current?.remove();
    map.current = null;
    setState('closed');
  }

  const shown = state === 'loading' || state === 'open';
  return (
    <div className="space-y-2">
      <button
        id="lf-pin"
        type="button"
        onClick={shown ? close : open}
        aria-expanded={shown}
        aria-controls={shown ? 'lf-map' : undefined}
        className="inline-flex items-center gap-2 rounded-full border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M9 3 3 5.5v15.5l6-2.5 6 2.5 6-2.5V3l-6 2.5L9 3Zm0 2.2 6 2.5v11.1l-6-2.5V5.2Z" />
        </svg>
        {shown ? m.form_place_map_close() : m.form_place_pin_button()}
      </button>
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {m.form_place_map_failed()}
        </p>
      )}
      {shown && (
        <div>
          <p id="lf-map-hint" className="mb-1 text-xs text-stone-600">
            {state === 'loading' ? m.form_place_map_loading() : m.form_place_map_hint()}
          </p>
          <div
            ref={container}
            id="lf-map"
            role="region"
            aria-label={m.form_place_map_label()}
            aria-describedby="lf-map-hint"
            aria-busy={state === 'loading'}
            className="z-0 h-72 w-full overflow-hidden rounded-xl border border-stone-300 bg-stone-100"
          />
        </div>
      )}
    </div>
  );
}
