import { m } from '#paraglide/messages.js';
import { useEffect, useRef, useState } from 'react';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { PLACES, findPlace } from '#features/listings/places.ts';
import type { ListingText } from './state.ts';
import { Field, Section, inputClass, readOnlyClass, type TextWiring } from './ui.tsx';

/**
 * Where buyers find the business: the location as the seller words it, and its coordinates from
 * the phone's GPS. When the phone cannot or will not tell (no GPS, permission refused, no fix),
 * the seller places the business at one of the well-known places that /nearby-shops offers.
 */
export function LocationField({
  text,
  errors,
  wire,
  onLocated,
}: {
  text: ListingText;
  errors: Record<string, string>;
  wire: TextWiring;
  onLocated: (latitude: number, longitude: number) => void;
}) {
  const [locating, setLocating] = useState(false);
  const [offerPlaces, setOfferPlaces] = useState(false);
  const placeSelect = useRef<HTMLSelectElement>(null);
  const coordinatesError = errors.latitude ?? errors.longitude;
  const chosenPlace = PLACES.find((p) => p.lat.toFixed(6) === text.latitude && p.lng.toFixed(6) === text.longitude)?.name ?? '';

  useEffect(() => {
    if (offerPlaces) placeSelect.current?.focus();
  }, [offerPlaces]);

  function locate() {
    if (!('geolocation' in navigator)) {
      alert(M.geoUnsupported);
      setOfferPlaces(true);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onLocated(position.coords.latitude, position.coords.longitude);
      },
      () => {
        setLocating(false);
        alert(M.geoFailed);
        setOfferPlaces(true);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  return (
    <Section title={m.form_ui_where()}>
      <Field name="location" label={m.form_ui_location()} hint={m.form_ui_location_hint()} error={errors.location}>
        <input {...wire('location', true)} type="text" aria-required="true" autoComplete="street-address" className={inputClass} />
      </Field>
      <div>
        <button
          id="lf-locate"
          type="button"
          onClick={locate}
          disabled={locating}
          aria-describedby={coordinatesError ? 'lf-coordinates-error' : undefined}
          className="inline-flex scroll-mt-36 items-center gap-2 rounded-full border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
          </svg>
          {locating ? m.form_ui_locating() : m.form_ui_use_location()}
        </button>
      </div>
      {offerPlaces && (
        <Field name="place" label={m.form_ui_nearest_place()} hint={m.form_ui_nearest_place_hint()}>
          <select
            ref={placeSelect}
            id="lf-place"
            aria-describedby="lf-place-hint"
            value={chosenPlace}
            onChange={(e) => {
              const place = findPlace(e.target.value);
              if (place) onLocated(place.lat, place.lng);
            }}
            className={inputClass}
          >
            <option value="">{m.form_ui_choose_place()}</option>
            {PLACES.map((p) => (
              <option key={p.name} value={p.name}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="grid grid-cols-2 gap-3">
        {(['latitude', 'longitude'] as const).map((name) => (
          <Field key={name} name={name} label={name === 'latitude' ? m.form_ui_latitude() : m.form_ui_longitude()}>
            <input
              {...wire(name)}
              aria-invalid={coordinatesError ? true : undefined}
              aria-describedby={coordinatesError ? 'lf-coordinates-error' : undefined}
              type="text"
              readOnly
              aria-required="true"
              placeholder={m.form_ui_tap_button()}
              className={readOnlyClass}
            />
          </Field>
        ))}
      </div>
      {coordinatesError && (
        <p id="lf-coordinates-error" className="-mt-2 text-sm text-red-700">
          {coordinatesError}
        </p>
      )}
    </Section>
  );
}
