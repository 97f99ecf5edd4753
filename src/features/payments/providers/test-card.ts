/**
 * The built-in test checkout's card rules: the card provider's public test numbers, a Luhn check,
 * an expiry in the future, a 3 or 4 digit security code and a name. Pure, so it is unit tested.
 */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';

const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** The card form's messages, called when a card is checked (so in the language of its page). */
export const CARD_MESSAGES = {
  numberRequired: m.shop_card_number_required,
  numberInvalid: m.shop_card_number_invalid,
  notTestCard: m.shop_card_not_test,
  expiryInvalid: m.shop_card_expiry_invalid,
  expiryPast: m.shop_card_expiry_past,
  cvcInvalid: m.shop_card_cvc_invalid,
  nameRequired: m.shop_card_name_required,
  declined: m.shop_card_declined,
} as const;

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

/** A text field of the card form, cut to a length no real card needs more than. */
const cardText = (max: number) =>
  z
    .string()
    .default('')
    .transform((text) => text.slice(0, max));

/** The test checkout's form: what was typed, cut to size; {@link checkTestCard} judges it. */
export const cardFormSchema = z.object({ number: cardText(40), expiry: cardText(10), cvc: cardText(6), name: cardText(100) });
export type CardInput = z.output<typeof cardFormSchema>;

export type CardResult =
  | { outcome: 'invalid'; errors: Partial<Record<CardField, string>> }
  | { outcome: 'declined'; message: string; last4: string }
  | { outcome: 'approved'; last4: string };

function digitsOf(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `MM/YY`, `MM / YY` or `MM/YYYY` as a month and a four-digit year; null when unreadable. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Checks a card as a hosted checkout would, and answers for the test numbers. */
export function checkTestCard(input: CardInput, now: Date): CardResult {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = digitsOf(input.number);
  if (!digits) errors.number = CARD_MESSAGES.numberRequired();
  else if (!luhnValid(digits)) errors.number = CARD_MESSAGES.numberInvalid();

  const expiry = parseExpiry(input.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.expiryInvalid();
  else {
    // A card is valid until the end of its expiry month.
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiry.year * 12 + (expiry.month - 1) < current) errors.expiry = CARD_MESSAGES.expiryPast();
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvcInvalid();
  if (!input.name.trim()) errors.name = CARD_MESSAGES.nameRequired();
  if (!errors.number && digits !== TEST_CARDS.success && digits !== TEST_CARDS.declined) errors.number = CARD_MESSAGES.notTestCard();
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors };

  const last4 = digits.slice(-4);
  if (digits === TEST_CARDS.declined) return { outcome: 'declined', message: CARD_MESSAGES.declined(), last4 };
  return { outcome: 'approved', last4 };
}

/** What the form shows again after a failed payment: never a card number other than the public test numbers, never the CVC. */
export function cardShownBack(input: CardInput): CardInput {
  const digits = digitsOf(input.number);
  const isTestNumber = digits === TEST_CARDS.success || digits === TEST_CARDS.declined;
  return { ...input, number: isTestNumber ? input.number : '', cvc: '' };
}
