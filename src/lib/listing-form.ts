/**
 * The listing ("ADD Your Business") form's rules, shared by the form island and the server handler
 * of `POST /api/products/` (spec 2.5, 4, 5, 7 and 8).
 *
 * Pure and isomorphic: no Node or DOM imports beyond the standard `URL` and `FormData` globals.
 * Field names are the spec's multipart names (`product_name`, `contact_telegram`, ...); the parsed
 * output ({@link ListingFields}) is camelCase and uses the names of the server's `ListingDraft`, so
 * the handler can spread it into the draft as is.
 */
import { z } from 'zod';
import { canonicalCategoryKey } from './categories.ts';
import { WAITING, isDiscountValue, type DiscountValue } from './discount.ts';
import { withoutNul } from './input-guards.ts';

/** Every text the form shows. The spec's texts are verbatim (without the cross mark). */
export const LISTING_MESSAGES = Object.freeze({
  // Submission rules, in the spec's order (section 5).
  category: 'Please select a category.',
  discount: 'Please select a discount.',
  coordinates: 'Please provide the precise location (latitude & longitude).',
  description: 'Please provide a description for your product.',
  location: 'Please provide a location.',
  telegram: 'Please provide your Telegram username.',
  phone: 'Please provide a phone number.',
  logo: 'Please upload your company logo or profile photo.',
  tooManyImages: 'You can upload a maximum of 10 additional images.',
  // Form field rules (section 5).
  onlyOneDay: 'You can only fill one of Discount Start Date or Discount Duration.',
  videoTooLong: 'Video must be 30 seconds or less.',
  pickerMax: 'You can upload a maximum of 6 images.',
  geoFailed: 'Unable to fetch your location.',
  geoUnsupported: 'Geolocation not supported by this browser.',
  offline: 'No internet connection. Please check your connection and try again.',
  // Submit texts (sections 4 and 8).
  success: 'Your post submitted successfully! Waiting for verification.',
  signUp: 'Account not created. Please sign up',
  signUpLink: 'Sign up',
  network: 'Network error. Please try again.',
  failedPrefix: 'Failed to submit: ',
  submitting: 'Submitting...',
  submit: 'Submit',
  // Rules the spec states without a text: ours.
  productName: 'Please provide the name of your product or service.',
  companyName: 'Please provide your company name.',
  productPhoto: 'Please upload a photo of your product.',
  dayRange: 'Discount days must be a whole number from 1 to 30.',
  dayRequired: 'Please fill Discount Duration or Discount Start Date (1 to 30 days).',
  waitingDays: 'Leave Discount Start Date and Discount Duration empty while the discount is Waiting.',
  telegramInvalid: 'Enter your Telegram link (t.me/yourname) or @username: 5 to 32 letters, digits or _.',
  tickInvalid: 'Enter a full link, for example https://wa.me/251911234567.',
  webSiteInvalid: 'Enter a website address, for example example.com.',
  phoneInvalid: 'Enter a phone number with 7 to 20 digits, for example +251 91 123 4567.',
  productNameTooLong: 'The product name must be 120 characters or fewer.',
  companyNameTooLong: 'The company name must be 120 characters or fewer.',
  descriptionTooLong: 'The description must be 2000 characters or fewer.',
  locationTooLong: 'The location must be 200 characters or fewer.',
  linkTooLong: 'Links must be 300 characters or fewer.',
});

/** Additional images the picker accepts (spec: "the picker says up to 6"). */
export const MAX_PICKER_IMAGES = 6;
/** Additional images a submission may carry (spec: "the submit check says 10"). */
export const MAX_SUBMIT_IMAGES = 10;
/** Longest product video, in seconds. */
export const MAX_VIDEO_SECONDS = 30;
/** Discount start and duration bounds, in days. */
export const MIN_DISCOUNT_DAYS = 1;
export const MAX_DISCOUNT_DAYS = 30;
/** Text length caps, in characters (after trimming). */
export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_LOCATION_LENGTH = 200;
export const MAX_PHONE_LENGTH = 30;
export const MAX_URL_LENGTH = 300;

/** How long a validation message shows: 3 s, 2 s for the images one (spec 5 and 9). */
export const VALIDATION_MESSAGE_MS = 3000;
export const IMAGES_MESSAGE_MS = 2000;

