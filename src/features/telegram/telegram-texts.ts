/**
 * What the Sefer bot writes about deals, and how it reads what people send it. Pure: the message
 * functions render in the current language (the bot runs each update in the chat's language).
 */
import { DAY_MS, MARKET_UTC_OFFSET_MS, discountBadge, discountState, discountStateText } from '#features/listings/discount.ts';
import { localHref, type Locale } from '#platform/i18n/locales.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';
import { escapeTelegramHtml } from '#features/accounts/notices/notices.ts';

/** The listing fields a deal message shows. */
export interface TelegramDeal {
  id: number;
  productName: string;
  companyName: string;
  location: string;
  discount: string;
  datePosted: Date;
  discountStartDays: number | null;
  discountDurationDays: number | null;
}

/** Telegram's HTML parse mode needs only &, < and > escaped (one rule for every notice and bot text). */
export const escapeHtml = escapeTelegramHtml;

/** The listing's page on the site, in `locale`. */
export function dealUrl(siteUrl: string, deal: Pick<TelegramDeal, 'id' | 'productName'>, locale: Locale): string {
  return `${siteUrl}${localHref(listingPath(deal), locale)}`;
}

/** A photo caption (HTML): product, company and place, the discount and how long it lasts. */
export function dealCaption(deal: TelegramDeal, now: Date, heading?: string): string {
  const state = discountStateText(
    discountState(
      { discount: deal.discount, datePosted: deal.datePosted, startDays: deal.discountStartDays, durationDays: deal.discountDurationDays },
      now,
    ),
    'card',
  );
  const badge = discountBadge(deal.discount);
  const lines = [
    heading ? escapeHtml(heading) : null,
    `<b>${escapeHtml(deal.productName)}</b>`,
    `${escapeHtml(deal.companyName)} · ${escapeHtml(deal.location)}`,
    [badge, state]
      .filter(Boolean)
      .map((t) => escapeHtml(t!))
      .join(' · '),
  ];
  // Telegram cuts captions at 1024 characters; ours stay far below unless names are huge.
  return lines.filter(Boolean).join('\n').slice(0, 1024);
}

/** One line of the daily digest: a link to the deal with its discount. */
export function digestLine(siteUrl: string, deal: TelegramDeal, locale: Locale): string {
  const badge = discountBadge(deal.discount);
  const name = `${escapeHtml(deal.productName)} — ${escapeHtml(deal.companyName)}`;
  return `• <a href="${escapeHtml(dealUrl(siteUrl, deal, locale))}">${name}</a>${badge ? ` (${escapeHtml(badge)})` : ''}`;
}

/** Words of a text as alerts match them: lower-case letters and digits of any script. */
export function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length >= KEYWORD_MIN && word.length <= KEYWORD_MAX);
  return [...new Set(words)];
}

export const KEYWORD_MIN = 2;
export const KEYWORD_MAX = 30;
/** How many words one chat may follow. */
export const MAX_KEYWORDS = 10;

/** The words someone asked to follow ("teff, shoes"), or why not. */
export function parseKeywords(text: string): Result<string[]> {
  const parts = text
    .split(/[,،፣\n]+/u)
    .map((part) => part.trim())
    .filter(Boolean);
  const words = parts.flatMap((part) => wordsOf(part));
  if (words.length === 0 || parts.some((part) => wordsOf(part).length === 0)) return fail(400, m.tg_keyword_invalid());
  return ok([...new Set(words)]);
}

/** The Addis Ababa calendar day of an instant, as YYYY-MM-DD (the daily alert cap counts per day). */
export function addisDay(now: Date): string {
  return new Date(now.getTime() + MARKET_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next midnight in Addis Ababa after `now`: when a day's digest goes out. */
export function endOfAddisDay(now: Date): Date {
  const local = now.getTime() + MARKET_UTC_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - MARKET_UTC_OFFSET_MS);
}
