/**
 * The holidays that drive Ethiopian shopping. (Skeleton: the keys are fixed here because the
 * listings table stores them; the date calculations are added with the holiday calendar.)
 */
import { m } from '#paraglide/messages.js';

export const HOLIDAY_KEYS = ['enkutatash', 'meskel', 'genna', 'timket', 'adwa', 'fasika', 'eid-al-fitr', 'eid-al-adha'] as const;
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