/** Text fields of the multipart body, in the order of spec section 7. */
export const LISTING_TEXT_FIELDS = [
  'email',
  'product_name',
  'discount',
  'company_name',
  'description',
  'category',
  'location',
  'latitude',
  'longitude',
  'contact_telegram',
  'contact_tick',
  'web_site',
  'contact_phone',
  'discount_duration',
  'discount_start_date',
] as const;
export type ListingTextField = (typeof LISTING_TEXT_FIELDS)[number];

/** File fields of the multipart body; `uploaded_images` repeats once per additional image. */
export const LISTING_FILE_FIELDS = ['profile_photo', 'product_photo', 'product_video', 'uploaded_images'] as const;
export type ListingFileField = (typeof LISTING_FILE_FIELDS)[number];

/** A field name of the form: a text field or a file field. */
export type ListingFieldName = ListingTextField | ListingFileField;

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

/** The parsed, normalised text fields; the names of the server's `ListingDraft`. */
export interface ListingFields {
  productName: string;
  companyName: string;
  description: string;
  location: string;
  /** Degrees, rounded to 6 decimals. */
  latitude: number;
  longitude: number;
  /** Canonical category key (aliases such as `photograpy` become `photography`). */
  category: string;
  discount: DiscountValue;
  /** discount_duration: 1..30, or null (always null when the discount is waiting). */
  discountDurationDays: number | null;
  /** discount_start_date (days after posting): 1..30, or null (always null when waiting). */
  discountStartDays: number | null;
  /** As typed, whitespace collapsed: digits, spaces, + - ( ). */
  contactPhone: string;
  /** Always `https://t.me/{username}`. */
  contactTelegram: string;
  /** An http(s) link, or null. */
  contactTick: string | null;
  /** An http(s) link (`https://` added to a bare domain), or null. */
  webSite: string | null;
}

const TELEGRAM_USERNAME = /^[A-Za-z0-9_]{5,32}$/;
const TELEGRAM_LINK = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(.*)$/i;

/**
 * `https://t.me/{name}` for a Telegram link or username as sellers type it: `https://t.me/name`,
 * `t.me/name`, `telegram.me/name`, `@name` or `name` (5 to 32 letters, digits or _), or null.
 */
export function normalizeTelegram(value: string): string | null {
  const text = value.trim();
  const link = TELEGRAM_LINK.exec(text);
  let name: string;
  if (link) {
    // The first path segment is the username (a post link t.me/name/123 still names the channel).
    name = (link[1] ?? '').split(/[/?#]/)[0] ?? '';
    if (name.startsWith('@')) name = name.slice(1);
  } else {
    name = text.startsWith('@') ? text.slice(1) : text;
  }
  return TELEGRAM_USERNAME.test(name) ? `https://t.me/${name}` : null;
}

/**
 * An http(s) URL as typed, with `https://` put in front of a bare address (`example.com`), or null
 * when it is not a web address (another scheme, no dotted host name, spaces, credentials).
 */
export function normalizeHttpUrl(value: string): string | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  let withScheme = text;
  if (!/^https?:\/\//i.test(text)) {
    // Another scheme (mailto:, javascript:, ftp://) is refused; `host:8080` is a bare address.
    if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null;
    withScheme = `https://${text.replace(/^\/+/, '')}`;
  }
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!/^[^.]+(\.[^.]+)*\.[a-z0-9-]{2,}$/i.test(url.hostname)) return null;
  return withScheme;
}

/** Form values arrive as strings (or not at all); anything else counts as empty. */
const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A required text of at most `max` characters. */
function requiredText(required: string, max: number, tooLong: string) {
  return z.preprocess(trimmed, withoutNul(z.string()).min(1, { error: required }).max(max, { error: tooLong }));
}

/** A coordinate in decimal degrees within ±`limit`, rounded to 6 decimals. */
function coordinate(limit: number) {
  return z.preprocess(
    trimmed,
    z.string().transform((text, ctx) => {
      const n = Number(text);
      if (!/^[-+]?\d{1,3}(\.\d+)?$/.test(text) || !Number.isFinite(n) || Math.abs(n) > limit) {
        ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.coordinates });
        return z.NEVER;
      }
      return Math.round(n * 1e6) / 1e6;
    }),
  );
}

/** A number of days, 1 to 30, or null when empty. */
const days = z.preprocess(
  trimmed,
  z.string().transform((text, ctx) => {
    if (text === '') return null;
    const n = Number(text);
    if (!/^\d{1,2}$/.test(text) || n < MIN_DISCOUNT_DAYS || n > MAX_DISCOUNT_DAYS) {
      ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.dayRange });
      return z.NEVER;
    }
    return n;
  }),
);

