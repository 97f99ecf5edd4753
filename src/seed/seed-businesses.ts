/**
 * The demo catalogue's businesses: who sells, where in Addis Ababa, which categories they trade in
 * and what they offer. Written as Addis sellers write: about half in Amharic (Ge'ez script), some
 * in Amharic typed with Latin letters, the rest in English, often mixed in one name.
 */
import { FOOD_BUSINESSES } from './seed-businesses-food.ts';
import { SERVICE_BUSINESSES } from './seed-businesses-services.ts';
import { SHOP_BUSINESSES } from './seed-businesses-shops.ts';
import { TRADE_BUSINESSES } from './seed-businesses-trades.ts';
import type { DemoBusiness } from './seed-types.ts';

export type { DemoBusiness, DemoOfferLine } from './seed-types.ts';

/** Every business; several sit within 2 km of Bole Medhanialem so the nearby list has content. */
export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  ...FOOD_BUSINESSES,
  ...SHOP_BUSINESSES,
  ...SERVICE_BUSINESSES,
  ...TRADE_BUSINESSES,
];

/**
 * The business's name in Latin letters, from its handle ('sheger_dabo_bet' → 'Sheger Dabo Bet'):
 * the demo pictures are drawn with Latin fonts only (no Ethiopic font is assumed on the server).
 */
export function businessLatinName(business: Pick<DemoBusiness, 'handle'>): string {
  return business.handle
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
