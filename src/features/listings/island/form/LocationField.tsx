import { m } from '#paraglide/messages.js';
import { useRef, useState } from 'react';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import type { Place } from '#features/listings/places.ts';
import { MapPin, type MapTiles } from './MapPin.tsx';
import { PlacePicker } from './PlacePicker.tsx';
import { choiceInWords, choiceOfFields, fieldsOfChoice, pickedPlace, placedAt, type PlaceChoice } from './place-choice.ts';
import type { ListingText } from './state.ts';
import { Field, Section, inputClass, readOnlyClass, type TextWiring } from './ui.tsx';

export type { MapTiles } from './MapPin.tsx';

/**
 * Where buyers find the business: the location as the seller words it, and its coordinates,
 * which he gives in one of three ways, in this order: he picks the neighbourhood from the places
 * list, he pins it on a map (loaded only when he asks), or the phone tells where he is now. Each
 * is told back as a place ("Near Bole Medhanialem"); the coordinates stay, read-only and small.
 */
export function LocationField({
  text,
  errors,
  wire,
  tiles,
  onLocated,
  onLocation,
}: {
  text: ListingText;
  errors: Record<string, string>;
  wire: TextWiring;
  tiles: MapTiles;
  onLocated: (latitude: number, longitude: number) => void;
  /** Writes the location text (a picked neighbourhood's name when the seller left it empty). */
  onLocation: (location: string) => void;
}) {
  const [locating, setLocating] = useState(false);
  const [choice, setChoice] = useState<PlaceChoice | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const coordinatesError = errors.latitude ?? errors.longitude;
  // The choice made here while the fields still hold it; otherwise what the fields hold (a kept draft), or nothing (after a reset).
  const current =
    choice && choice.latitude.toFixed(6) === text.latitude && choice.longitude.toFixed(6) === text.longitude
      ? choice
      : choiceOfFields(text.latitude, text.longitude);

  function place(next: PlaceChoice) {
    setChoice(next);
    const fields = fieldsOfChoice(next, text.location);
    onLocated(fields.latitude, fields.longitude);
    if (fields.location !== undefined) onLocation(fields.location);
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      alert(M.geoUnsupported);
      picker.current?.focus();
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        place(placedAt('located', position.coords.latitude, position.coords.longitude));
      },
      () => {
        setLocating(false);
        alert(M.geoFailed);
        picker.current?.focus();
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  const describedBy = coordinatesError ? 'lf-coordinates-error' : undefined;
  return (
    <Section title={m.form_ui_where()}>
      <Field name="location" label={m.form_ui_location()} hint={m.form_ui_location_hint()} error={errors.location}>
        <input {...wire('location', true)} type="text" aria-required="true" autoComplete="street-address" className={inputClass} />
      </Field>
      <PlacePicker inputRef={picker} describedBy={describedBy} onChoose={(picked: Place) => place(pickedPlace(picked))} />
      {current && (
        <p
          id="lf-place-chosen"
          role="status"
          className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800"
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
          </svg>
          {choiceInWords(current)}
        </p>
      )}
      <p className="text-xs text-stone-600">{m.form_place_other_ways()}</p>
      <MapPin
        tiles={tiles}
        at={current && { latitude: current.latitude, longitude: current.longitude }}
        onPin={(latitude, longitude) => place(placedAt('pinned', latitude, longitude))}
      />
      <div>
        <button
          id="lf-locate"
          type="button"
          onClick={locate}
          disabled={locating}
          aria-describedby={describedBy}
          className="inline-flex scroll-mt-36 items-center gap-2 rounded-full border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm9 3h-2.1A7 7 0 0 0 13 5.1V3h-2v2.1A7 7 0 0 0 5.1 11H3v2h2.1a7 7 0 0 0 5.9 5.9V21h2v-2.1a7 7 0 0 0 5.9-5.9H21v-2Zm-9 6a5 5 0 1 1 0-10 5 5 0 0 1 0 10Z" />
          </svg>
          {locating ? m.form_ui_locating() : m.form_ui_use_location()}
        </button>
      </div>
      <fieldset>
        <legend className="mb-1 text-xs text-stone-500">{m.form_place_coordinates()}</legend>
        <div className="grid grid-cols-2 gap-3">
          {(['latitude', 'longitude'] as const).map((name) => (
            <Field key={name} name={name} label={name === 'latitude' ? m.form_ui_latitude() : m.form_ui_longitude()}>
              <input
                {...wire(name)}
                aria-invalid={coordinatesError ? true : undefined}
                aria-describedby={describedBy}
                type="text"
                readOnly
                aria-required="true"
                placeholder={m.form_ui_tap_button()}
                className={readOnlyClass}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      {coordinatesError && (
        <p id="lf-coordinates-error" className="-mt-2 text-sm text-red-700">
          {coordinatesError}
        </p>
      )}
    </Section>
  );
}
