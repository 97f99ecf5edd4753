import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { PLACES } from '#features/listings/places.ts';
import { emptyDraft, listingFiles, listingInput, readDraft, type PostDraft } from './post-draft.ts';
import {
  categoriesMatching,
  categoryChoices,
  checkDraft,
  fieldProblem,
  nearestPlace,
  placeNamed,
  stepAfter,
  summaryText,
  telegramText,
  typedDiscount,
} from './post-steps.ts';

/** A draft every rule accepts. */
const ready = (overrides: Partial<PostDraft> = {}): PostDraft => ({
  photos: [
    { fileId: 'a', size: 10 },
    { fileId: 'b', size: 10 },
  ],
  video: null,
  product: 'Buna',
  company: 'Abebe Coffee',
  category: 'foods',
  discount: '20',
  days: 7,
  location: 'Bole Medhanialem',
  latitude: 8.9963,
  longitude: 38.7868,
  phone: '+251911000000',
  description: 'Fresh coffee',
  telegram: '@abebe_coffee',
  ...overrides,
});

describe('the order of the questions', () => {
  it('asks each step in turn, and days only for a discount that is not waiting', () => {
    expect(stepAfter(emptyDraft(), 'photos')).toBe('video');
    expect(stepAfter(ready(), 'discount')).toBe('days');
    expect(stepAfter(ready({ discount: 'waiting', days: undefined }), 'discount')).toBe('place');
    expect(stepAfter(ready(), 'telegram')).toBe('summary');
  });

  it('goes back to the summary after an edited field, through days when a new discount needs them', () => {
    expect(stepAfter(ready({ editing: true }), 'product')).toBe('summary');
    expect(stepAfter(ready({ editing: true, discount: '30', days: undefined }), 'discount')).toBe('days');
    expect(stepAfter(ready({ editing: true }), 'photos')).toBe('summary');
  });
});

describe('the form rules on a draft', () => {
  it('accepts a whole draft and hands back the listing fields', () => {
    const check = checkDraft(ready(), false);
    expect(check).toMatchObject({
      ok: true,
      fields: { productName: 'Buna', contactTelegram: 'https://t.me/abebe_coffee', discountDurationDays: 7 },
    });
  });

  it.each([
    ['category', { category: 'nonsense' }, M.category, 'category'],
    ['discount', { discount: '17' }, M.discount, 'discount'],
    ['coordinates', { latitude: 123 }, M.coordinates, 'place'],
    ['description', { description: '' }, M.description, 'description'],
    ['location', { location: ' ' }, M.location, 'place'],
    ['Telegram', { telegram: '' }, M.telegram, 'telegram'],
    ['phone', { phone: '' }, M.phone, 'phone'],
    ['logo', { photos: [] }, M.logo, 'photos'],
    ['too many images', { photos: Array.from({ length: 12 }, (_, i) => ({ fileId: `p${i}`, size: 1 })) }, M.tooManyImages, 'photos'],
  ] as const)('refuses a draft without a good %s with the spec message and that question', (_name, change, message, step) => {
    expect(checkDraft(ready(change as Partial<PostDraft>), false)).toEqual({ ok: false, message, step });
  });

  it('takes the last logo when there are no photos, and makes the description of a skipped one', () => {
    expect(listingFiles(ready({ photos: [] }), true)).toEqual({ logo: true, photo: false, extraImages: 0 });
    expect(listingInput(ready({ description: null })).description).toBe('Buna, offered by Abebe Coffee.');
    expect(listingInput(ready({ discount: 'waiting' })).discount_duration).toBe('');
  });

  it('judges one typed answer by its field rule only', () => {
    expect(fieldProblem(ready({ phone: 'call me' }), 'contact_phone')).toBe(M.phoneInvalid);
    expect(fieldProblem(ready({ telegram: 'ab' }), 'contact_telegram')).toBe(M.telegramInvalid);
    expect(fieldProblem(ready({ days: 45 }), 'discount_duration')).toBe(M.dayRange);
    expect(fieldProblem(ready({ photos: [] }), 'product_name')).toBeNull();
  });
});

describe('reading a stored draft', () => {
  it('keeps well-typed answers and leaves the rest out', () => {
    const draft = readDraft({
      photos: [{ fileId: 'x', size: 3 }, { nope: 1 }, 'y'],
      product: 42,
      latitude: '9',
      category: 'foods',
      description: null,
    });
    expect(draft).toEqual({ photos: [{ fileId: 'x', size: 3 }], video: null, category: 'foods', description: null });
    expect(readDraft('garbage')).toEqual(emptyDraft());
  });
});

describe('categories, places and typed answers', () => {
  it('offers the categories the glossary names for a typed word, in either script', () => {
    expect(categoriesMatching('ቡና')).toContain('foods');
    expect(categoriesMatching('coffee')).toContain('foods');
    expect(categoriesMatching('zzzzqq')).toEqual([]);
    // Only what the form offers.
    const allowed = new Set(categoryChoices().map((c) => c.key));
    expect(categoriesMatching('new').every((key) => allowed.has(key))).toBe(true);
  });

  it('names the known place nearest a shared location, and a typed neighbourhood', () => {
    expect(nearestPlace(8.997, 38.787).name).toBe('Bole Medhanialem');
    expect(nearestPlace(9.03, 38.738).name).toBe('Merkato');
    expect(placeNamed(' piassa ')?.name).toBe('Piassa');
    expect(placeNamed('Somewhere else')).toBeUndefined();
    expect(PLACES.length).toBeGreaterThan(10);
  });

  it('reads a typed discount and shows a Telegram link as @name', () => {
    expect(typedDiscount('20%')).toBe('20');
    expect(typedDiscount('Waiting')).toBe('waiting');
    expect(typedDiscount('17')).toBeNull();
    expect(telegramText('https://t.me/abebe_coffee')).toBe('@abebe_coffee');
    expect(telegramText('@abebe')).toBe('@abebe');
  });

  it('escapes what the seller typed in the summary', () => {
    const text = summaryText(ready({ product: '<b>Buna</b> & tea' }));
    expect(text).toContain('&lt;b&gt;Buna&lt;/b&gt; &amp; tea');
    expect(text).toContain('<b>Photos:</b> 2 (no video)');
  });
});
