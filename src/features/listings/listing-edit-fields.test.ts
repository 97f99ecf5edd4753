import { describe, expect, it } from 'vitest';
import type { StoredImage } from '#db/schema.ts';
import { listingChanges } from './listing-diff.ts';
import { readEditFields } from './listing-edit-fields.ts';
import { applyEdit, type ListingVersion } from './listing-version.ts';

const image = (key: string) => ({ key }) as StoredImage;
const live: ListingVersion = {
  productName: 'Mitad',
  companyName: 'Bole Home',
  description: 'A fine mitad.',
  location: 'Bole',
  latitude: 8.9963,
  longitude: 38.7868,
  category: 'appliances',
  discount: '20',
  discountDurationDays: 10,
  discountStartDays: null,
  contactPhone: '+251911000000',
  contactTelegram: 'https://t.me/bole_home',
  contactTick: null,
  webSite: null,
  holiday: null,
  logo: image('u/logo'),
  photo: image('u/photo'),
  video: null,
  images: [image('u/a'), image('u/b')],
};

describe('readEditFields: only what is sent changes, with the form rules', () => {
  it('takes the sent fields, normalised as on a new listing, and leaves the rest', () => {
    expect(readEditFields({ product_name: ' Big mitad ', contact_telegram: '@bole_home_2', web_site: 'bole.et' }, live)).toEqual({
      ok: true,
      changes: { productName: 'Big mitad', contactTelegram: 'https://t.me/bole_home_2', webSite: 'https://bole.et' },
    });
  });

  it('a place of the list sets the coordinates', () => {
    expect(readEditFields({ place: 'Piassa' }, live)).toEqual({ ok: true, changes: { latitude: 9.0335, longitude: 38.7502 } });
    expect(readEditFields({ place: 'Atlantis' }, live)).toEqual({ ok: true, changes: {} });
  });

  it('the discount rules see the listing: one day field, none when waiting', () => {
    expect(readEditFields({ discount_start_date: '4' }, live)).toEqual({
      ok: true,
      changes: { discountStartDays: 4, discountDurationDays: null },
    });
    expect(readEditFields({ discount: 'waiting' }, live)).toEqual({
      ok: true,
      changes: { discount: 'waiting', discountDurationDays: null, discountStartDays: null },
    });
    const both = readEditFields({ discount_start_date: '4', discount_duration: '5' }, live);
    expect(both).toMatchObject({ ok: false, errors: { discount_start_date: expect.any(String) } });
    const waitingBefore = { ...live, discount: 'waiting', discountDurationDays: null };
    expect(readEditFields({ discount: '30' }, waitingBefore)).toMatchObject({
      ok: false,
      errors: { discount_duration: expect.any(String) },
    });
  });

  it('reports a bad sent field, but not an old listing’s missing field it did not send', () => {
    const old = { ...live, contactPhone: null, contactTelegram: null };
    expect(readEditFields({ product_name: 'Mitad 2' }, old)).toEqual({ ok: true, changes: { productName: 'Mitad 2' } });
    const bad = readEditFields({ contact_phone: 'call me', category: 'nowhere', holiday: 'x' }, old);
    expect(bad.ok).toBe(false);
    expect(Object.keys(!bad.ok ? bad.errors : {}).sort()).toEqual(['category', 'contact_phone', 'holiday']);
  });
});

describe('applyEdit and listingChanges', () => {
  it('an edit makes a whole version; the diff names each change', () => {
    const next = applyEdit(live, {
      productName: 'Big mitad',
      discount: 'waiting',
      logo: image('u/logo2'),
      addImages: [image('u/c')],
      removeImages: ['u/a'],
      latitude: 9,
    });
    expect(next).toMatchObject({
      productName: 'Big mitad',
      discountDurationDays: null,
      logo: { key: 'u/logo2' },
      photo: { key: 'u/photo' },
    });
    expect(next.images.map((i) => i.key)).toEqual(['u/b', 'u/c']);
    expect(listingChanges(live, next)).toEqual([
      { kind: 'text', field: 'productName', before: 'Mitad', after: 'Big mitad' },
      { kind: 'place', before: { latitude: 8.9963, longitude: 38.7868 }, after: { latitude: 9, longitude: 38.7868 } },
      { kind: 'text', field: 'discount', before: '20', after: 'waiting' },
      { kind: 'text', field: 'discountDurationDays', before: 10, after: null },
      { kind: 'image', field: 'logo', before: image('u/logo'), after: image('u/logo2') },
      { kind: 'images', added: [image('u/c')], removed: [image('u/a')] },
    ]);
    expect(listingChanges(live, applyEdit(live, {}))).toEqual([]);
  });
});
