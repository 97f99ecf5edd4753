/**
 * Featured brands (spec: a static sample of 5). Logos are initials badges drawn in the page, so
 * the list costs no image requests.
 */
import { m } from '#paraglide/messages.js';
export interface Brand {
  id: number;
  name: string;
  description: string;
  /** Initials and colours of the badge that stands in for a logo. */
  logo: { initials: string; className: string };
  /** Shown as text, never linked: these are sample profiles. */
  website: string;
  /** Where the business is, for the card's subtitle. */
  area: string;
}

export const FEATURED_BRANDS: readonly Brand[] = [
  {
    id: 1,
    name: 'Bole Bean Roasters',
    get description() {
      return m.pages_brandslib_1();
    },
    logo: { initials: 'BB', className: 'bg-amber-800 text-amber-50' },
    website: 'bolebean.example.com',
    get area() {
      return m.pages_brandslib_3();
    },
  },
  {
    id: 2,
    name: 'Merkato Weavers',
    get description() {
      return m.pages_brandslib_4();
    },
    logo: { initials: 'MW', className: 'bg-rose-700 text-rose-50' },
    website: 'merkatoweavers.example.com',
    get area() {
      return m.pages_brandslib_6();
    },
  },
  {
    id: 3,
    name: 'Sheger Phone Fix',
    get description() {
      return m.pages_brandslib_7();
    },
    logo: { initials: 'SP', className: 'bg-sky-800 text-sky-50' },
    website: 'shegerphonefix.example.com',
    get area() {
      return m.pages_brandslib_9();
    },
  },
  {
    id: 4,
    name: 'Entoto Green Market',
    get description() {
      return m.pages_brandslib_10();
    },
    logo: { initials: 'EG', className: 'bg-brand-700 text-white' },
    website: 'entotogreen.example.com',
    get area() {
      return m.pages_brandslib_12();
    },
  },
  {
    id: 5,
    name: 'Lalibela Home & Decor',
    get description() {
      return m.pages_brandslib_13();
    },
    logo: { initials: 'LH', className: 'bg-violet-800 text-violet-50' },
    website: 'lalibelahome.example.com',
    get area() {
      return m.pages_brandslib_15();
    },
  },
];
