/**
 * Dates and money as a visitor in Ethiopia reads them, in the request's language (server-rendered,
 * so no browser needs Intl and the zone is explicit). Amharic pages use the Ethiopian calendar with
 * Amharic month names; the Intl locale of each language is in its message catalogue.
 */
import { m } from '#paraglide/messages.js';

export const MARKET_TIME_ZONE = 'Africa/Addis_Ababa';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let cached = formats.get(key);
  if (!cached) formats.set(key, (cached = new Intl.DateTimeFormat(tag, { ...options, timeZone: MARKET_TIME_ZONE })));
  return cached;
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** A calendar date in the page's language and calendar: `24 Nov 2026` or `15 ኅዳር 2019`. */
export function formatDate(date: Date): string {
  return format(m.locale_intl_dates(), DAY).format(date);
}

/** A date with its time of day. */
export function formatDateTime(date: Date): string {
  return format(m.locale_intl_dates(), { ...DAY, ...TIME }).format(date);
}

/** The same day in the Ethiopian calendar, with month names in the page's language: `15 Hedar 2019`. */
export function formatEthiopianDate(date: Date): string {
  const tag = m.locale_intl_ethiopian();
  return format(tag, { day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(date)
    .filter((part) => part.type !== 'era')
    .map((part) => part.value)
    .join('')
    .trim();
}

const numbers = new Map<string, Intl.NumberFormat>();
/** A whole number with the language's separators. */
export function formatNumber(value: number): string {
  const tag = m.locale_intl_dates();
  let cached = numbers.get(tag);
  if (!cached) numbers.set(tag, (cached = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })));
  return cached.format(value);
}

/** Whole Birr: `5,200 Birr` on English pages, `5,200 ብር` on Amharic ones. */
export function formatBirr(amount: number): string {
  return m.format_birr({ amount: formatNumber(amount) });
}
