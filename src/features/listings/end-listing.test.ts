/** The schedule of a deal ended now, and which deals are live (end-listing.ts). */
import { describe, expect, it } from 'vitest';
import { discountEnd } from './discount.ts';
import { endedSchedule, isLive } from './end-listing.ts';
import { DAY, FIXED_NOW } from '#fixtures/listings.ts';

const HOUR = 3_600_000;

describe('the schedule of an ended deal', () => {
  it('keeps the posted date and ends at or before now; a deal under a day old ends exactly now', () => {
    const posted = new Date(FIXED_NOW.getTime() - 3.5 * DAY);
    const ended = endedSchedule(posted, FIXED_NOW);
    expect(ended.datePosted).toEqual(posted);
    expect(ended.discountDurationDays).toBe(3);
    expect(ended.endsAt!.getTime()).toBeLessThanOrEqual(FIXED_NOW.getTime());
    expect(ended.endsAt).toEqual(discountEnd({ discount: '20', datePosted: ended.datePosted, startDays: null, durationDays: 3 }));

    const fresh = endedSchedule(new Date(FIXED_NOW.getTime() - 2 * HOUR), FIXED_NOW);
    expect(fresh.discountDurationDays).toBe(1);
    expect(fresh.endsAt).toEqual(FIXED_NOW);
    // A run is at most 30 days (the table's check).
    expect(endedSchedule(new Date(FIXED_NOW.getTime() - 90 * DAY), FIXED_NOW).discountDurationDays).toBe(30);
  });

  it('a deal is live while public, with a discount, and not ended', () => {
    const later = new Date(FIXED_NOW.getTime() + DAY);
    expect(isLive({ public: true, discount: '20', endsAt: later }, FIXED_NOW)).toBe(true);
    expect(isLive({ public: true, discount: '20', endsAt: null }, FIXED_NOW)).toBe(true);
    expect(isLive({ public: true, discount: '20', endsAt: FIXED_NOW }, FIXED_NOW)).toBe(false);
    expect(isLive({ public: true, discount: 'waiting', endsAt: later }, FIXED_NOW)).toBe(false);
    expect(isLive({ public: false, discount: '20', endsAt: later }, FIXED_NOW)).toBe(false);
  });
});
