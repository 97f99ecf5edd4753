import { inLocale } from '#platform/i18n/locale.server.ts';
import { describe, it, expect } from 'vitest';
import {
  DAY_MS,
  DISCOUNT_OPTIONS,
  discountState,
  discountStateText,
  discountBadge,
  daysLeftText,
  isRecent,
  recentSince,
  isSameMarketDay,
  type DiscountState,
} from './discount.ts';
import { HOUR, N, NOW, at, input } from './discount.test-kit.ts';

describe('discountState', () => {
  it('waiting when discount is "waiting", whatever the dates', () => {
    expect(discountState(input({ discount: 'waiting' }), NOW)).toEqual({ kind: 'waiting' });
    expect(discountState(input({ discount: 'waiting', startDays: 3, durationDays: 5 }), NOW)).toEqual({
      kind: 'waiting',
    });
  });

  it('to_begin with 1 day when the start is 1 ms ahead', () => {
    const posted = at(-3 * DAY_MS + 1);
    expect(discountState(input({ datePosted: posted, startDays: 3 }), NOW)).toEqual({
      kind: 'to_begin',
      daysToBegin: 1,
    });
  });

  it('to_begin with 1 day when the start is exactly 1 day ahead', () => {
    expect(discountState(input({ startDays: 1 }), NOW)).toEqual({ kind: 'to_begin', daysToBegin: 1 });
  });

  it('to_begin with n days', () => {
    expect(discountState(input({ startDays: 5 }), NOW)).toEqual({ kind: 'to_begin', daysToBegin: 5 });
    expect(discountState(input({ datePosted: at(-HOUR), startDays: 5 }), NOW)).toEqual({
      kind: 'to_begin',
      daysToBegin: 5,
    });
  });

  it('not to_begin at the exact start instant', () => {
    expect(discountState(input({ datePosted: at(-2 * DAY_MS), startDays: 2 }), NOW)).toEqual({ kind: 'ongoing' });
  });

  it('active with days to end when the end is in the future', () => {
    expect(discountState(input({ datePosted: at(-DAY_MS), durationDays: 4 }), NOW)).toEqual({
      kind: 'active',
      daysToEnd: 3,
      endsToday: false,
    });
  });

  it('active with 1 day at 1 ms before the end', () => {
    const s = discountState(input({ datePosted: at(-DAY_MS + 1), durationDays: 1 }), NOW);
    expect(s).toMatchObject({ kind: 'active', daysToEnd: 1 });
  });

  it('expired at the exact end instant', () => {
    expect(discountState(input({ datePosted: at(-DAY_MS), durationDays: 1 }), NOW)).toEqual({ kind: 'expired' });
  });

  it('expired after the end', () => {
    expect(discountState(input({ datePosted: at(-10 * DAY_MS), durationDays: 3 }), NOW)).toEqual({
      kind: 'expired',
    });
  });

  it('ongoing when started and no duration', () => {
    expect(discountState(input(), NOW)).toEqual({ kind: 'ongoing' });
    expect(discountState(input({ datePosted: at(-100 * DAY_MS) }), NOW)).toEqual({ kind: 'ongoing' });
  });

  it('null or numeric discount is not waiting', () => {
    expect(discountState(input({ discount: null }), NOW)).toEqual({ kind: 'ongoing' });
  });

  it('accepts now as epoch milliseconds', () => {
    expect(discountState(input({ startDays: 5 }), N)).toEqual({ kind: 'to_begin', daysToBegin: 5 });
  });
});

describe("'Ends today' (same calendar date in UTC+3)", () => {
  // NOW is 12:00 local on 2025-03-10; local midnight is 21:00 UTC.
  const endingAt = (end: Date): DiscountState =>
    discountState(input({ datePosted: new Date(end.getTime() - DAY_MS), durationDays: 1 }), NOW);

  it('end later today (23:59:59.999 local) → Ends today', () => {
    const s = endingAt(new Date('2025-03-10T20:59:59.999Z'));
    expect(s).toEqual({ kind: 'active', daysToEnd: 1, endsToday: true });
    expect(discountStateText(s, 'card')).toBe('Ends today');
    expect(discountStateText(s, 'detail')).toBe('Ends today');
  });

  it('end 1 ms from now → Ends today', () => {
    expect(discountStateText(endingAt(at(1)), 'card')).toBe('Ends today');
  });

  it('end at local midnight tonight (tomorrow 00:00) → 1 day left to end', () => {
    const s = endingAt(new Date('2025-03-10T21:00:00.000Z'));
    expect(s).toEqual({ kind: 'active', daysToEnd: 1, endsToday: false });
    expect(discountStateText(s, 'card')).toBe('1 day left to end');
  });

  it('uses UTC+3, not UTC: 22:00 UTC is already tomorrow locally', () => {
    const now = new Date('2025-03-10T22:00:00.000Z'); // 01:00 local on 03-11
    expect(isSameMarketDay(new Date('2025-03-11T20:00:00.000Z'), now)).toBe(true);
    expect(isSameMarketDay(new Date('2025-03-10T23:00:00.000Z'), new Date('2025-03-10T20:00:00.000Z'))).toBe(false);
  });

  it('hand-built active state without endsToday uses the day count', () => {
    expect(discountStateText({ kind: 'active', daysToEnd: 1 }, 'card')).toBe('1 day left to end');
  });
});

