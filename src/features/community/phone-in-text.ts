/**
 * Whether a buy/sell request carries an Ethiopian mobile number. Requests are public on /recents,
 * so the message box asks before one with a number is sent (issue 30). Pure: the server checks a
 * form post with it, and the request box's inline script builds the same pattern from
 * {@link PHONE_PATTERN} (passed in a data attribute), so both sides agree.
 *
 * Recognised: 09xxxxxxxx and 07xxxxxxxx, +2519…/2519… and +2517…/2517… (with or without a `0`
 * after the country code, the code in brackets), digits grouped by single spaces, dashes or dots.
 * A local number's first three digits are written together (0911, 0712): two-digit lists ("sizes
 * 07 08 09 10 11 12") and dates (07-09-2016, 09.12.2024) are not numbers. Prices, years, quantities
 * and longer digit runs do not start like a number or have the wrong length. Ethiopic digits are
 * rare in such messages and ignored. No lookbehind, so older phone browsers can build it too.
 */

const SEP = '[\\s.\\-]?';
const INTERNATIONAL = `\\(?\\+?251\\)?${SEP}0?[79](?:${SEP}\\d){8}`;
const LOCAL = `0[79]\\d(?:${SEP}\\d){7}`;

/** The pattern's source: not preceded by a digit or `+`, not followed by a digit. */
export const PHONE_PATTERN = `(?:^|[^\\d+])(?:${INTERNATIONAL}|${LOCAL})(?!\\d)`;

const phone = new RegExp(PHONE_PATTERN);

/** True when `text` contains what looks like an Ethiopian mobile number. */
export function hasPhoneNumber(text: string): boolean {
  return phone.test(text);
}

/** The value of the confirm field (`public_phone=yes`) that sends a request with a number anyway. */
export const PUBLIC_PHONE_CONFIRMED = 'yes';

/** True when a request must be held back for the warning: it has a number and the sender has not confirmed it. */
export function needsPhoneWarning(message: string, confirm: unknown): boolean {
  return confirm !== PUBLIC_PHONE_CONFIRMED && hasPhoneNumber(message);
}
