/**
 * An admin's decision on a listing waiting for verification: one input for the API, the admin page
 * and the Telegram bot. A rejection names a reason code (the seller reads its sentence in their
 * language), a note in the admin's words, or both. Pure and isomorphic.
 */
import { z } from 'zod';
import { MAX_REASON_LENGTH } from '#features/accounts/account.ts';
import { m } from '#paraglide/messages.js';
import { baseLocale, getLocale } from '#paraglide/runtime.js';
import type { Locale } from '#platform/i18n/locales.ts';
import { withoutNul } from '#platform/http/input-guards.ts';

/** Longest rejection note a seller is sent (an accounts rule: the admin pages' forms check it too). */
export { MAX_REASON_LENGTH };

/** Why an admin rejects a deal, in the order the admin page offers them; `other` needs a note. */
export const REJECTION_CODES = [
  'duplicate',
  'photo',
  'category',
  'price',
  'discount',
  'prohibited',
  'contact',
  'details',
  'other',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export const isRejectionCode = (value: unknown): value is RejectionCode => (REJECTION_CODES as readonly unknown[]).includes(value);

type Text = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** The admin's short label of each code. */
const LABELS: Record<RejectionCode, Text> = {
  duplicate: m.adminq_code_duplicate,
  photo: m.adminq_code_photo,
  category: m.adminq_code_category,
  price: m.adminq_code_price,
  discount: m.adminq_code_discount,
  prohibited: m.adminq_code_prohibited,
  contact: m.adminq_code_contact,
  details: m.adminq_code_details,
  other: m.adminq_code_other,
};

/** The sentence the seller reads for each code (`other` says only that the note follows). */
const SENTENCES: Record<RejectionCode, Text> = {
  duplicate: m.adminq_why_duplicate,
  photo: m.adminq_why_photo,
  category: m.adminq_why_category,
  price: m.adminq_why_price,
  discount: m.adminq_why_discount,
  prohibited: m.adminq_why_prohibited,
  contact: m.adminq_why_contact,
  details: m.adminq_why_details,
  other: m.adminq_why_other,
};

/** A code's label on the admin page, in the request's language. */
export const rejectionCodeLabel = (code: RejectionCode): string => LABELS[code]();

const note = withoutNul(
  z
    .string()
    .trim()
    // English keeps zod's own words for a long reason; other languages get ours.
    .max(MAX_REASON_LENGTH, {
      error: () => (getLocale() === baseLocale ? undefined : m.admin_reason_too_long({ max: MAX_REASON_LENGTH })),
    }),
);

/**
 * `{verdict: 'verify'}` or `{verdict: 'reject', code?, reason?}`: a rejection tells the seller why,
 * by a code, a note (`reason`, the admin's words) or both; `other` and no code need the note.
 */
export const reviewSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('verify') }),
  z
    .object({
      verdict: z.literal('reject'),
      code: z.enum(REJECTION_CODES, { error: () => m.adminq_code_unknown() }).optional(),
      reason: note.optional(),
    })
    .refine((r) => (r.code !== undefined && r.code !== 'other') || (r.reason ?? '') !== '', {
      path: ['reason'],
      error: () => m.admin_reason_required_short(),
    }),
]);
export type Review = z.infer<typeof reviewSchema>;

/** A stored rejection: `[reason:<code>]`, then the note on the next line (or the note alone, as before codes). */
const CODED = /^\[reason:([a-z]+)\](?:\n([\s\S]*))?$/;

/** The rejection as the listing (or its edit) keeps it in `rejection_reason`: the code and the note, in one text. */
export function rejectionRecord(decision: { code?: RejectionCode; reason?: string }): string {
  const text = (decision.reason ?? '').trim().slice(0, MAX_REASON_LENGTH);
  if (!decision.code) return text;
  return text ? `[reason:${decision.code}]\n${text}` : `[reason:${decision.code}]`;
}

/** The code and the note of a stored rejection; a text without a known code is all note. */
export function readRejection(stored: string): { code: RejectionCode | null; note: string } {
  const coded = CODED.exec(stored.trim());
  if (!coded || !isRejectionCode(coded[1])) return { code: null, note: stored.trim() };
  return { code: coded[1], note: (coded[2] ?? '').trim() };
}

/**
 * What the seller reads of a stored rejection, in `locale` (the request's by default): the code's
 * sentence, then the admin's note on its own line. A rejection from before codes reads as written.
 */
export function rejectionWords(stored: string, locale?: Locale): string {
  const { code, note } = readRejection(stored);
  if (!code) return note;
  const sentence = SENTENCES[code]({}, locale ? { locale } : undefined);
  return note ? `${sentence}\n${note}` : sentence;
}

/** `rejectionWords` of a nullable column (null stays null). */
export const rejectionWordsOf = (stored: string | null, locale?: Locale): string | null =>
  stored === null ? null : rejectionWords(stored, locale);
