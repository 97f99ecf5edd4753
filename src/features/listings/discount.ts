/**
 * Discount maths for Sefer listings (spec sections 4, 5 and 9).
 *
 * Pure and isomorphic: used by server-side SQL queries (through
 * {@link windowBounds} and {@link recentSince}) and by islands in the browser.
 * The current instant is always passed in, never read from the clock here.
 * Texts come from the message catalogue, in the language of the page that asks.
 */
import { m } from '#paraglide/messages.js';

/** One day in milliseconds, as used by all discount maths (spec 9). */
export const DAY_MS = 86_400_000;

/** Daily discounts: listings whose discount ends with 1 to 2 days left (rounded up). */
export const DAILY_WINDOW_DAYS = 2;

/** Ending-soon discounts: listings whose discount ends with 1 to 6 days left (rounded up). */
export const ENDING_SOON_WINDOW_DAYS = 6;

/** Recent posts: listings posted within the last 48 hours. */
export const RECENT_WINDOW_MS = 48 * 3_600_000;

/**
 * Offset of the marketplace's local time (Africa/Addis_Ababa, UTC+3, no
 * daylight saving) from UTC, used to decide which calendar day "today" is.
 */
export const MARKET_UTC_OFFSET_MS = 3 * 3_600_000;

/** The stored discount value meaning "discount not decided yet". */
export const WAITING = 'waiting';

/** Every value the discount field may store, in form order. */
export const DISCOUNT_VALUES = [WAITING, '5', '10', '15', '20', '30', '40', '50'] as const;

/** A value the discount field may store. */
export type DiscountValue = (typeof DISCOUNT_VALUES)[number];

/**
 * Options of the discount select. The original client stored '50' for the
 * 40% option by mistake; here 40% stores '40'.
 */
export const DISCOUNT_OPTIONS: readonly { readonly value: DiscountValue; readonly label: string }[] = DISCOUNT_VALUES.map((value) => ({
  value,
  get label() {
    return value === WAITING ? m.listings_waiting() : `${value}%`;
  },
}));

/** Whether `value` is one of {@link DISCOUNT_VALUES}. */
export function isDiscountValue(value: unknown): value is DiscountValue {
  return typeof value === 'string' && (DISCOUNT_VALUES as readonly string[]).includes(value);
}

/** An instant, as a Date or as epoch milliseconds. */
export type Instant = Date | number;

function ms(t: Instant): number {
  return typeof t === 'number' ? t : t.getTime();
}

/** The discount-related fields of a listing. */
export interface DiscountInput {
  /** Percent as a string ('5'…'50') or 'waiting'; null when absent. */
  discount: string | null;
  datePosted: Date;
  /** Days after posting when the discount begins (discount_start_date). */
  startDays: number | null;
  /** Length of the discount in days (discount_duration). */
  durationDays: number | null;
}

// The spec computes dates only "if numeric"; NaN or Infinity count as absent.
function finiteOrNull(n: number | null): number | null {
  return n !== null && Number.isFinite(n) ? n : null;
}

/** Start of the discount: date posted plus `startDays` days (date posted when absent). */
export function discountStart(i: DiscountInput): Date {
  const startDays = finiteOrNull(i.startDays) ?? 0;
  return new Date(i.datePosted.getTime() + startDays * DAY_MS);
}

/**
 * End of the discount: start plus `durationDays` days, or null when there is
 * no duration. Because the form allows only one of start and duration, a
 * listing with a duration starts at posting, so this equals the lists'
 * "date_posted plus discount_duration days".
 */
export function discountEnd(i: DiscountInput): Date | null {
  const durationDays = finiteOrNull(i.durationDays);
  if (durationDays === null) return null;
  return new Date(discountStart(i).getTime() + durationDays * DAY_MS);
}

/**
 * Whole days until `target`, rounded up: `ceil((target - now) / DAY_MS)`.
 * 0 at the exact instant, 1 for anything up to one day ahead, negative
 * (or 0) once passed.
 */
export function daysUntil(target: Instant, now: Instant): number {
  // `+ 0` turns the -0 from Math.ceil(-0.5) into 0.
  return Math.ceil((ms(target) - ms(now)) / DAY_MS) + 0;
}

/**
 * Calendar day number of an instant in marketplace local time (UTC+3):
 * equal numbers mean the same local date.
 */
export function marketDayNumber(t: Instant): number {
  return Math.floor((ms(t) + MARKET_UTC_OFFSET_MS) / DAY_MS);
}

/** Whether two instants fall on the same calendar date in marketplace local time (UTC+3). */
export function isSameMarketDay(a: Instant, b: Instant): boolean {
  return marketDayNumber(a) === marketDayNumber(b);
}

