/**
 * The holidays a holiday deal can be for, as stored in `listings.holiday` (and its check constraint).
 * Here, on the ground floor, so the schema needs no feature; `#features/listings/holidays.ts` gives
 * them names and dates.
 */
export const HOLIDAY_KEYS = ['enkutatash', 'meskel', 'genna', 'timket', 'adwa', 'fasika', 'eid-al-fitr', 'eid-al-adha'] as const;
