/**
 * Values PostgreSQL refuses (text with NUL, ids beyond `integer`) are refused by every text schema
 * and id reader, with a clear message, before any query.
 */
import { describe, expect, it } from 'vitest';
import { commentPayloadSchema, requestSchema } from '#features/community/community.ts';
import { validateContact } from '#features/community/contact.ts';
import { ID_TOO_LARGE, idField, MAX_ID, NUL_MESSAGE, parseId, readId } from './input-guards.ts';
import { validateListing } from '#features/listings/listing-form.ts';
import { listingEditSchema } from '#features/listings/listing-schema.ts';
import { parseListingQuery, searchText } from '#features/listings/listing-query.ts';

const NUL = '\u0000';

const LISTING: Record<string, string> = {
  product_name: 'Roasted coffee beans',
  company_name: 'Abebe Coffee',
  description: 'Fresh beans.',
  location: 'Bole',
  latitude: '9.01',
  longitude: '38.76',
  category: 'foods',
  discount: '20',
  discount_duration: '7',
  contact_telegram: 'https://t.me/abebe_coffee',
  contact_phone: '+251 91 123 4567',
};

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);

describe('text with a NUL character', () => {
  it('is refused in buy/sell messages and comments', () => {
    expect(issues(requestSchema.safeParse({ message: `Selling a sofa${NUL}` }))).toEqual([`message: ${NUL_MESSAGE}`]);
    expect(issues(commentPayloadSchema.safeParse({ product_id: 1, comment: `Nice${NUL}` }))).toEqual([`comment: ${NUL_MESSAGE}`]);
    expect(requestSchema.safeParse({ message: 'Selling a sofa' }).success).toBe(true);
  });

  it('is refused in every field of the contact form', () => {
    const valid = { name: 'Abebe', email: 'abebe@example.com', subject: 'Hi', message: 'Hello' };
    for (const field of ['name', 'email', 'subject', 'message'] as const) {
      expect(validateContact({ ...valid, [field]: `${valid[field]}${NUL}x` })).toMatchObject({
        ok: false,
        status: 422,
        fields: { [field]: [NUL_MESSAGE] },
      });
    }
  });

  it("is refused in a listing's text fields, new or edited", () => {
    const files = { logo: true, photo: true, extraImages: 0 };
    expect(validateListing(LISTING, files).ok).toBe(true);
    for (const field of ['product_name', 'company_name', 'description', 'location']) {
      const result = validateListing({ ...LISTING, [field]: `Coffee${NUL}beans` }, files);
      expect(result).toMatchObject({ ok: false, errors: { [field]: NUL_MESSAGE } });
    }
    // Links keep what was typed: a NUL in them must not reach the database either.
    expect(validateListing({ ...LISTING, web_site: `https://example.com/a${NUL}b` }, files)).toMatchObject({
      ok: false,
      errors: { web_site: NUL_MESSAGE },
    });
    expect(validateListing({ ...LISTING, contact_tick: `https://wa.me/2519${NUL}` }, files)).toMatchObject({
      ok: false,
      errors: { contact_tick: NUL_MESSAGE },
    });
    expect(validateListing({ ...LISTING, contact_telegram: `@abebe${NUL}coffee` }, files).ok).toBe(false);
    const edit = { product_name: 'Coffee', company_name: 'Abebe', description: `Fresh${NUL}`, location: 'Bole', discount: '20' };
    expect(issues(listingEditSchema.safeParse(edit))).toEqual([`description: ${NUL_MESSAGE}`]);
  });

  it('is refused in the API search query (400), and a page search with it finds nothing', () => {
    expect(parseListingQuery(new URLSearchParams({ query: `coffee${NUL}` }))).toMatchObject({
      ok: false,
      fields: { query: [NUL_MESSAGE] },
    });
    expect(parseListingQuery(new URLSearchParams({ query: 'coffee' }))).toMatchObject({ ok: true, value: { query: 'coffee' } });
    expect(searchText(` coffee${NUL} `)).toEqual({ text: 'coffee', findsNothing: true });
    expect(searchText(' coffee ')).toEqual({ text: 'coffee', findsNothing: false });
    expect(searchText(null)).toEqual({ text: '', findsNothing: false });
  });
});

describe('ids', () => {
  it('are whole numbers from 1 to the largest PostgreSQL integer', () => {
    expect(MAX_ID).toBe(2147483647);
    expect(parseId('1')).toBe(1);
    expect(parseId(' 42 ')).toBe(42);
    expect(parseId(2147483647)).toBe(2147483647);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const bad of [
      '2147483648',
      '99999999999',
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '',
      'abc',
      null,
      undefined,
      2147483648,
      1.5,
      NaN,
      Infinity,
    ]) {
      expect(parseId(bad), String(bad)).toBeNull();
    }
  });

  it('too large for the database are a 400 with a clear message in the API; other junk is not found', () => {
    expect(readId('99999999999', 'Listing not found.')).toEqual({ ok: false, status: 400, error: ID_TOO_LARGE });
    expect(readId('abc', 'Listing not found.')).toEqual({ ok: false, status: 404, error: 'Listing not found.' });
    expect(readId('7', 'Listing not found.')).toEqual({ ok: true, value: 7 });
    expect(ID_TOO_LARGE).toContain('2147483647');
  });

  it('in payloads: a comment on a listing id beyond the range is refused', () => {
    expect(issues(commentPayloadSchema.safeParse({ product_id: 99999999999, comment: 'Nice' }))).toEqual([`product_id: ${ID_TOO_LARGE}`]);
    expect(issues(commentPayloadSchema.safeParse({ product_id: '2147483648', comment: 'Nice' }))).toEqual([`product_id: ${ID_TOO_LARGE}`]);
    expect(issues(commentPayloadSchema.safeParse({ product_id: 'x', comment: 'Nice' }))).toEqual([
      'product_id: product_id must be a listing id',
    ]);
    expect(commentPayloadSchema.safeParse({ product_id: '12', comment: 'Nice' })).toMatchObject({
      success: true,
      data: { product_id: 12 },
    });
    expect(idField('bad').safeParse(5)).toMatchObject({ success: true, data: 5 });
  });
});
