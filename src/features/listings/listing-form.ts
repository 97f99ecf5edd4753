/**
 * Checking a whole listing submission (spec 5 and 7): the text fields through the shared schema,
 * then which files it carries, with the first failing rule in the spec's order. Used by the form
 * island before sending and by the server handler of `POST /api/products/`.
 *
 * Pure and isomorphic: no Node or DOM imports beyond the standard `FormData` global.
 */
import { placeTyped } from './places.ts';
import { LISTING_MESSAGES } from './listing-messages.ts';
import {
  LISTING_TEXT_FIELDS,
  MAX_SUBMIT_IMAGES,
  listingFieldsSchema,
  type ListingFieldName,
  type ListingFields,
  type ListingTextField,
} from './listing-schema.ts';

/**
 * Precedence of errors when reporting the first one: the spec's nine rules in order (category,
 * discount, latitude & longitude, description, location, Telegram, phone, logo, more than 10
 * images), then our further rules.
 */
const RULE_ORDER: readonly ListingFieldName[] = [
  'category',
  'discount',
  'latitude',
  'longitude',
  'description',
  'location',
  'contact_telegram',
  'contact_phone',
  'profile_photo',
  'uploaded_images',
  'product_name',
  'company_name',
  'product_photo',
  'discount_duration',
  'discount_start_date',
  'contact_tick',
  'web_site',
  'product_video',
  'email',
];

/** Which files a submission carries. */
export interface ListingFiles {
  /** profile_photo is present. */
  logo: boolean;
  /** product_photo is present. */
  photo: boolean;
  /** Number of uploaded_images files. */
  extraImages: number;
}

export type ListingValidation = { ok: true; data: ListingFields } | { ok: false; first: string; errors: Record<string, string> };

/**
 * Checks a submission: the text fields with {@link listingFieldsSchema}, then the files.
 * On failure, `errors` holds one message per bad field (multipart names; files as profile_photo,
 * product_photo, uploaded_images) and `first` the message of the first failing rule in the spec's
 * order (category, discount, latitude & longitude, description, location, Telegram, phone, logo,
 * more than 10 images), then product name, company name, product photo, days, links.
 */
export function validateListing(input: Record<string, string | undefined>, files: ListingFiles): ListingValidation {
  const errors: Record<string, string> = {};
  const parsed = listingFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!(field in errors)) errors[field] = issue.message;
    }
  }
  if (!files.logo) errors.profile_photo = LISTING_MESSAGES.logo;
  if (!files.photo) errors.product_photo = LISTING_MESSAGES.productPhoto;
  if (files.extraImages > MAX_SUBMIT_IMAGES) errors.uploaded_images = LISTING_MESSAGES.tooManyImages;

  const bad = Object.keys(errors);
  if (parsed.success && bad.length === 0) return { ok: true, data: parsed.data };
  const rank = (field: string) => {
    const i = (RULE_ORDER as readonly string[]).indexOf(field);
    return i < 0 ? RULE_ORDER.length : i;
  };
  const firstField = bad.reduce((best, field) => (rank(field) < rank(best) ? field : best));
  return { ok: false, first: errors[firstField] ?? LISTING_MESSAGES.category, errors };
}

/** The text fields of a multipart body, as strings (files and absent fields are left out). */
export function formDataToFields(fd: FormData): Partial<Record<ListingTextField, string>> {
  const fields: Partial<Record<ListingTextField, string>> = {};
  for (const name of LISTING_TEXT_FIELDS) {
    const value = fd.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  // Without JavaScript the coordinates cannot be filled: the neighbourhood typed in the form's
  // place box (`place`) gives them, and names the location when that was left empty.
  const typed = fd.get('place');
  const place = typeof typed === 'string' ? placeTyped(typed) : undefined;
  if (place && !(fields.latitude ?? '').trim() && !(fields.longitude ?? '').trim()) {
    fields.latitude = place.lat.toFixed(6);
    fields.longitude = place.lng.toFixed(6);
    if (!(fields.location ?? '').trim()) fields.location = place.name;
  }
  return fields;
}
