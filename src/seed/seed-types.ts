/** The shapes of the demo catalogue's data (apart from the data, so the data files import no cycle). */
import type { HolidayKey } from '#features/listings/holidays.ts';

/**
 * One offer: its category key, product name, description (one or two sentences, never a price)
 * and, for a holiday deal, the holiday it is for.
 */
export type DemoOfferLine = readonly [category: string, name: string, description: string, holiday?: HolidayKey];

export interface DemoBusiness {
  company: string;
  /** The Telegram handle (ASCII), also how the business writes its name in Latin letters. */
  handle: string;
  seller: { firstName: string; lastName: string };
  /** Where it is, in the language the business uses. */
  neighbourhood: string;
  latitude: number;
  longitude: number;
  /** The categories it trades in: every offer is in one of them. */
  categories: readonly string[];
  offers: readonly DemoOfferLine[];
}
