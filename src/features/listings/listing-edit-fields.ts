/**
 * The text fields of an edit (My Posts' form, `PATCH /api/delete/products/{id}/`), checked with the
 * new-listing form's rules (listing-schema.ts): only the fields sent change; the ones not sent keep
 * the listing's values, which the cross-field rules (discount and its days) still see. A place of
 * the places list sets the coordinates; a waiting discount clears the days. Pure.
 */
import type { ListingFields, ListingTextField } from './listing-schema.ts';
import { listingFieldsSchema } from './listing-schema.ts';
import { findPlace } from './places.ts';
import type { VersionTexts } from './listing-version.ts';

/** Multipart name → the version's field. */
const FIELD_KEYS = {
  product_name: 'productName',
  company_name: 'companyName',
  description: 'description',
  location: 'location',
  latitude: 'latitude',
  longitude: 'longitude',
  category: 'category',
  discount: 'discount',
  discount_duration: 'discountDurationDays',
  discount_start_date: 'discountStartDays',
  contact_telegram: 'contactTelegram',
  contact_tick: 'contactTick',
  web_site: 'webSite',
  contact_phone: 'contactPhone',
  holiday: 'holiday',
} as const satisfies Partial<Record<ListingTextField, keyof ListingFields>>;
type EditableField = keyof typeof FIELD_KEYS;
const EDITABLE = Object.keys(FIELD_KEYS) as EditableField[];
const DAY_GROUP: readonly string[] = ['discount', 'discount_duration', 'discount_start_date'];

export type EditFieldsResult = { ok: true; changes: Partial<VersionTexts> } | { ok: false; errors: Record<string, string> };

/** A version's texts as the form sends them. */
function asSent(current: VersionTexts): Record<EditableField, string> {
  return Object.fromEntries(EDITABLE.map((name) => [name, String(current[FIELD_KEYS[name]] ?? '')])) as Record<EditableField, string>;
}

/**
 * Reads the sent text fields (strings by multipart name; `place` names a place of the list) over
 * `current`: the changed fields, or one message per field that breaks the form's rules.
 */
export function readEditFields(sent: Partial<Record<string, string>>, current: VersionTexts): EditFieldsResult {
  const given: Partial<Record<EditableField, string>> = {};
  for (const name of EDITABLE) if (typeof sent[name] === 'string') given[name] = sent[name];
  const place = findPlace(sent.place?.trim() || null);
  if (place) {
    given.latitude = String(place.lat);
    given.longitude = String(place.lng);
  }
  // One day field sent means the other is empty; a waiting discount has neither.
  if ((given.discount_duration === undefined) !== (given.discount_start_date === undefined)) {
    given.discount_duration ??= '';
    given.discount_start_date ??= '';
  }
  if (given.discount !== undefined && /^\s*waiting\s*$/i.test(given.discount)) {
    given.discount_duration = '';
    given.discount_start_date = '';
  }
  const names = Object.keys(given) as EditableField[];
  const reported = new Set<string>(names);
  if (names.some((name) => DAY_GROUP.includes(name))) for (const name of DAY_GROUP) reported.add(name);

  const errors: Record<string, string> = {};
  const parsed = listingFieldsSchema.safeParse({ ...asSent(current), ...given });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      // A field the edit did not send (an old listing's missing phone, say) is not the edit's problem.
      if (reported.has(field)) errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const shape = listingFieldsSchema.in.shape;
  const changes: Record<string, unknown> = {};
  for (const name of names) {
    const one = shape[name].safeParse(given[name]);
    if (one.success) changes[FIELD_KEYS[name]] = one.data;
  }
  return { ok: true, changes: changes as Partial<VersionTexts> };
}
