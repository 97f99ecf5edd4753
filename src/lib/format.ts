/** Dates as a visitor in Ethiopia reads them (server-rendered, so the zone is explicit). */
export const MARKET_TIME_ZONE = 'Africa/Addis_Ababa';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: MARKET_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: MARKET_TIME_ZONE });

export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}
