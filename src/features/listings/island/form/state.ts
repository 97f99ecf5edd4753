/**
 * The listing form's state and its one reducer: every rule about how one field's change affects
 * the others lives here (Waiting empties the two day fields; only one of them may be filled; the
 * picker's image limit), so the components only report what the seller did.
 */
import { WAITING } from '#features/listings/discount.ts';
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { LISTING_TEXT_FIELDS, MAX_PICKER_IMAGES, type ListingTextField } from '#features/listings/listing-schema.ts';

export type ListingText = Record<ListingTextField, string>;
type DayField = 'discount_duration' | 'discount_start_date';
/** The file fields that hold one file. */
type SingleFileField = 'profile_photo' | 'product_photo' | 'product_video';

/** A listing as it is sent, and as it is kept in this browser until it can be. */
export interface Listing {
  text: Partial<ListingText>;
  logo: File | null;
  photo: File | null;
  video: File | null;
  images: File[];
}

export interface PickedImage {
  id: number;
  file: File;
}

export interface FormState {
  text: ListingText;
  files: Record<SingleFileField, File | null>;
  images: PickedImage[];
  nextImageId: number;
  /** One message per field (multipart names). */
  errors: Record<string, string>;
  /** The signed-in seller's email, which the form always shows; null for a visitor. */
  accountEmail: string | null;
  /** Set by the seller's own edits: only those are written to the draft (a restore is none). */
  edited: boolean;
  /** Counts resets, so the file inputs start empty again. */
  resets: number;
}

export type FormAction =
  | { type: 'edit'; name: ListingTextField; value: string }
  | { type: 'located'; latitude: number; longitude: number }
  | { type: 'file'; name: SingleFileField; file: File | null }
  | { type: 'addImages'; files: File[] }
  | { type: 'removeImage'; id: number }
  | { type: 'restore'; text: Partial<ListingText>; kept: Listing | null }
  | { type: 'errors'; errors: Record<string, string> }
  | { type: 'reset' };

const DAY_FIELDS: readonly DayField[] = ['discount_duration', 'discount_start_date'];
const isDayField = (name: string): name is DayField => (DAY_FIELDS as readonly string[]).includes(name);
const otherDay = (name: DayField): DayField => (name === 'discount_duration' ? 'discount_start_date' : 'discount_duration');
const filled = (value: string | undefined) => (value ?? '').trim() !== '';

export const isWaiting = (text: ListingText) => text.discount === WAITING;

/** Every text field empty but the account's email. */
export function ownText(accountEmail: string | null, text: Partial<ListingText> = {}): ListingText {
  const blank = Object.fromEntries(LISTING_TEXT_FIELDS.map((name) => [name, ''])) as ListingText;
  return { ...blank, ...text, ...(accountEmail !== null ? { email: accountEmail } : {}) };
}

export function initialFormState(
  accountEmail: string | null,
  initial: { text?: Partial<Record<string, string>>; errors?: Record<string, string> } = {},
): FormState {
  const known = Object.entries(initial.text ?? {}).filter(
    (entry): entry is [ListingTextField, string] =>
      (LISTING_TEXT_FIELDS as readonly string[]).includes(entry[0]) && typeof entry[1] === 'string',
  );
  return {
    text: ownText(accountEmail, Object.fromEntries(known)),
    files: { profile_photo: null, product_photo: null, product_video: null },
    images: [],
    nextImageId: 1,
    errors: initial.errors ?? {},
    accountEmail,
    edited: false,
    resets: 0,
  };
}

/** The listing the form holds now. */
export function listingOf(state: FormState): Listing {
  return {
    text: { ...state.text },
    logo: state.files.profile_photo,
    photo: state.files.product_photo,
    video: state.files.product_video,
    images: state.images.map((p) => p.file),
  };
}

/** The message to tell the seller (an alert) when an action is refused or only partly taken. */
export function alertFor(state: FormState, action: FormAction): string | null {
  if (action.type === 'edit' && isDayField(action.name) && filled(action.value) && filled(state.text[otherDay(action.name)])) {
    return LISTING_MESSAGES.onlyOneDay;
  }
  if (action.type === 'addImages' && action.files.length > MAX_PICKER_IMAGES - state.images.length) return LISTING_MESSAGES.pickerMax;
  return null;
}

function withoutErrors(errors: Record<string, string>, names: readonly string[]): Record<string, string> {
  if (!names.some((n) => n in errors)) return errors;
  const next = { ...errors };
  for (const n of names) delete next[n];
  return next;
}

function edit(state: FormState, name: ListingTextField, value: string): FormState {
  if (name === 'discount') {
    // Waiting takes no days: empty them rather than keep values the seller cannot edit.
    const days = value === WAITING ? { discount_duration: '', discount_start_date: '' } : {};
    return {
      ...state,
      edited: true,
      text: { ...state.text, discount: value, ...days },
      errors: withoutErrors(state.errors, ['discount', ...DAY_FIELDS]),
    };
  }
  if (isDayField(name)) {
    if (isWaiting(state.text) || alertFor(state, { type: 'edit', name, value }) !== null) return state;
    return { ...state, edited: true, text: { ...state.text, [name]: value }, errors: withoutErrors(state.errors, DAY_FIELDS) };
  }
  return { ...state, edited: true, text: { ...state.text, [name]: value }, errors: withoutErrors(state.errors, [name]) };
}

/** Puts a kept listing back: over a form the seller has started again, only into empty places. */
function restore(state: FormState, text: Partial<ListingText>, kept: Listing | null): FormState {
  const restored = ownText(state.accountEmail, text);
  const nextText = state.edited
    ? (Object.fromEntries(LISTING_TEXT_FIELDS.map((n) => [n, filled(state.text[n]) ? state.text[n] : restored[n]])) as ListingText)
    : restored;
  if (!kept) return { ...state, text: nextText };
  const images =
    state.images.length > 0
      ? state.images
      : kept.images.slice(0, MAX_PICKER_IMAGES).map((file, i) => ({ id: state.nextImageId + i, file }));
  return {
    ...state,
    text: nextText,
    files: {
      profile_photo: state.files.profile_photo ?? kept.logo,
      product_photo: state.files.product_photo ?? kept.photo,
      product_video: state.files.product_video ?? kept.video,
    },
    images,
    nextImageId: state.nextImageId + images.length,
  };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'edit':
      return edit(state, action.name, action.value);
    case 'located':
      return {
        ...state,
        edited: true,
        text: { ...state.text, latitude: action.latitude.toFixed(6), longitude: action.longitude.toFixed(6) },
        errors: withoutErrors(state.errors, ['latitude', 'longitude']),
      };
    case 'file':
      return { ...state, files: { ...state.files, [action.name]: action.file }, errors: withoutErrors(state.errors, [action.name]) };
    case 'addImages': {
      // Spec 5: a pick that would go over the limit is ignored whole (with the alert), not cut to fit.
      if (action.files.length > MAX_PICKER_IMAGES - state.images.length) return state;
      const added = action.files.map((file, i) => ({ id: state.nextImageId + i, file }));
      return {
        ...state,
        images: added.length > 0 ? [...state.images, ...added] : state.images,
        nextImageId: state.nextImageId + added.length,
        errors: withoutErrors(state.errors, ['uploaded_images']),
      };
    }
    case 'removeImage':
      return { ...state, images: state.images.filter((p) => p.id !== action.id) };
    case 'restore':
      return restore(state, action.text, action.kept);
    case 'errors':
      return { ...state, errors: action.errors };
    case 'reset':
      return { ...initialFormState(state.accountEmail), nextImageId: state.nextImageId, resets: state.resets + 1 };
  }
}
