/**
 * The holidays that drive Ethiopian shopping and their dates, computed from the Ethiopian, Julian
 * and Islamic calendars (Intl's `ethiopic` and `islamic-umalqura` calendars: no table to update).
 * Dates are calendar days, returned as UTC midnights; "today" is the day in Addis Ababa.
 */
import { HOLIDAY_KEYS } from '#db/holiday-keys.ts';
import { m } from '#paraglide/messages.js';

export { HOLIDAY_KEYS };
export type HolidayKey = (typeof HOLIDAY_KEYS)[number];

export function isHolidayKey(value: unknown): value is HolidayKey {
  return typeof value === 'string' && (HOLIDAY_KEYS as readonly string[]).includes(value);
}

const NAMES: Record<HolidayKey, () => string> = {
  enkutatash: m.holiday_enkutatash,
  meskel: m.holiday_meskel,
  genna: m.holiday_genna,
  timket: m.holiday_timket,
  adwa: m.holiday_adwa,
  fasika: m.holiday_fasika,
  'eid-al-fitr': m.holiday_eid_al_fitr,
  'eid-al-adha': m.holiday_eid_al_adha,
};

/** The holiday's name in the page's language. */
export function holidayName(key: HolidayKey): string {
  return NAMES[key]();
}

const DAY_MS = 86_400_000;
/** Addis Ababa is UTC+3 all year (no daylight saving). */
const ADDIS_OFFSET_MS = 3 * 3_600_000;

type CalendarDay = { year: number; month: number; day: number };

const calendars = new Map<string, Intl.DateTimeFormat>();
/** The day `date` (a UTC midnight) is in `calendar`: year, month (1-based) and day. */
function dayIn(calendar: 'ethiopic' | 'islamic-umalqura', date: Date): CalendarDay {
  let format = calendars.get(calendar);
  if (!format) {
    format = new Intl.DateTimeFormat(`en-u-ca-${calendar}`, { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
    calendars.set(calendar, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year ?? parts.relatedYear), month: Number(parts.month), day: Number(parts.day) };
}

/** Every day of a Gregorian year with its day in `calendar`, computed once per year and calendar. */
const yearDays = new Map<string, { date: Date; day: CalendarDay }[]>();
function daysOf(year: number, calendar: 'ethiopic' | 'islamic-umalqura') {
  const key = `${calendar} ${year}`;
  let days = yearDays.get(key);
  if (!days) {
    days = [];
    for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += DAY_MS) {
      const date = new Date(t);
      days.push({ date, day: dayIn(calendar, date) });
    }
    yearDays.set(key, days);
  }
  return days;
}

/** The first day of Gregorian `year` that is `month`/`day` in `calendar`. */
function find(year: number, calendar: 'ethiopic' | 'islamic-umalqura', month: number, day: number): { date: Date; day: CalendarDay } {
  const found = daysOf(year, calendar).find((d) => d.day.month === month && d.day.day === day);
  if (!found) throw new Error(`holidays: no ${calendar} ${month}/${day} in ${year}`);
  return found;
}

/** Orthodox Easter: the Julian computus, moved to the Gregorian calendar (13 days, 1900–2099). */
function orthodoxEaster(year: number): Date {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day + 13));
}

/** The day of `key` in Gregorian `year` (a UTC midnight). */
export function holidayDate(key: HolidayKey, year: number): Date {
  switch (key) {
    case 'enkutatash':
      return find(year, 'ethiopic', 1, 1).date; // Meskerem 1
    case 'meskel':
      return find(year, 'ethiopic', 1, 17).date; // Meskerem 17
    case 'genna': {
      // Tahsas 29; Tahsas 28 in the year after an Ethiopian leap year, so it stays on 7 January.
      const tahsas29 = find(year, 'ethiopic', 4, 29);
      return tahsas29.day.year % 4 === 0 ? new Date(tahsas29.date.getTime() - DAY_MS) : tahsas29.date;
    }
    case 'timket':
      return find(year, 'ethiopic', 5, 11).date; // Tir 11
    case 'adwa':
      return find(year, 'ethiopic', 6, 23).date; // Yekatit 23
    case 'fasika':
      return orthodoxEaster(year);
    case 'eid-al-fitr':
      return find(year, 'islamic-umalqura', 10, 1).date; // Shawwal 1
    case 'eid-al-adha':
      return find(year, 'islamic-umalqura', 12, 10).date; // Dhu al-Hijjah 10
  }
}

/** The two Eids are announced when the moon is sighted: the computed day may move by one. */
export function followsMoonSighting(key: HolidayKey): boolean {
  return key === 'eid-al-fitr' || key === 'eid-al-adha';
}

/** Today in Addis Ababa, as a UTC midnight. */
export function marketToday(now: Date): Date {
  const local = now.getTime() + ADDIS_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS));
}

export interface UpcomingHoliday {
  key: HolidayKey;
  date: Date;
  /** Whole days from today in Addis Ababa: 0 on the day itself. */
  daysUntil: number;
}

/** Every holiday's next day from today (today included), soonest first; `count` of them. */
export function upcomingHolidays(now: Date, count: number = HOLIDAY_KEYS.length): UpcomingHoliday[] {
  const today = marketToday(now);
  const year = today.getUTCFullYear();
  return HOLIDAY_KEYS.map((key) => {
    let date = holidayDate(key, year);
    if (date < today) date = holidayDate(key, year + 1);
    return { key, date, daysUntil: Math.round((date.getTime() - today.getTime()) / DAY_MS) };
  })
    .sort((a, b) => a.daysUntil - b.daysUntil || HOLIDAY_KEYS.indexOf(a.key) - HOLIDAY_KEYS.indexOf(b.key))
    .slice(0, count);
}
