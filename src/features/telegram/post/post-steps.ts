/**
 * The "post a deal" conversation's rules, pure: which question comes next, how an answer or the
 * whole draft is judged (the web form's own rules, validateListing, by the spec's field names),
 * which categories a typed word suggests (the search glossary), the place nearest a shared
 * location, and the summary the seller checks before Submit.
 */
import { DISCOUNT_OPTIONS, WAITING, isDiscountValue } from '#features/listings/discount.ts';
import { categoryByKey, formCategoryOptions } from '#features/listings/categories.ts';
import { validateListing } from '#features/listings/listing-form.ts';
import type { ListingFields } from '#features/listings/listing-schema.ts';
import { PLACES, nearestPlace, type Place } from '#features/listings/places.ts';
import { glossary } from '#features/search/glossary-data.ts';
import { foldWord, wordsOf } from '#features/search/text.ts';
import { m } from '#paraglide/messages.js';
import { escapeHtml } from '../telegram-texts.ts';

export { nearestPlace };
import { descriptionOf, listingFiles, listingInput, POST_STEPS, type PostDraft, type PostStep } from './post-draft.ts';

/** The day buttons of the days question (any number from 1 to 30 may be typed). */
export const DAY_CHOICES = [1, 3, 7, 14, 30] as const;
/** Categories on one page of the full list. */
export const CATEGORY_PAGE_SIZE = 10;
/** Most categories offered for a typed word. */
const MAX_MATCHES = 8;

/** The steps an answer of the summary's "Edit a field" may go back to. */
export const EDITABLE_STEPS = POST_STEPS.filter((step): step is Exclude<PostStep, 'summary'> => step !== 'summary');
export type EditableStep = Exclude<PostStep, 'summary'>;
export const isEditableStep = (value: string): value is EditableStep => (EDITABLE_STEPS as readonly string[]).includes(value);

/** The steps a field's problem sends the seller back to (the spec's multipart names). */
const FIELD_STEPS: Record<string, PostStep> = {
  product_name: 'product',
  company_name: 'company',
  category: 'category',
  discount: 'discount',
  discount_duration: 'days',
  discount_start_date: 'days',
  latitude: 'place',
  longitude: 'place',
  location: 'place',
  contact_phone: 'phone',
  description: 'description',
  contact_telegram: 'telegram',
  profile_photo: 'photos',
  product_photo: 'photos',
  uploaded_images: 'photos',
  product_video: 'video',
};

/**
 * The question after `step`: the next in order (days are not asked of a waiting discount); while
 * a field is edited from the summary, the summary again (after days too when a discount needs them).
 */
export function stepAfter(draft: PostDraft, step: PostStep): PostStep {
  const needsDays = draft.discount !== undefined && draft.discount !== WAITING && draft.days === undefined;
  if (draft.editing) return step === 'discount' && needsDays ? 'days' : 'summary';
  const next = POST_STEPS[POST_STEPS.indexOf(step) + 1] ?? 'summary';
  return next === 'days' && draft.discount === WAITING ? stepAfter(draft, 'days') : next;
}

export type DraftCheck = { ok: true; fields: ListingFields } | { ok: false; message: string; step: PostStep };

/**
 * The whole draft by the listing form's rules: the first failing rule in the spec's order (its
 * message, in the chat's language) and the question to ask again.
 */
export function checkDraft(draft: PostDraft, hasLastLogo: boolean): DraftCheck {
  const result = validateListing(listingInput(draft), listingFiles(draft, hasLastLogo));
  if (result.ok) return { ok: true, fields: result.data };
  const field = Object.keys(result.errors).find((name) => result.errors[name] === result.first) ?? 'category';
  return { ok: false, message: result.first, step: FIELD_STEPS[field] ?? 'summary' };
}

/** The form's message for one field of the draft (the answer just given), or null when it passes. */
export function fieldProblem(draft: PostDraft, field: string): string | null {
  const result = validateListing(listingInput(draft), { logo: true, photo: true, extraImages: 0 });
  return result.ok ? null : (result.errors[field] ?? null);
}

/** The category keys a seller may choose (the form's options), in the chat's language's order. */
export function categoryChoices(): { key: string; label: string }[] {
  return formCategoryOptions().map((o) => ({ key: o.value, label: `${categoryByKey(o.value)?.icon ?? ''} ${o.label}`.trim() }));
}

