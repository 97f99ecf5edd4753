import { describe, it, expect } from 'vitest';
import {
  DAY_MS,
  DAILY_WINDOW_DAYS,
  ENDING_SOON_WINDOW_DAYS,
  RECENT_WINDOW_MS,
  DISCOUNT_OPTIONS,
  DISCOUNT_VALUES,
  isDiscountValue,
  discountStart,
  discountEnd,
  daysUntil,
  isInDailyWindow,
  isInEndingSoonWindow,
  windowBounds,
} from './discount.ts';
import { HOUR, N, NOW, at, input } from './discount.test-kit.ts';

describe('constants', () => {
  it('match spec section 9', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(DAILY_WINDOW_DAYS).toBe(2);
    expect(ENDING_SOON_WINDOW_DAYS).toBe(6);
    expect(RECENT_WINDOW_MS).toBe(172_800_000);
  });
});

describe('DISCOUNT_OPTIONS', () => {
  it('lists waiting then the percentages in order', () => {
    expect(DISCOUNT_OPTIONS).toEqual([
      { value: 'waiting', label: 'Waiting' },
      { value: '5', label: '5%' },
      { value: '10', label: '10%' },
      { value: '15', label: '15%' },
      { value: '20', label: '20%' },
      { value: '30', label: '30%' },
      { value: '40', label: '40%' },
      { value: '50', label: '50%' },
    ]);
  });

  it('stores 40 for the 40% option (not the original 50)', () => {
    expect(DISCOUNT_OPTIONS.find((o) => o.label === '40%')?.value).toBe('40');
  });

  it('has unique values matching DISCOUNT_VALUES', () => {
    const values = DISCOUNT_OPTIONS.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual([...DISCOUNT_VALUES]);
  });

  it('isDiscountValue accepts only option values', () => {
    expect(isDiscountValue('waiting')).toBe(true);
    expect(isDiscountValue('40')).toBe(true);
    expect(isDiscountValue('25')).toBe(false);
    expect(isDiscountValue('')).toBe(false);
    expect(isDiscountValue(40)).toBe(false);
    expect(isDiscountValue(null)).toBe(false);
  });
});

describe('discountStart / discountEnd', () => {
  it('start is the posting date when startDays is null', () => {
    expect(discountStart(input())).toEqual(NOW);
  });

  it('start is posting date plus startDays days', () => {
    expect(discountStart(input({ startDays: 3 }))).toEqual(at(3 * DAY_MS));
  });

  it('treats a non-finite startDays as absent', () => {
    expect(discountStart(input({ startDays: Number.NaN }))).toEqual(NOW);
  });

  it('end is null without a duration', () => {
    expect(discountEnd(input({ startDays: 3 }))).toBeNull();
    expect(discountEnd(input({ durationDays: Number.NaN }))).toBeNull();
  });

  it('end is start plus durationDays days', () => {
    expect(discountEnd(input({ durationDays: 5 }))).toEqual(at(5 * DAY_MS));
    expect(discountEnd(input({ startDays: 2, durationDays: 5 }))).toEqual(at(7 * DAY_MS));
  });

  it('does not mutate datePosted', () => {
    const posted = new Date(N);
    discountEnd(input({ datePosted: posted, startDays: 1, durationDays: 1 }));
    expect(posted.getTime()).toBe(N);
  });
});

describe('daysUntil (ceil)', () => {
  const cases: [string, number, number][] = [
    ['exactly now', 0, 0],
    ['1 ms ahead', 1, 1],
    ['1 day ahead', DAY_MS, 1],
    ['1 day + 1 ms ahead', DAY_MS + 1, 2],
    ['2 days ahead', 2 * DAY_MS, 2],
    ['2 days + 1 ms ahead', 2 * DAY_MS + 1, 3],
    ['6 days ahead', 6 * DAY_MS, 6],
    ['6 days + 1 ms ahead', 6 * DAY_MS + 1, 7],
    ['1 ms ago', -1, 0],
    ['1 day ago', -DAY_MS, -1],
    ['1 day + 1 ms ago', -DAY_MS - 1, -1],
  ];
  it.each(cases)('%s', (_label, offset, expected) => {
    expect(daysUntil(at(offset), NOW)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(daysUntil(at(-1), NOW), 0)).toBe(true);
  });

  it('accepts epoch milliseconds', () => {
    expect(daysUntil(N + DAY_MS + 1, N)).toBe(2);
  });
});

describe('windows at every boundary', () => {
  const cases: [string, number, boolean, boolean][] = [
    // label, end offset from now, daily, ending soon
    ['2 days ago', -2 * DAY_MS, false, false],
    ['1 ms ago', -1, false, false],
    ['exactly now', 0, false, false],
    ['now + 1 ms', 1, true, true],
    ['now + 1 day', DAY_MS, true, true],
    ['now + 1 day + 1 ms', DAY_MS + 1, true, true],
    ['now + 2 days', 2 * DAY_MS, true, true],
    ['now + 2 days + 1 ms', 2 * DAY_MS + 1, false, true],
    ['now + 6 days', 6 * DAY_MS, false, true],
    ['now + 6 days + 1 ms', 6 * DAY_MS + 1, false, false],
    ['now + 30 days', 30 * DAY_MS, false, false],
  ];
  it.each(cases)('end %s → daily %s, ending soon %s', (_label, offset, daily, endingSoon) => {
    expect(isInDailyWindow(at(offset), NOW)).toBe(daily);
    expect(isInEndingSoonWindow(at(offset), NOW)).toBe(endingSoon);
  });

  it('no end date is in neither window', () => {
    expect(isInDailyWindow(null, NOW)).toBe(false);
    expect(isInEndingSoonWindow(null, NOW)).toBe(false);
  });
});

describe('windowBounds (SQL range)', () => {
  it('is (now, now + N days]', () => {
    expect(windowBounds('daily', NOW)).toEqual({ endAfter: NOW, endAtOrBefore: at(2 * DAY_MS) });
    expect(windowBounds('ending-soon', NOW)).toEqual({ endAfter: NOW, endAtOrBefore: at(6 * DAY_MS) });
  });

  it('returns fresh Date objects', () => {
    const b = windowBounds('daily', NOW);
    expect(b.endAfter).not.toBe(NOW);
  });

  // Offsets around every whole day from -2 to 8 days, plus hours and odd values.
  const offsets: number[] = [];
  for (let d = -2; d <= 8; d++) {
    for (const delta of [-1, 0, 1, -HOUR, HOUR, 12 * HOUR, 999]) offsets.push(d * DAY_MS + delta);
  }
  for (let k = 0; k < 200; k++) offsets.push(Math.round((k * 7_919_993.7) % (9 * DAY_MS)) - DAY_MS);

  const nows = [NOW, new Date('2024-02-29T23:59:59.999Z'), new Date('2025-12-31T21:00:00.000Z'), new Date(0)];

  for (const window of ['daily', 'ending-soon'] as const) {
    const predicate = window === 'daily' ? isInDailyWindow : isInEndingSoonWindow;
    it(`${window}: predicate agrees with the SQL range for ${offsets.length * nows.length} ends`, () => {
      for (const now of nows) {
        const { endAfter, endAtOrBefore } = windowBounds(window, now);
        for (const offset of offsets) {
          const end = new Date(now.getTime() + offset);
          const inRange = end > endAfter && end <= endAtOrBefore;
          expect(predicate(end, now), `${window} now=${now.toISOString()} offset=${offset}`).toBe(inRange);
        }
      }
    });
  }
});