/** One of the discount options ('waiting' or a percent). */
const discountField = z.preprocess(
  trimmed,
  z.string().transform((text, ctx): DiscountValue => {
    // Forgiving for other clients: '20%' and 'Waiting' are read as '20' and 'waiting'.
    const value = text.replace(/\s*%$/, '').toLowerCase();
    if (!isDiscountValue(value)) {
      ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.discount });
      return z.NEVER;
    }
    return value;
  }),
);

/** An optional http(s) link; `invalid` when it is not one. */
function optionalLink(invalid: string) {
  return z.preprocess(
    trimmed,
    withoutNul(z.string())
      .max(MAX_URL_LENGTH, { error: LISTING_MESSAGES.linkTooLong })
      .transform((text, ctx) => {
        if (text === '') return null;
        const url = normalizeHttpUrl(text);
        if (url === null) {
          ctx.addIssue({ code: 'custom', message: invalid });
          return z.NEVER;
        }
        return url;
      }),
  );
}

/** Whether a parsed day field holds something: a number, or an invalid (aborted) value. */
const isFilled = (value: unknown): boolean => value !== null && value !== undefined;

/**
 * The text fields of a listing, by their multipart names. Input: strings (missing or non-string
 * values count as empty). Output: {@link ListingFields}. Every issue's `path[0]` is the field name.
 * `email` is accepted and dropped: the owner is always the session's user.
 */
export const listingFieldsSchema = z
  .object({
    email: z.unknown().optional(),
    product_name: requiredText(LISTING_MESSAGES.productName, MAX_NAME_LENGTH, LISTING_MESSAGES.productNameTooLong),
    company_name: requiredText(LISTING_MESSAGES.companyName, MAX_NAME_LENGTH, LISTING_MESSAGES.companyNameTooLong),
    description: requiredText(LISTING_MESSAGES.description, MAX_DESCRIPTION_LENGTH, LISTING_MESSAGES.descriptionTooLong),
    location: requiredText(LISTING_MESSAGES.location, MAX_LOCATION_LENGTH, LISTING_MESSAGES.locationTooLong),
    latitude: coordinate(90),
    longitude: coordinate(180),
    category: z.preprocess(
      trimmed,
      z.string().transform((text, ctx) => {
        const key = text === '' ? undefined : canonicalCategoryKey(text);
        if (key === undefined) {
          ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.category });
          return z.NEVER;
        }
        return key;
      }),
    ),
    discount: discountField,
    discount_duration: days,
    discount_start_date: days,
    contact_telegram: z.preprocess(
      trimmed,
      withoutNul(z.string())
        .min(1, { error: LISTING_MESSAGES.telegram })
        .max(MAX_URL_LENGTH, { error: LISTING_MESSAGES.linkTooLong })
        .transform((text, ctx) => {
          const link = normalizeTelegram(text);
          if (link === null) {
            ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.telegramInvalid });
            return z.NEVER;
          }
          return link;
        }),
    ),
    contact_tick: optionalLink(LISTING_MESSAGES.tickInvalid),
    web_site: optionalLink(LISTING_MESSAGES.webSiteInvalid),
    contact_phone: z.preprocess(
      (value: unknown) => trimmed(value).replace(/\s+/g, ' '),
      z
        .string()
        .min(1, { error: LISTING_MESSAGES.phone })
        .max(MAX_PHONE_LENGTH, { error: LISTING_MESSAGES.phoneInvalid })
        .regex(/^[0-9+\-() ]+$/, { error: LISTING_MESSAGES.phoneInvalid })
        .refine(
          (text) => {
            const digits = text.replace(/\D/g, '').length;
            return digits >= 7 && digits <= 20;
          },
          { error: LISTING_MESSAGES.phoneInvalid },
        ),
    ),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields failed, so every day-field problem is reported at once.
      const duration = isFilled(value.discount_duration);
      const start = isFilled(value.discount_start_date);
      if (value.discount === WAITING) {
        if (duration) ctx.addIssue({ code: 'custom', path: ['discount_duration'], message: LISTING_MESSAGES.waitingDays });
        if (start) ctx.addIssue({ code: 'custom', path: ['discount_start_date'], message: LISTING_MESSAGES.waitingDays });
        return;
      }
      if (duration && start) {
        ctx.addIssue({ code: 'custom', path: ['discount_start_date'], message: LISTING_MESSAGES.onlyOneDay });
      } else if (!duration && !start && isDiscountValue(value.discount)) {
        ctx.addIssue({ code: 'custom', path: ['discount_duration'], message: LISTING_MESSAGES.dayRequired });
      }
    },
    { when: () => true },
  )
  .transform((v): ListingFields => ({
    productName: v.product_name,
    companyName: v.company_name,
    description: v.description,
    location: v.location,
    latitude: v.latitude,
    longitude: v.longitude,
    category: v.category,
    discount: v.discount,
    discountDurationDays: v.discount_duration,
    discountStartDays: v.discount_start_date,
    contactPhone: v.contact_phone,
    contactTelegram: v.contact_telegram,
    contactTick: v.contact_tick,
    webSite: v.web_site,
  }));

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

