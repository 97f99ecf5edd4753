/** What the demo businesses offer, as one list: each offer with the business that sells it. */
import type { HolidayKey } from '#features/listings/holidays.ts';
import { DEMO_BUSINESSES } from './seed-businesses.ts';

export interface DemoOffer {
  /** Index of the business in DEMO_BUSINESSES. */
  business: number;
  category: string;
  name: string;
  description: string;
  holiday: HolidayKey | null;
}

/** Every offer of every business, business by business. */
export const DEMO_OFFERS: readonly DemoOffer[] = DEMO_BUSINESSES.flatMap((b, business) =>
  b.offers.map(([category, name, description, holiday]) => ({ business, category, name, description, holiday: holiday ?? null })),
);

/** The offers in one category (the demo catalogue and the benchmark pick from these). */
export function offersIn(category: string): DemoOffer[] {
  return DEMO_OFFERS.filter((o) => o.category === category);
}

/** The business's index by its handle; an unknown handle is a mistake in the data, so it throws. */
export function businessIndex(handle: string): number {
  const index = DEMO_BUSINESSES.findIndex((b) => b.handle === handle);
  if (index < 0) throw new Error(`seed: unknown business '${handle}'`);
  return index;
}

/** Listings that are never public: a few awaiting the moderators, two they rejected. */
export const UNVERIFIED_OFFERS: readonly {
  handle: string;
  category: string;
  name: string;
  description: string;
  status: 'pending' | 'rejected';
  reason?: string;
}[] = [
  { handle: 'bole_fresh_market', category: 'foods', name: 'ነጭ ጤፍ 25 ኪሎ', description: 'ከጎጃም የመጣ ንጹህ ነጭ ጤፍ።', status: 'pending' },
  { handle: 'nahom_mobile', category: 'repair', name: 'Second-hand laptops', description: 'Used laptops, checked.', status: 'pending' },
  { handle: 'lucy_tours', category: 'travels', name: 'Hotel weekend package', description: 'Two nights in Bishoftu.', status: 'pending' },
  {
    handle: 'gotera_auto_care',
    category: 'automotive',
    name: 'Car tyres clearance',
    description: 'Tyres for small cars.',
    status: 'pending',
  },
  { handle: 'bole_fun_center', category: 'entertainments', name: 'Kids birthday magician', description: 'A magician.', status: 'pending' },
  {
    handle: 'tena_pharmacy',
    category: 'health',
    name: 'Miracle weight-loss tea',
    description: 'Lose weight in a week.',
    status: 'rejected',
    reason: 'Health claims we cannot verify.',
  },
  {
    handle: 'nahom_mobile',
    category: 'repair',
    name: 'Cheap phones no warranty',
    description: 'Phones without a box.',
    status: 'rejected',
    reason: 'The photo does not show the product offered.',
  },
];