/**
 * The categories a typed text suggests: those the search glossary names for its words (“ቡና”,
 * “coffee” → Food and beverages), then those whose name (in either language) holds the text.
 */
export function categoriesMatching(typed: string): string[] {
  const allowed = new Set(categoryChoices().map((c) => c.key));
  const found = new Set<string>();
  for (const word of wordsOf(typed)) for (const key of glossary.categoriesOf(word)) if (allowed.has(key)) found.add(key);
  const folded = foldWord(typed.trim());
  if (folded.length >= 3) {
    for (const key of allowed) if (foldWord(categoryByKey(key)?.labels ?? '').includes(folded)) found.add(key);
  }
  return [...found].slice(0, MAX_MATCHES);
}

/** The place a typed name means (its English name or its name in the chat's language), if any. */
export function placeNamed(typed: string): Place | undefined {
  const folded = foldWord(typed.trim());
  return PLACES.find((p) => foldWord(p.name) === folded || foldWord(p.label) === folded);
}

/** Days typed as a number (1 to 30 are the form's; others are refused there). */
export function typedDays(typed: string): number | null {
  const text = typed.trim();
  return /^\d{1,3}$/.test(text) ? Number(text) : null;
}

/** A discount typed instead of pressed ("20", "20%", "waiting"), if it is one of the options. */
export function typedDiscount(typed: string): string | null {
  const value = typed.trim().replace(/\s*%$/, '').toLowerCase();
  if (isDiscountValue(value)) return value;
  return DISCOUNT_OPTIONS.find((o) => o.label.toLowerCase() === typed.trim().toLowerCase())?.value ?? null;
}

/** "7 days" in the chat's language. */
export const daysText = (days: number): string => (days === 1 ? m.tgpost_days_one() : m.tgpost_days_many({ days }));

/** The label of a discount value ("20%", "Waiting"). */
export const discountText = (value: string): string => DISCOUNT_OPTIONS.find((o) => o.value === value)?.label ?? value;

/** The Telegram contact as shown: `@name` for a username or t.me link. */
export function telegramText(value: string): string {
  const name = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_]+)/i.exec(value.trim())?.[1] ?? value.trim().replace(/^@/, '');
  return `@${name}`;
}

/** The summary (HTML): every answer, escaped, for the seller to check before Submit. */
export function summaryText(draft: PostDraft): string {
  const line = (label: string, value: string) => `<b>${escapeHtml(label)}:</b> ${escapeHtml(value)}`;
  const video = draft.video ? m.tgpost_summary_video({ seconds: Math.round(draft.video.seconds) }) : m.tgpost_summary_no_video();
  const discount =
    draft.discount === undefined
      ? ''
      : draft.discount === WAITING || draft.days === undefined
        ? discountText(draft.discount)
        : `${discountText(draft.discount)} · ${daysText(draft.days)}`;
  const description = draft.description === null ? `${descriptionOf(draft)} ${m.tgpost_summary_made()}` : (draft.description ?? '');
  return [
    m.tgpost_summary_heading(),
    '',
    line(m.tgpost_field_photos(), `${draft.photos.length} (${video})`),
    line(m.tgpost_field_product(), draft.product ?? ''),
    line(m.tgpost_field_company(), draft.company ?? ''),
    line(m.tgpost_field_category(), draft.category ? (categoryByKey(draft.category)?.label ?? draft.category) : ''),
    line(m.tgpost_field_discount(), discount),
    line(m.tgpost_field_place(), draft.location ?? ''),
    line(m.tgpost_field_phone(), draft.phone ?? ''),
    line(m.tgpost_field_description(), description),
    line(m.tgpost_field_telegram(), draft.telegram ? telegramText(draft.telegram) : ''),
  ].join('\n');
}

/** The name of an editable step, as its button on the summary says it. */
export function stepLabel(step: EditableStep): string {
  const labels: Record<EditableStep, () => string> = {
    photos: m.tgpost_field_photos,
    video: m.tgpost_field_video,
    product: m.tgpost_field_product,
    company: m.tgpost_field_company,
    category: m.tgpost_field_category,
    discount: m.tgpost_field_discount,
    days: m.tgpost_field_days,
    place: m.tgpost_field_place,
    phone: m.tgpost_field_phone,
    description: m.tgpost_field_description,
    telegram: m.tgpost_field_telegram,
  };
  return labels[step]();
}