describe('discountStateText', () => {
  const cases: [DiscountState, string, string][] = [
    [{ kind: 'waiting' }, 'Waiting', 'Waiting for discount'],
    [{ kind: 'to_begin', daysToBegin: 1 }, '1 day left to begin', '1 day left to begin'],
    [{ kind: 'to_begin', daysToBegin: 2 }, '2 days left to begin', '2 days left to begin'],
    [{ kind: 'to_begin', daysToBegin: 30 }, '30 days left to begin', '30 days left to begin'],
    [{ kind: 'active', daysToEnd: 1, endsToday: false }, '1 day left to end', '1 day left to end'],
    [{ kind: 'active', daysToEnd: 3, endsToday: false }, '3 days left to end', '3 days left to end'],
    [{ kind: 'active', daysToEnd: 1, endsToday: true }, 'Ends today', 'Ends today'],
    [{ kind: 'active', daysToEnd: 0 }, 'Ends today', 'Ends today'],
    [{ kind: 'ongoing' }, 'Ongoing', 'Discount active'],
    [{ kind: 'expired' }, 'Discount expired', 'Discount expired'],
  ];
  it.each(cases)('%o → card %s, detail %s', (state, card, detail) => {
    expect(discountStateText(state, 'card')).toBe(card);
    expect(discountStateText(state, 'detail')).toBe(detail);
  });
});

describe('day counts / daysLeftText', () => {
  it('uses the plural forms of each language', () => {
    expect(discountStateText({ kind: 'to_begin', daysToBegin: 1 }, 'card')).toBe('1 day left to begin');
    expect(discountStateText({ kind: 'to_begin', daysToBegin: 0 }, 'card')).toBe('0 days left to begin');
    expect(discountStateText({ kind: 'active', daysToEnd: 6 }, 'card')).toBe('6 days left to end');
    expect(inLocale('am', () => daysLeftText(at(3 * DAY_MS), NOW))).toBe('3 ቀን ቀረው');
    expect(inLocale('am', () => discountStateText({ kind: 'to_begin', daysToBegin: 1 }, 'card'))).toBe('ለመጀመር 1 ቀን ቀረው');
    expect(inLocale('am', () => discountBadge('20'))).toBe('20% ቅናሽ');
  });

  it('days left for ending-soon cards', () => {
    expect(daysLeftText(at(1), NOW)).toBe('1 day left');
    expect(daysLeftText(at(DAY_MS), NOW)).toBe('1 day left');
    expect(daysLeftText(at(DAY_MS + 1), NOW)).toBe('2 days left');
    expect(daysLeftText(at(3 * DAY_MS), NOW)).toBe('3 days left');
    expect(daysLeftText(at(6 * DAY_MS), NOW)).toBe('6 days left');
  });
});

describe('discountBadge', () => {
  it('shows {x}% OFF for numeric discounts', () => {
    expect(discountBadge('40')).toBe('40% OFF');
    expect(discountBadge('5')).toBe('5% OFF');
    expect(discountBadge('50')).toBe('50% OFF');
    expect(discountBadge(' 15 ')).toBe('15% OFF');
    expect(discountBadge('12.5')).toBe('12.5% OFF');
  });

  it('hides the badge for waiting, empty, null and non-numeric values', () => {
    expect(discountBadge('waiting')).toBeNull();
    expect(discountBadge('')).toBeNull();
    expect(discountBadge('   ')).toBeNull();
    expect(discountBadge(null)).toBeNull();
    expect(discountBadge('abc')).toBeNull();
    expect(discountBadge('40%')).toBeNull();
    expect(discountBadge('-10')).toBeNull();
  });

  it('hides the badge for 0 and above 100', () => {
    expect(discountBadge('0')).toBeNull();
    expect(discountBadge('101')).toBeNull();
    expect(discountBadge('100')).toBe('100% OFF');
  });

  it('every option except waiting has a badge', () => {
    for (const { value } of DISCOUNT_OPTIONS) {
      expect(discountBadge(value)).toBe(value === 'waiting' ? null : `${value}% OFF`);
    }
  });
});

describe('recent window (48 h, inclusive of exactly 48 h ago)', () => {
  it('recentSince is now - 48 h', () => {
    expect(recentSince(NOW)).toEqual(at(-48 * HOUR));
  });

  const cases: [string, number, boolean][] = [
    ['exactly now', 0, true],
    ['1 ms ago', -1, true],
    ['47 h ago', -47 * HOUR, true],
    ['48 h - 1 ms ago', -48 * HOUR + 1, true],
    ['exactly 48 h ago', -48 * HOUR, true],
    ['48 h + 1 ms ago', -48 * HOUR - 1, false],
    ['3 days ago', -3 * DAY_MS, false],
    ['1 ms in the future', 1, false],
    ['1 day in the future', DAY_MS, false],
  ];
  it.each(cases)('posted %s → %s', (_label, offset, expected) => {
    expect(isRecent(at(offset), NOW)).toBe(expected);
  });

  it('agrees with the SQL range date_posted >= recentSince(now) AND date_posted <= now', () => {
    const since = recentSince(NOW);
    for (let offset = -3 * DAY_MS; offset <= DAY_MS; offset += 1_234_567) {
      for (const d of [offset, offset + 1, offset - 1]) {
        const posted = at(d);
        expect(isRecent(posted, NOW)).toBe(posted >= since && posted <= NOW);
      }
    }
  });
});
