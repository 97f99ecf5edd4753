/**
 * Deals that renew: when a seller is reminded, for how many days a renewal runs, how long its
 * emailed link lasts, and the dates a renewed deal gets. Pure; the I/O is in
 * `server/renewals.server.ts`.
 */
import { z } from 'zod';
import { DAY_MS, discountEnd, discountStart } from '#features/listings/discount.ts';

/** A deal with no duration of its own runs again for this many days. */
export const DEFAULT_RENEWAL_DAYS = 7;
/** The seller is reminded (and My Posts offers Renew) this long before the deal ends. */
export const RENEWAL_LEAD_MS = DAY_MS;
/** The emailed link works until this long after the deal's end. */
export const RENEWAL_LINK_GRACE_MS = 7 * DAY_MS;
/** The longest run the listings table accepts (its days check). */
export const MAX_RUN_DAYS = 30;

/** How many days a renewal of this deal runs: its own duration, or a week. */
export function renewalDays(discountDurationDays: number | null): number {
  return discountDurationDays ?? DEFAULT_RENEWAL_DAYS;
}

/** When the emailed "Run it again" link of a run ending at `endsAt` stops working. */
export function renewalLinkExpiry(endsAt: Date): Date {
  return new Date(endsAt.getTime() + RENEWAL_LINK_GRACE_MS);
}

/** Whether a deal ending at `endsAt` may be renewed now: it has ended or ends within a day. */
export function isRenewable(deal: { status: string; endsAt: Date | null }, now: Date): boolean {
  return deal.status === 'verified' && deal.endsAt !== null && deal.endsAt.getTime() <= now.getTime() + RENEWAL_LEAD_MS;
}

export interface Schedule {
  datePosted: Date;
  discountStartDays: number | null;
  discountDurationDays: number | null;
  startsAt: Date;
  endsAt: Date | null;
}

function scheduleOf(datePosted: Date, discountStartDays: number | null, discountDurationDays: number) {
  const input = { discount: null, datePosted, startDays: discountStartDays, durationDays: discountDurationDays };
  return { datePosted, discountStartDays, discountDurationDays, startsAt: discountStart(input), endsAt: discountEnd(input) };
}

/**
 * The dates of a deal run again for `days`. The stored schedule stays what the listing form's
 * maths derive (starts = posted + start days, ends = starts + duration), so cards, lists and a
 * later edit agree with it:
 * - ended: a new run from now (posted now, no start delay, `days` long);
 * - still running: the end moves `days` later (duration + days), when that fits the 30-day limit;
 *   otherwise a new run from now for `days` plus the whole days it had left, at most 30.
 */
export function renewedSchedule(deal: Schedule, days: number, now: Date): Schedule {
  const running = deal.endsAt !== null && deal.endsAt.getTime() > now.getTime();
  if (running && deal.discountDurationDays !== null && deal.discountDurationDays + days <= MAX_RUN_DAYS) {
    return scheduleOf(deal.datePosted, deal.discountStartDays, deal.discountDurationDays + days);
  }
  const left = running && deal.endsAt ? Math.ceil((deal.endsAt.getTime() - now.getTime()) / DAY_MS) : 0;
  return scheduleOf(now, null, Math.min(MAX_RUN_DAYS, days + left));
}

/** A renewal link's secret: 32 random bytes, base64url (43 characters). */
export const renewalTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** My Posts' Renew form. */
export const renewFormSchema = z.object({ id: z.coerce.number().int().positive() });
