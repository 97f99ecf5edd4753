/**
 * The queries of the search relevance suite, written as people in Addis type them (mixed case, extra
 * spaces, the Ethiopic word space ፡ now and then), each naming the listing of relevance-fixture.ts it
 * must bring on the first page (24 cards). Written from the searcher's side, not from any engine:
 * a query is fair when a person who typed it would want that listing.
 *
 * Typos follow the rule of the best engines (Meilisearch): one typo in a word of 5 to 8 letters, two
 * from 9, never on the first letter, a swap of two letters counting as one.
 */

export const RELEVANCE_KINDS = [
  'exact',
  'spelling',
  'latin',
  'loanword',
  'translation',
  'typo',
  'order',
  'affix',
  'field',
  'prefix',
] as const;
export type RelevanceKind = (typeof RELEVANCE_KINDS)[number];

export interface RelevanceQuery {
  kind: RelevanceKind;
  query: string;
  /** Key of the listing that must be on the first page. */
  expect: string;
}

type Pair = readonly [query: string, expect: string];

const BY_KIND: Record<RelevanceKind, readonly Pair[]> = {
  // Substrings of product, company or location: what the LIKE search finds today.
  exact: [
    ['fresh mark', 'market-bole'],
    ['Tomoca', 'coffee-tomoca'],
    ['samsung galaxy', 'phone-samsung'],
    ['ዳቦ', 'bread-ge'],
    ['ቡና', 'buna-ge'],
    ['ጫማ', 'shoes-ge'],
    ['Corolla', 'car-en'],
    ['merkato', 'teff-ge'],
    ['Ghion Hotel', 'hotel-en'],
    ['ካዛንቺስ', 'buna-ge'],
    ['bole medhanialem', 'meat-siga'],
    ['Habesha Kemis', 'kemis-latin'],
    ['ፒያሳ', 'clothes-ge'],
    ['yod abyssinia', 'restaurant-en'],
    ['a15 ስልክ', 'phone-mixed'],
    ['gebeya', 'software-en'],
    ['ሚጥሚጣ', 'berbere-ge'],
    ['medhani', 'meat-siga'],
    ['ጎማ ቤት', 'car-ge'],
    ['leather shoes', 'shoes-leather'],
  ],
  // The same word with another of the letters that sound alike (ሀ ሐ ኀ ኸ, ሰ ሠ, አ ዐ, ጸ ፀ, ቋ/ቁዋ).
  spelling: [
    ['ሥጋ', 'meat-siga'],
    ['የበግ ስጋ', 'mutton-ge'],
    ['ዓሣ', 'fish-asa'],
    ['የተጠበሰ አሳ', 'fish-fried'],
    ['ጸሀይ ሶላር', 'solar'],
    ['ፀሀይ ሆቴል', 'hotel-ge'],
    ['ሀይቅ ምግብ ቤት', 'fish-fried'],
    ['ሐበሻ ስጋ ቤት', 'mutton-ge'],
    ['ኃይሉ ጋራዥ', 'garage-ge'],
    ['ኀይሉ ጋራዥ', 'garage-ge'],
    ['የሠርግ፡አዳራሽ', 'wedding-ge'],
    ['የቤት ዕቃዎች', 'sofa-ge'],
    ['እማማ ፅጌ', 'buna-ge'],
    ['ጸጉር', 'salon-ge'],
    ['መድሃኒት ቤት', 'pharmacy-ge'],
    ['ህይወት', 'pharmacy-ge'],
    ['ቁዋንቁዋ ትምህርት', 'lang-ge'],
    ['ቋንቋ ማእከል', 'lang-ge'],
    ['ትኩስ ኣሳ', 'fish-asa'],
  ],
  // Amharic typed in Latin letters (no standard: gemination and vowels vary), and Ge'ez typed for
  // a listing its seller wrote in Latin letters.
  latin: [
    [' dabo ', 'bread-ge'],
    ['buna', 'buna-ge'],
    ['Bunna', 'buna-ge'],
    ['mekina kiray', 'car-rent-ge'],
    ['chama', 'shoes-ge'],
    ['ye bet ekawoch', 'sofa-ge'],
    ['siga', 'meat-siga'],
    ['Injera', 'injera-ge'],
    ['enjera', 'injera-ge'],
    ['nech tef', 'teff-ge'],
    ['asa', 'fish-asa'],
    ['berbere', 'berbere-ge'],
    ['mitmita', 'berbere-ge'],
    ['doro', 'doro-ge'],
    ['yesetoch chama', 'shoes-ge'],
    ['Tsehay solar', 'solar'],
    ['libs bet', 'clothes-ge'],
    ['yewelela mar', 'honey-ge'],
    ['ሽሮ', 'shiro-latin'],
    ['ጠጅ', 'tej-latin'],
    ['ሀበሻ ቀሚስ', 'kemis-latin'],
    ['ወተት', 'milk-latin'],
  ],
  // English words in Ge'ez letters against English listings, and the reverse.
  loanword: [
    ['ኮምፒውተር', 'computer-en'],
    ['laptop', 'laptop-ge'],
    ['ሆቴል', 'hotel-en'],
    ['Hotel', 'hotel-ge'],
    ['ቴሌቪዥን', 'tv-en'],
    ['Television', 'tv-ge'],
    ['sofa', 'sofa-ge'],
    ['ሶፋ', 'sofa-en'],
    ['ሳምሰንግ', 'phone-samsung'],
    ['ስኒከር', 'sneakers'],
    ['ፋርማሲ', 'pharmacy-en'],
    ['makeup', 'salon-ge'],
    ['toyota vitz', 'car-toyota-ge'],
    ['ፍሪጅ', 'fridge-en'],
    ['Tecno Spark', 'phone-tecno'],
    ['ኬክ', 'cake-en'],
    ['ፕሪንተር', 'printer-en'],
    ['T-shirt', 'tshirt-ge'],
    ['ሬስቶራንት', 'restaurant-en'],
    ['ሲም ካርድ', 'simcard-en'],
    ['ዌብሳይት', 'software-en'],
  ],
  // The other language's word for the thing.
  translation: [
    ['bread', 'bread-ge'],
    ['car', 'car-ge'],
    ['HONEY', 'honey-ge'],
    ['ጫማ', 'shoes-leather'],
    ['ቡና', 'coffee-tomoca'],
    ['meat', 'meat-siga'],
    ['fish', 'fish-asa'],
    ['house', 'house-ge'],
    ['clothes', 'clothes-ge'],
    ['butter', 'butter-ge'],
    ['chicken', 'doro-ge'],
    ['eggs', 'doro-ge'],
    ['ስልክ', 'phone-samsung'],
    ['tutor', 'tutor-ge'],
    ['አስጠኚ', 'tutor-en'],
    ['Wedding', 'wedding-ge'],
    ['medicine', 'pharmacy-ge'],
    ['tv', 'tv-ge'],
    ['መኪና', 'car-en'],
    ['teff', 'teff-ge'],
  ],
  typo: [
    ['Resturant', 'restaurant-en'],
    ['electornics', 'computer-en'],
    ['samsnug', 'phone-samsung'],
    ['cofee', 'coffee-tomoca'],
    ['hotell', 'hotel-en'],
    ['corola', 'car-en'],
    ['refrigrator', 'fridge-en'],
    ['pharmasy', 'pharmacy-en'],
    ['furnitur', 'sofa-en'],
    ['televsion', 'tv-en'],
    ['vegetabels', 'market-bole'],
    ['computr', 'computer-en'],
    ['sneekers', 'sneakers'],
    ['catring', 'catering-en'],
    ['leathr shoes', 'shoes-leather'],
    ['apartmant', 'apartment-en'],
    ['cosmetcs', 'cosmetics-en'],
    ['tutorng', 'tutor-en'],
  ],
  // Every word is in the listing, in another order or another field.
  order: [
    ['phone samsung', 'phone-samsung'],
    ['market fresh bole', 'market-bole'],
    ['coffee tomoca', 'coffee-tomoca'],
    ['corolla toyota', 'car-en'],
    ['ቤት ዳቦ ሸገር', 'bread-ge'],
    ['kemis habesha', 'kemis-latin'],
    ['hotel  ghion', 'hotel-en'],
    ['ጫማ የሴቶች', 'shoes-ge'],
    ['restaurant yod', 'restaurant-en'],
    ['ቡና፡ጀበና', 'buna-ge'],
    ['Electronics Zion', 'computer-en'],
    ['ስልክ a15 samsung', 'phone-mixed'],
    ['tours lalibela', 'travel-en'],
    ['ጎጃም የወለላ ማር', 'honey-ge'],
    ['ሸገር ዳቦ ትኩስ', 'bread-ge'],
    ['sofa mesfin', 'sofa-en'],
    ['ጎማ ሳሪስ', 'car-ge'],
    ['cosmetics mahlet', 'cosmetics-en'],
  ],
  // Amharic prefixes (የ በ ለ ከ) and suffixes (plural -ዎች/-ኦች, definite -ው/-ኡ) on a word the listing has bare.
  affix: [
    ['መኪናዎች', 'car-rent-ge'],
    ['የመኪና ኪራይ', 'car-rent-ge'],
    ['በመኪና', 'car-toyota-ge'],
    ['ልብሶች', 'clothes-ge'],
    ['መኝታ ቤቱ', 'house-ge'],
    ['mekinawoch', 'car-rent-ge'],
    ['ጫማዎች', 'shoes-ge'],
    ['የቡና', 'buna-ge'],
    ['ለሰርግ', 'wedding-ge'],
    ['ዳቦው።', 'bread-ge'],
    ['ማሩ', 'honey-ge'],
    ['ስልኮች', 'phone-mixed'],
    ['ከመርካቶ', 'berbere-ge'],
    ['የአሳ', 'fish-asa'],
    ['ሶፋዎች', 'sofa-ge'],
    ['ዶሮዎች', 'doro-ge'],
    ['ሆቴሉ', 'hotel-ge'],
    ['libsoch', 'clothes-ge'],
  ],
  // Words found only in the description, or in the category's name (English or Amharic).
  field: [
    ['Yirgacheffe', 'coffee-tomoca'],
    ['ምግብ', 'injera-ge'],
    ['beauty', 'cosmetics-en'],
    ['insurance', 'insurance-en'],
    ['ኢንሹራንስ', 'insurance-en'],
    ['macchiato', 'coffee-tomoca'],
    ['ክትፎ', 'meat-siga'],
    ['swimming pool', 'hotel-en'],
    ['keratin', 'salon-ge'],
    ['gearbox', 'garage-ge'],
    ['ማትሪክ', 'tutor-ge'],
    ['Appliances', 'fridge-en'],
    ['software', 'software-en'],
    ['ጥገና', 'repair-en'],
    ['warranty', 'phone-samsung'],
    ['ሹሩባ', 'salon-ge'],
    ['ጉዞ', 'travel-en'],
    ['Sidamo', 'coffee-tomoca'],
  ],
  // The last word typed only in part (as the results show while typing).
  prefix: [
    ['samsu', 'phone-samsung'],
    ['ኮምፒ', 'computer-ge'],
    ['restau', 'restaurant-en'],
    ['samsung ultr', 'phone-samsung'],
    ['corolla toy', 'car-en'],
    ['coffee tomo', 'coffee-tomoca'],
    ['kaza', 'suits-en'],
    ['ላፕቶ', 'laptop-ge'],
    ['ቴሌቪ', 'tv-ge'],
    ['furnit', 'sofa-en'],
    ['pharm', 'pharmacy-en'],
    ['wedd', 'catering-en'],
    ['injer', 'mitad-en'],
    ['dell compu', 'computer-en'],
    ['corol', 'car-en'],
    ['ሶፋ ዘመና', 'sofa-ge'],
    ['kemis habe', 'kemis-latin'],
    ['ሚጥሚ', 'berbere-ge'],
    ['የሰርግ አዳ', 'wedding-ge'],
    ['Hotel ghi', 'hotel-en'],
    ['ዳቦ መገና', 'bread-ge'],
  ],
};