/** Client-computed discount state of a listing (spec 4). */
export type DiscountState =
  | { kind: 'waiting' }
  | { kind: 'to_begin'; daysToBegin: number }
  /**
   * Has an end date in the future. `endsToday` is true when the end falls on
   * today's calendar date in marketplace local time; optional so callers may
   * build states by hand, in which case it counts as false.
   */
  | { kind: 'active'; daysToEnd: number; endsToday?: boolean }
  /** Active with no end date. */
  | { kind: 'ongoing' }
  | { kind: 'expired' };

/**
 * State of a listing's discount at `now` (spec 4): waiting if the discount is
 * 'waiting'; else to_begin while the start is in the future; else, with an
 * end date, active while the end is in the future and expired from the end
 * instant on; else ongoing.
 */
export function discountState(i: DiscountInput, now: Instant): DiscountState {
  if (i.discount === WAITING) return { kind: 'waiting' };
  const nowMs = ms(now);
  const start = discountStart(i);
  if (start.getTime() > nowMs) return { kind: 'to_begin', daysToBegin: daysUntil(start, nowMs) };
  const end = discountEnd(i);
  if (end === null) return { kind: 'ongoing' };
  if (end.getTime() > nowMs) {
    return { kind: 'active', daysToEnd: daysUntil(end, nowMs), endsToday: isSameMarketDay(end, nowMs) };
  }
  return { kind: 'expired' };
}

/**
 * Text for a discount state (spec 4, Display).
 *
 * Card: 'Waiting', 'N day(s) left to begin', 'N day(s) left to end' or
 * 'Ends today', 'Ongoing', 'Discount expired'. Detail: 'Waiting for discount'
 * and 'Discount active' (no end date); the rest as on cards.
 *
 * 'Ends today' is shown when the end falls on today's date in marketplace
 * local time (UTC+3), because rounding up alone never yields 0 for a future
 * end: an end at 23:00 tonight reads 'Ends today', one at 01:00 tomorrow
 * reads '1 day left to end'.
 */
export function discountStateText(s: DiscountState, where: 'card' | 'detail'): string {
  switch (s.kind) {
    case 'waiting':
      return where === 'detail' ? m.listings_waiting_for_discount() : m.listings_waiting();
    case 'to_begin':
      return m.listings_days_left_to_begin({ count: s.daysToBegin });
    case 'active':
      return s.endsToday === true || s.daysToEnd <= 0 ? m.listings_ends_today() : m.listings_days_left_to_end({ count: s.daysToEnd });
    case 'ongoing':
      return where === 'detail' ? m.listings_discount_active() : m.listings_ongoing();
    case 'expired':
      return m.listings_discount_expired();
  }
}

/**
 * Badge text '{x}% OFF', or null when the discount is 'waiting', empty,
 * non-numeric, zero or above 100.
 */
export function discountBadge(discount: string | null): string | null {
  if (discount === null) return null;
  const value = discount.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  if (n <= 0 || n > 100) return null;
  return m.listings_badge_off({ value });
}

/** 'N day(s) left' for ending-soon cards: '1 day left', '3 days left'. */
export function daysLeftText(end: Instant, now: Instant): string {
  return m.listings_days_left({ count: daysUntil(end, now) });
}

function isInWindow(end: Instant | null, now: Instant, windowDays: number): boolean {
  if (end === null) return false;
  const days = daysUntil(end, now);
  return days >= 1 && days <= windowDays;
}

/** Whether the discount ends with 1 to {@link DAILY_WINDOW_DAYS} days left (rounded up). */
export function isInDailyWindow(end: Instant | null, now: Instant): boolean {
  return isInWindow(end, now, DAILY_WINDOW_DAYS);
}

/** Whether the discount ends with 1 to {@link ENDING_SOON_WINDOW_DAYS} days left (rounded up). */
export function isInEndingSoonWindow(end: Instant | null, now: Instant): boolean {
  return isInWindow(end, now, ENDING_SOON_WINDOW_DAYS);
}

/**
 * End-date range for a list window, for SQL: `end > endAfter AND end <=
 * endAtOrBefore` holds exactly when `daysUntil(end, now)` is in [1, N].
 */
export function windowBounds(window: 'daily' | 'ending-soon', now: Instant): { endAfter: Date; endAtOrBefore: Date } {
  const days = window === 'daily' ? DAILY_WINDOW_DAYS : ENDING_SOON_WINDOW_DAYS;
  const nowMs = ms(now);
  return { endAfter: new Date(nowMs), endAtOrBefore: new Date(nowMs + days * DAY_MS) };
}

/**
 * Earliest posting instant that counts as recent: now minus 48 hours. For SQL,
 * use `date_posted >= recentSince(now) AND date_posted <= now`.
 */
export function recentSince(now: Instant): Date {
  return new Date(ms(now) - RECENT_WINDOW_MS);
}

/**
 * Whether a listing was posted within the last 48 hours: from exactly
 * 48 hours ago (included) up to now (included); future posts are not recent.
 */
export function isRecent(datePosted: Instant, now: Instant): boolean {
  const posted = ms(datePosted);
  return posted >= recentSince(now).getTime() && posted <= ms(now);
}
