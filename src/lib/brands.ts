/**
 * Featured brands (spec: a static sample of 5). Logos are initials badges drawn in the page, so
 * the list costs no image requests.
 */
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
    description: 'Small-batch Yirgacheffe and Sidamo coffee, roasted every morning. Weekly discounts on 1 kg bags and jebena sets.',
    logo: { initials: 'BB', className: 'bg-amber-800 text-amber-50' },
    website: 'bolebean.example.com',
    area: 'Bole, Addis Ababa',
  },
  {
    id: 2,
    name: 'Merkato Weavers',
    description: 'Hand-woven netela, gabi and habesha kemis from family workshops. Holiday offers before Genna, Timket and Meskel.',
    logo: { initials: 'MW', className: 'bg-rose-700 text-rose-50' },
    website: 'merkatoweavers.example.com',
    area: 'Merkato, Addis Ababa',
  },
  {
    id: 3,
    name: 'Sheger Phone Fix',
    description: 'Screen and battery repairs for Android phones and iPhones, done while you wait, with a 3-month repair warranty.',
    logo: { initials: 'SP', className: 'bg-sky-800 text-sky-50' },
    website: 'shegerphonefix.example.com',
    area: 'Piassa, Addis Ababa',
  },
  {
    id: 4,
    name: 'Entoto Green Market',
    description: 'Fresh vegetables, fruit and teff from farms around Sululta, delivered in Addis Ababa. Daily deals on seasonal produce.',
    logo: { initials: 'EG', className: 'bg-brand-700 text-white' },
    website: 'entotogreen.example.com',
    area: 'Shiro Meda, Addis Ababa',
  },
  {
    id: 5,
    name: 'Lalibela Home & Decor',
    description: 'Wooden furniture, mesob baskets and handmade lamps for Ethiopian homes. New arrivals every month with launch discounts.',
    logo: { initials: 'LH', className: 'bg-violet-800 text-violet-50' },
    website: 'lalibelahome.example.com',
    area: 'CMC, Addis Ababa',
  },
];