/** Every query of the suite, kind by kind. */
export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = RELEVANCE_KINDS.flatMap((kind) =>
  BY_KIND[kind].map(([query, expect]) => ({ kind, query, expect })),
);

/** Listings a query must not show on any page: they share letters or a topic, not the meaning. */
export const PRECISION_CASES: readonly { query: string; mustNotFind: readonly string[] }[] = [
  { query: 'ቡና', mustNotFind: ['shoes-ge', 'shoes-leather', 'sneakers', 'sandals-ge', 'shoe-polish', 'tea-wushwush', 'shai-ge'] },
  { query: 'ጫማ', mustNotFind: ['coffee-tomoca', 'buna-ge', 'coffee-table'] },
  { query: 'shoe', mustNotFind: ['coffee-tomoca', 'buna-ge'] },
  { query: 'tea', mustNotFind: ['coffee-tomoca', 'buna-ge'] },
  { query: 'coffee', mustNotFind: ['tea-wushwush', 'shai-ge'] },
  { query: 'ሻይ', mustNotFind: ['coffee-tomoca', 'buna-ge'] },
  { query: 'መኪና', mustNotFind: ['carpet-bole', 'cards-invitation', 'cardigan', 'carrots-merkato'] },
  { query: 'mekina', mustNotFind: ['carpet-bole', 'cards-invitation', 'cardigan'] },
  { query: 'ስጋ', mustNotFind: ['fish-asa', 'fish-fried'] },
  { query: 'አሳ', mustNotFind: ['meat-siga', 'mutton-ge'] },
  { query: 'honey', mustNotFind: ['marble-addis', 'bread-ge'] },
  { query: 'laptop', mustNotFind: ['phone-samsung', 'phone-mixed', 'phone-tecno'] },
  { query: 'habesha kemis', mustNotFind: ['shoes-ge', 'sandals-ge', 'bags-leather'] },
  { query: 'ዳቦ', mustNotFind: ['honey-ge', 'teff-ge'] },
  { query: 'coffee table', mustNotFind: ['coffee-tomoca', 'buna-ge'] },
  // Words under 5 letters take no typo: meat is not math, fish is not fix, eggs are not bags.
  { query: 'meat', mustNotFind: ['tutor-en', 'tutor-ge'] },
  { query: 'fish', mustNotFind: ['repair-en'] },
  { query: 'eggs', mustNotFind: ['tea-wushwush', 'bags-leather'] },
];

/** Queries that must find nothing: words in no public listing in any language (two only in pending ones). */
export const NOTHING_QUERIES: readonly string[] = ['zzqx', 'helicopter', 'ሄሊኮፕተር', 'nespresso', 'አዝሙድ'];

/** Exact queries whose every substring match (the spec's search) must be on the first page. */
export const SUBSET_QUERIES: readonly string[] = [
  'fresh mark',
  'Tomoca',
  'samsung galaxy',
  'ዳቦ',
  'ቡና',
  'ጫማ',
  'merkato',
  'ካዛንቺስ',
  'bole medhanialem',
  'ፒያሳ',
];
