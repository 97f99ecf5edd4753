/** The pure side of renewals: the days a renewal runs, the link's expiry, and the renewed dates. */
import { describe, expect, it } from 'vitest';
import { DAY_MS, discountEnd, discountStart } from '#features/listings/discount.ts';
import { isRenewable, renewalDays, renewalLinkExpiry, renewalTokenSchema, renewedSchedule, type Schedule } from './renewals.ts';

const NOW = new Date('2026-03-10T09:00:00.000Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

function deal(posted: Date, duration: number | null, start: number | null = null): Schedule {
  const input = { discount: null, datePosted: posted, startDays: start, durationDays: duration };
  return {
    datePosted: posted,
    discountStartDays: start,
    discountDurationDays: duration,
    startsAt: discountStart(input),
    endsAt: discountEnd(input),
  };
}

/** The stored dates agree with what the form's maths derive from posted + start + duration. */
function expectConsistent(s: Schedule) {
  const input = { discount: null, datePosted: s.datePosted, startDays: s.discountStartDays, durationDays: s.discountDurationDays };
  expect(s.startsAt).toEqual(discountStart(input));
  expect(s.endsAt).toEqual(discountEnd(input));
  expect(s.discountDurationDays).toBeGreaterThanOrEqual(1);
  expect(s.discountDurationDays).toBeLessThanOrEqual(30);
}

describe('renewals', () => {
  it("runs again for the deal's own days, or a week without one", () => {
    expect(renewalDays(10)).toBe(10);
    expect(renewalDays(null)).toBe(7);
  });

  it("lets the emailed link work until a week after the deal's end", () => {
    expect(renewalLinkExpiry(at(1))).toEqual(at(8));
  });

  it('offers Renew only for a verified deal that ended or ends within a day', () => {
    expect(isRenewable({ status: 'verified', endsAt: at(-3) }, NOW)).toBe(true);
    expect(isRenewable({ status: 'verified', endsAt: at(1) }, NOW)).toBe(true);
    expect(isRenewable({ status: 'verified', endsAt: new Date(at(1).getTime() + 1) }, NOW)).toBe(false);
    expect(isRenewable({ status: 'verified', endsAt: null }, NOW)).toBe(false);
    expect(isRenewable({ status: 'pending', endsAt: at(-1) }, NOW)).toBe(false);
  });

  it('starts an ended deal again from now, for the days asked', () => {
    const renewed = renewedSchedule(deal(at(-12), 10), 10, NOW);
    expect(renewed).toEqual({ datePosted: NOW, discountStartDays: null, discountDurationDays: 10, startsAt: NOW, endsAt: at(10) });
    expectConsistent(renewed);
  });

  it('extends a running deal from its end, keeping when it was posted', () => {
    const running = deal(at(-9.5), 10);
    const renewed = renewedSchedule(running, 10, NOW);
    expect(renewed.datePosted).toEqual(running.datePosted);
    expect(renewed.endsAt).toEqual(new Date(running.endsAt!.getTime() + 10 * DAY_MS));
    expect(renewed.discountDurationDays).toBe(20);
    expectConsistent(renewed);
    // With a start delay too.
    const delayed = renewedSchedule(deal(at(-9.5), 5, 5), 5, NOW);
    expect(delayed.endsAt).toEqual(at(5.5));
    expectConsistent(delayed);
  });

  it('starts a new run from now when the extension would pass the 30-day limit', () => {
    const running = deal(at(-19.5), 20); // ends in 12 hours
    const renewed = renewedSchedule(running, 20, NOW);
    expect(renewed.datePosted).toEqual(NOW);
    expect(renewed.discountDurationDays).toBe(21); // 20 days and the day it had left
    expect(renewed.endsAt!.getTime()).toBeGreaterThanOrEqual(running.endsAt!.getTime() + 20 * DAY_MS);
    expectConsistent(renewed);
    expect(renewedSchedule(deal(at(-29.5), 30), 30, NOW).discountDurationDays).toBe(30);
  });

  it('accepts only a 32-byte base64url token', () => {
    expect(renewalTokenSchema.safeParse('a'.repeat(43)).success).toBe(true);
    expect(renewalTokenSchema.safeParse('a'.repeat(42)).success).toBe(false);
    expect(renewalTokenSchema.safeParse(`${'a'.repeat(42)}/`).success).toBe(false);
  });
});
