import { describe, expect, it } from 'vitest';
import { HOLIDAY_KEYS, followsMoonSighting, holidayDate, upcomingHolidays, type HolidayKey } from './holidays.ts';

const day = (key: HolidayKey, year: number) => holidayDate(key, year).toISOString().slice(0, 10);

describe('the holiday calendar', () => {
  it('gives the known dates of every holiday', () => {
    const known: [HolidayKey, string[]][] = [
      ['genna', ['2026-01-07', '2027-01-07', '2028-01-07']],
      ['timket', ['2026-01-19', '2027-01-19', '2028-01-20']],
      ['adwa', ['2026-03-02', '2027-03-02', '2028-03-02']],
      ['fasika', ['2026-04-12', '2027-05-02']],
      ['enkutatash', ['2026-09-11', '2027-09-12']],
      ['meskel', ['2026-09-27', '2027-09-28']],
      ['eid-al-fitr', ['2026-03-20', '2027-03-09']],
      ['eid-al-adha', ['2026-05-27', '2027-05-16']],
    ];
    for (const [key, dates] of known) {
      for (const date of dates) expect(day(key, Number(date.slice(0, 4))), key).toBe(date);
    }
  });

  it('lists the coming holidays soonest first, today included, across the new year', () => {
    // 25 November 2026, 10:00 in Addis Ababa.
    const next = upcomingHolidays(new Date('2026-11-25T07:00:00Z'));
    expect(next.map((h) => h.key)).toEqual(['genna', 'timket', 'adwa', 'eid-al-fitr', 'fasika', 'eid-al-adha', 'enkutatash', 'meskel']);
    expect(next[0]).toMatchObject({ key: 'genna', daysUntil: 43 });
    expect(next[0]!.date.toISOString().slice(0, 10)).toBe('2027-01-07');
    expect(next.at(-1)!.date.toISOString().slice(0, 10)).toBe('2027-09-28');
    // Late on the eve of Genna in UTC is already Genna in Addis Ababa.
    expect(upcomingHolidays(new Date('2027-01-06T22:00:00Z'), 1)[0]).toMatchObject({ key: 'genna', daysUntil: 0 });
    expect(upcomingHolidays(new Date('2027-01-07T21:00:00Z'), 1)[0]).toMatchObject({ key: 'timket', daysUntil: 11 });
    expect(upcomingHolidays(new Date('2026-11-25T07:00:00Z'), 3)).toHaveLength(3);
  });

  it('says which dates follow the moon sighting', () => {
    expect(HOLIDAY_KEYS.filter(followsMoonSighting)).toEqual(['eid-al-fitr', 'eid-al-adha']);
  });
});