/** How long a validation message stays: 2 s for the images one, 3 s for the others. */
export function validationMessageMs(message: string): number {
  return message === LISTING_MESSAGES.tooManyImages ? IMAGES_MESSAGE_MS : VALIDATION_MESSAGE_MS;
}

/** The text fields of a multipart body, as strings (files and absent fields are left out). */
export function formDataToFields(fd: FormData): Partial<Record<ListingTextField, string>> {
  const fields: Partial<Record<ListingTextField, string>> = {};
  for (const name of LISTING_TEXT_FIELDS) {
    const value = fd.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** What the form shows after a submission: `ms` 0 means it stays until the next action. */
export interface SubmitOutcome {
  kind: 'success' | 'signup' | 'error';
  message: string;
  ms: number;
}

/**
 * The message for a response to `POST /api/products/` (its status and body text), or for a
 * network failure: 2xx success (4 s); 401 sign up (stays, with the sign-up link); other statuses
 * 'Failed to submit: ' plus the body (4 s); network error (2 s).
 */
export function submitOutcome(status: number | 'network', bodyText: string): SubmitOutcome {
  if (status === 'network') return { kind: 'error', message: LISTING_MESSAGES.network, ms: 2000 };
  if (status >= 200 && status < 300) return { kind: 'success', message: LISTING_MESSAGES.success, ms: 4000 };
  if (status === 401) return { kind: 'signup', message: LISTING_MESSAGES.signUp, ms: 0 };
  const body = bodyText.trim() || `HTTP ${status}`;
  return { kind: 'error', message: LISTING_MESSAGES.failedPrefix + body, ms: 4000 };
}

/**
 * Per-field messages from an API error body `{ error, fields?: { name: string[] | string } }`:
 * the first message of each field. Empty for any other body.
 */
export function fieldErrorsFromBody(bodyText: string): Record<string, string> {
  const errors: Record<string, string> = {};
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return errors;
  }
  if (typeof body !== 'object' || body === null || !('fields' in body)) return errors;
  const fields = (body as { fields: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return errors;
  for (const [name, value] of Object.entries(fields)) {
    const message = Array.isArray(value) ? value.find((m) => typeof m === 'string') : value;
    if (typeof message === 'string' && message !== '') errors[name] = message;
  }
  return errors;
}

/** The sign-up link shown to a signed-out seller: back to the form, which then submits. */
export const SIGN_UP_HREF = '/login?next=/form%3Fresume%3D1';

/**
 * An edit from My Posts or `PATCH /api/delete/products/{id}/` (spec 7: product_name, company_name,
 * description, location, discount): the same field rules as a submission. Output: the names of
 * the server's ListingEdit.
 */
export const listingEditSchema = z
  .object({
    product_name: requiredText(LISTING_MESSAGES.productName, MAX_NAME_LENGTH, LISTING_MESSAGES.productNameTooLong),
    company_name: requiredText(LISTING_MESSAGES.companyName, MAX_NAME_LENGTH, LISTING_MESSAGES.companyNameTooLong),
    description: requiredText(LISTING_MESSAGES.description, MAX_DESCRIPTION_LENGTH, LISTING_MESSAGES.descriptionTooLong),
    location: requiredText(LISTING_MESSAGES.location, MAX_LOCATION_LENGTH, LISTING_MESSAGES.locationTooLong),
    discount: discountField,
  })
  .transform((v) => ({
    productName: v.product_name,
    companyName: v.company_name,
    description: v.description,
    location: v.location,
    discount: v.discount,
  }));
