/**
 * The listing ("ADD Your Business") fields and their zod schemas, shared by the form island and the
 * server (spec 2.5, 5 and 7): names, limits, and the rules of each text field.
 *
 * Pure and isomorphic. Field names are the spec's multipart names (`product_name`,
 * `contact_telegram`, ...); the parsed output ({@link ListingFields}) is camelCase and uses the names
 * of the server's `ListingDraft`, so the handler can spread it into the draft as is.
 */
import { z } from 'zod';
import { canonicalCategoryKey } from './categories.ts';
import { normalizeHttpUrl, normalizeTelegram } from './contact-links.ts';
import { WAITING, isDiscountValue, type DiscountValue } from './discount.ts';
import { withoutNul } from '#platform/http/input-guards.ts';
import { LISTING_MESSAGES } from './listing-messages.ts';
import { isHolidayKey, type HolidayKey } from './holidays.ts';

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
const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
const MAX_LOCATION_LENGTH = 200;
const MAX_PHONE_LENGTH = 30;
const MAX_URL_LENGTH = 300;

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
  'holiday',
] as const;
export type ListingTextField = (typeof LISTING_TEXT_FIELDS)[number];

/** File fields of the multipart body; `uploaded_images` repeats once per additional image. */
type ListingFileField = 'profile_photo' | 'product_photo' | 'product_video' | 'uploaded_images';

/** A field name of the form: a text field or a file field. */
export type ListingFieldName = ListingTextField | ListingFileField;

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
  /** The holiday the deal is for, or null. */
  holiday: HolidayKey | null;
}

/** Form values arrive as strings (or not at all); anything else counts as empty. */
const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A required text of at most `max` characters. */
function requiredText(required: () => string, max: number, tooLong: () => string) {
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
function optionalLink(invalid: () => string) {
  return z.preprocess(
    trimmed,
    withoutNul(z.string())
      .max(MAX_URL_LENGTH, { error: () => LISTING_MESSAGES.linkTooLong })
      .transform((text, ctx) => {
        if (text === '') return null;
        const url = normalizeHttpUrl(text);
        if (url === null) {
          ctx.addIssue({ code: 'custom', message: invalid() });
          return z.NEVER;
        }
        return url;
      }),
  );
}

/** Whether a parsed day field holds something: a number, or an invalid (aborted) value. */
const isFilled = (value: unknown): boolean => value !== null && value !== undefined;

/** The fields that say what and where a listing is: the same rules on a submission and an edit. */
const describingFields = {
  product_name: requiredText(
    () => LISTING_MESSAGES.productName,
    MAX_NAME_LENGTH,
    () => LISTING_MESSAGES.productNameTooLong,
  ),
  company_name: requiredText(
    () => LISTING_MESSAGES.companyName,
    MAX_NAME_LENGTH,
    () => LISTING_MESSAGES.companyNameTooLong,
  ),
  description: requiredText(
    () => LISTING_MESSAGES.description,
    MAX_DESCRIPTION_LENGTH,
    () => LISTING_MESSAGES.descriptionTooLong,
  ),
  location: requiredText(
    () => LISTING_MESSAGES.location,
    MAX_LOCATION_LENGTH,
    () => LISTING_MESSAGES.locationTooLong,
  ),
};

/**
 * The text fields of a listing, by their multipart names. Input: strings (missing or non-string
 * values count as empty). Output: {@link ListingFields}. Every issue's `path[0]` is the field name.
 * `email` is accepted and dropped: the owner is always the session's user.
 */
export const listingFieldsSchema = z
  .object({
    email: z.unknown().optional(),
    ...describingFields,
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
        .min(1, { error: () => LISTING_MESSAGES.telegram })
        .max(MAX_URL_LENGTH, { error: () => LISTING_MESSAGES.linkTooLong })
        .transform((text, ctx) => {
          const link = normalizeTelegram(text);
          if (link === null) {
            ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.telegramInvalid });
            return z.NEVER;
          }
          return link;
        }),
    ),
    holiday: z.preprocess(
      trimmed,
      z.string().transform((text, ctx): HolidayKey | null => {
        if (text === '') return null;
        if (isHolidayKey(text)) return text;
        ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.holiday });
        return z.NEVER;
      }),
    ),
    contact_tick: optionalLink(() => LISTING_MESSAGES.tickInvalid),
    web_site: optionalLink(() => LISTING_MESSAGES.webSiteInvalid),
    contact_phone: z.preprocess(
      (value: unknown) => trimmed(value).replace(/\s+/g, ' '),
      z
        .string()
        .min(1, { error: () => LISTING_MESSAGES.phone })
        .max(MAX_PHONE_LENGTH, { error: () => LISTING_MESSAGES.phoneInvalid })
        .regex(/^[0-9+\-() ]+$/, { error: () => LISTING_MESSAGES.phoneInvalid })
        .refine(
          (text) => {
            const digits = text.replace(/\D/g, '').length;
            return digits >= 7 && digits <= 20;
          },
          { error: () => LISTING_MESSAGES.phoneInvalid },
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
    holiday: v.holiday,
  }));

/**
 * An edit from My Posts or `PATCH /api/delete/products/{id}/` (spec 7: product_name, company_name,
 * description, location, discount): the same field rules as a submission. Output: the names of
 * the server's ListingEdit.
 */
export const listingEditSchema = z
  .object({
    ...describingFields,
    discount: discountField,
  })
  .transform((v) => ({
    productName: v.product_name,
    companyName: v.company_name,
    description: v.description,
    location: v.location,
    discount: v.discount,
  }));
