/**
 * Ending a live deal now (a seller's "End now", from the Telegram bot): which deals may be ended,
 * and the schedule an ended deal gets. Pure; the write is in end-listing.server.ts.
 *
 * The stored schedule stays what the listing form's maths derive (starts = posted + start days,
 * ends = starts + duration), so cards, lists, a renewal and a later edit all read the deal as
 * ended. The posted date is kept (My Posts sorts by it and shows it) unless the deal was posted
 * less than a day ago: a run is at least one day long, so its posted date moves back to a day
 * before now and the deal ends exactly now.
 */
import { DAY_MS, WAITING } from './discount.ts';
import { MAX_RUN_DAYS, type Schedule } from './renewals/renewals.ts';

/** What decides whether a deal can be ended now. */
export interface EndableDeal {
  /** Verified, not hidden, its seller not banned (listings.server.ts `isPublic`). */
  public: boolean;
  discount: string;
  endsAt: Date | null;
}

/**
 * Whether a deal is live and can be ended now: public, with a discount (a "waiting" deal has none
 * to end), not ended yet (no end, or an end still ahead).
 */
export function isLive(deal: EndableDeal, now: Date): boolean {
  return deal.public && deal.discount !== WAITING && (deal.endsAt === null || deal.endsAt.getTime() > now.getTime());
}

/** The schedule of a deal posted at `datePosted` and ended at `now`: its end is now or earlier. */
export function endedSchedule(datePosted: Date, now: Date): Schedule {
  const age = now.getTime() - datePosted.getTime();
  const days = Math.min(MAX_RUN_DAYS, Math.max(1, Math.floor(age / DAY_MS)));
  const posted = age >= days * DAY_MS ? datePosted : new Date(now.getTime() - days * DAY_MS);
  return {
    datePosted: posted,
    discountStartDays: null,
    discountDurationDays: days,
    startsAt: posted,
    endsAt: new Date(posted.getTime() + days * DAY_MS),
  };
}
