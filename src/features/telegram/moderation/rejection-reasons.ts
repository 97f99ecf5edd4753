/**
 * The standard reasons an admin rejects a listing with from Telegram (the /admin page has only a
 * free text box): a short label for the button, and the sentence the seller reads. Pure.
 */
import type { Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

/** In the order the bot offers them. */
export const REJECTION_REASONS = ['photo', 'details', 'category', 'contact', 'discount', 'prohibited', 'duplicate'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

type Text = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const LABELS: Record<RejectionReason, Text> = {
  photo: m.tgadmin_reason_photo,
  details: m.tgadmin_reason_details,
  category: m.tgadmin_reason_category,
  contact: m.tgadmin_reason_contact,
  discount: m.tgadmin_reason_discount,
  prohibited: m.tgadmin_reason_prohibited,
  duplicate: m.tgadmin_reason_duplicate,
};

const SENTENCES: Record<RejectionReason, Text> = {
  photo: m.tgadmin_reason_photo_text,
  details: m.tgadmin_reason_details_text,
  category: m.tgadmin_reason_category_text,
  contact: m.tgadmin_reason_contact_text,
  discount: m.tgadmin_reason_discount_text,
  prohibited: m.tgadmin_reason_prohibited_text,
  duplicate: m.tgadmin_reason_duplicate_text,
};

export const isRejectionReason = (value: string): value is RejectionReason => (REJECTION_REASONS as readonly string[]).includes(value);

/** A reason's button, in the current language (the admin's chat). */
export const rejectionReasonLabel = (reason: RejectionReason): string => LABELS[reason]();

/**
 * The reason as it is saved on the listing for the seller: in the language of the seller's
 * Telegram chat when there is one, else in English and Amharic (as Sefer's emails are written).
 */
export function rejectionReasonText(reason: RejectionReason, sellerLocale: Locale | null): string {
  if (sellerLocale) return SENTENCES[reason]({}, { locale: sellerLocale });
  return `${SENTENCES[reason]({}, { locale: 'en' })}\n${SENTENCES[reason]({}, { locale: 'am' })}`;
}
