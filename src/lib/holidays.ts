/**
 * The holidays that drive Ethiopian shopping. (Skeleton: the keys are fixed here because the
 * listings table stores them; the date calculations are added with the holiday calendar.)
 */
export const HOLIDAY_KEYS = ['enkutatash', 'meskel', 'genna', 'timket', 'adwa', 'fasika', 'eid-al-fitr', 'eid-al-adha'] as const;
export type HolidayKey = (typeof HOLIDAY_KEYS)[number];

export function isHolidayKey(value: unknown): value is HolidayKey {
  return typeof value === 'string' && (HOLIDAY_KEYS as readonly string[]).includes(value);
}
