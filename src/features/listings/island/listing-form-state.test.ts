import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { MAX_PICKER_IMAGES } from '#features/listings/listing-schema.ts';
import { draftOf, readDraft, readKeptListing, restoredText } from './form/kept-listing.ts';
import {
  alertFor,
  formReducer,
  initialFormState,
  listingOf,
  ownText,
  type FormAction,
  type FormState,
  type Listing,
} from './form/state.ts';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const run = (state: FormState, ...actions: FormAction[]) => actions.reduce(formReducer, state);
const visitor = () => initialFormState(null);

describe('the listing form reducer', () => {
  it('starts empty, with a signed-in seller’s email', () => {
    expect(visitor().text.email).toBe('');
    expect(visitor().text.product_name).toBe('');
    expect(initialFormState('seller@example.com').text.email).toBe('seller@example.com');
    expect(visitor().edited).toBe(false);
  });

  it('an edit sets the field, clears its message and marks the form edited', () => {
    const state = run(
      { ...visitor(), errors: { product_name: 'x', category: 'y' } },
      { type: 'edit', name: 'product_name', value: 'Beans' },
    );
    expect(state.text.product_name).toBe('Beans');
    expect(state.errors).toEqual({ category: 'y' });
    expect(state.edited).toBe(true);
  });

  it('Waiting empties both day fields and clears their messages', () => {
    const state = run(
      { ...visitor(), errors: { discount: 'a', discount_duration: 'b', discount_start_date: 'c', location: 'd' } },
      { type: 'edit', name: 'discount', value: '20' },
      { type: 'edit', name: 'discount_duration', value: '5' },
      { type: 'edit', name: 'discount', value: 'waiting' },
    );
    expect(state.text).toMatchObject({ discount: 'waiting', discount_duration: '', discount_start_date: '' });
    expect(state.errors).toEqual({ location: 'd' });
    // While waiting, the day fields take nothing.
    expect(run(state, { type: 'edit', name: 'discount_start_date', value: '3' }).text.discount_start_date).toBe('');
    // Another discount keeps the days as they are.
    const twenty = run(visitor(), { type: 'edit', name: 'discount_duration', value: '5' }, { type: 'edit', name: 'discount', value: '20' });
    expect(twenty.text.discount_duration).toBe('5');
  });

  it('only one day field may be filled: the second is refused with the spec’s alert', () => {
    const one = run(visitor(), { type: 'edit', name: 'discount_duration', value: '5' });
    const second: FormAction = { type: 'edit', name: 'discount_start_date', value: '3' };
    expect(alertFor(one, second)).toBe(M.onlyOneDay);
    expect(formReducer(one, second)).toBe(one);
    // Emptying one, then filling the other, is fine.
    const swapped = run(one, { type: 'edit', name: 'discount_duration', value: '' }, second);
    expect(swapped.text).toMatchObject({ discount_duration: '', discount_start_date: '3' });
    expect(alertFor(one, { type: 'edit', name: 'discount_duration', value: '6' })).toBeNull();
    expect(alertFor(one, { type: 'edit', name: 'discount_start_date', value: '  ' })).toBeNull();
  });

  it('a day edit clears both day messages', () => {
    const state = run(
      { ...visitor(), errors: { discount_duration: 'a', discount_start_date: 'b' } },
      { type: 'edit', name: 'discount_duration', value: '7' },
    );
    expect(state.errors).toEqual({});
  });

  it('a position fills 6-decimal coordinates and clears their messages', () => {
    const state = run(
      { ...visitor(), errors: { latitude: 'x', longitude: 'x' } },
      { type: 'located', latitude: 9.0107934, longitude: 38.7612526 },
    );
    expect(state.text).toMatchObject({ latitude: '9.010793', longitude: '38.761253' });
    expect(state.errors).toEqual({});
  });

  it('the picker ignores a whole pick that goes over its limit (spec 5), with the alert; images are removable', () => {
    const seven = Array.from({ length: 7 }, (_, i) => png(`${i}.png`));
    const add: FormAction = { type: 'addImages', files: seven };
    expect(alertFor(visitor(), add)).toBe(M.pickerMax);
    expect(formReducer(visitor(), add).images).toHaveLength(0);
    const four = formReducer(visitor(), { type: 'addImages', files: seven.slice(0, 4) });
    expect(four.images.map((p) => p.file.name)).toEqual(['0.png', '1.png', '2.png', '3.png']);
    // With 4 chosen, adding 3 keeps none of them (it used to keep 2).
    const three: FormAction = { type: 'addImages', files: [png('x.png'), png('y.png'), png('z.png')] };
    expect(alertFor(four, three)).toBe(M.pickerMax);
    expect(formReducer(four, three)).toBe(four);
    const full = formReducer(four, { type: 'addImages', files: [png('x.png'), png('y.png')] });
    expect(full.images).toHaveLength(MAX_PICKER_IMAGES);
    expect(new Set(full.images.map((p) => p.id)).size).toBe(MAX_PICKER_IMAGES);
    const fewer = formReducer(full, { type: 'removeImage', id: full.images[1]!.id });
    expect(fewer.images.map((p) => p.file.name)).toEqual(['0.png', '2.png', '3.png', 'x.png', 'y.png']);
    expect(alertFor(fewer, { type: 'addImages', files: [png('w.png')] })).toBeNull();
    expect(formReducer(fewer, { type: 'addImages', files: [png('w.png')] }).images).toHaveLength(MAX_PICKER_IMAGES);
  });

  it('files are set and removed, clearing their message', () => {
    const logo = png('logo.png');
    const state = run({ ...visitor(), errors: { profile_photo: 'x' } }, { type: 'file', name: 'profile_photo', file: logo });
    expect(state.files.profile_photo).toBe(logo);
    expect(state.errors).toEqual({});
    expect(listingOf(state)).toMatchObject({ logo, photo: null, video: null, images: [] });
    expect(run(state, { type: 'file', name: 'profile_photo', file: null }).files.profile_photo).toBeNull();
  });

  it('a reset empties everything but the account’s email and renews the file inputs', () => {
    const seller = initialFormState('seller@example.com');
    const filled = run(
      seller,
      { type: 'edit', name: 'product_name', value: 'Beans' },
      { type: 'addImages', files: [png('a.png')] },
      { type: 'errors', errors: { web_site: 'x' } },
    );
    const reset = formReducer(filled, { type: 'reset' });
    expect(reset.text).toEqual(seller.text);
    expect(reset.images).toEqual([]);
    expect(reset.errors).toEqual({});
    expect(reset.edited).toBe(false);
    expect(reset.resets).toBe(1);
    expect(reset.nextImageId).toBe(filled.nextImageId);
  });

  it('a restore fills the form without counting as an edit; over the seller’s new edits it fills only the gaps', () => {
    const kept: Listing = {
      text: { product_name: 'Kept', company_name: 'Co' },
      logo: png('logo.png'),
      photo: null,
      video: null,
      images: [png('a.png')],
    };
    const restored = formReducer(visitor(), { type: 'restore', text: { product_name: 'Draft', location: 'Bole' }, kept });
    expect(restored.text).toMatchObject({ product_name: 'Draft', location: 'Bole', company_name: '' });
    expect(restored.files.profile_photo).toBe(kept.logo);
    expect(restored.images.map((p) => p.file.name)).toEqual(['a.png']);
    expect(restored.edited).toBe(false);

    const typed = run(visitor(), { type: 'edit', name: 'product_name', value: 'Typed' });
    const merged = formReducer(typed, { type: 'restore', text: { product_name: 'Draft', location: 'Bole' }, kept: null });
    expect(merged.text).toMatchObject({ product_name: 'Typed', location: 'Bole' });
    // A signed-in seller's email always wins over a kept one.
    const seller = formReducer(initialFormState('me@example.com'), { type: 'restore', text: { email: 'old@example.com' }, kept: null });
    expect(seller.text.email).toBe('me@example.com');
  });
});

describe('what the listing form keeps in the browser', () => {
  it('keeps the draft only when something is typed, without a signed-in seller’s email', () => {
    expect(draftOf(ownText(null), false)).toBeNull();
    expect(draftOf(ownText('me@example.com'), true)).toBeNull();
    expect(draftOf(ownText(null, { email: 'me@example.com' }), false)).toMatchObject({ email: 'me@example.com' });
    expect(draftOf(ownText('me@example.com', { description: 'Fresh' }), true)).toMatchObject({ email: '', description: 'Fresh' });
    expect(draftOf(ownText(null, { location: '   ' }), false)).toBeNull();
  });

  it('reads back only the text fields of what was kept', () => {
    expect(readDraft({ product_name: 'Beans', discount: 5, other: 'x' })).toEqual({ product_name: 'Beans' });
    expect(readDraft('{"product_name":"Beans","latitude":9}')).toEqual({ product_name: 'Beans' });
    expect(readDraft('nope')).toEqual({});
    expect(readDraft(null)).toEqual({});
    expect(readDraft(undefined)).toEqual({});
  });

  it('reads back a kept listing with its files, or nothing', () => {
    const logo = png('logo.png');
    expect(readKeptListing({ text: { product_name: 'Beans' }, logo, photo: 'x', images: [png('a.png'), 3] })).toEqual({
      text: { product_name: 'Beans' },
      logo,
      photo: null,
      video: null,
      images: [expect.any(File)],
    });
    expect(readKeptListing({ logo })).toBeNull();
    expect(readKeptListing(null)).toBeNull();
  });

  it('restores the kept listing’s text with the draft’s later edits over it', () => {
    const kept: Listing = { text: { product_name: 'Kept', company_name: 'Co' }, logo: null, photo: null, video: null, images: [] };
    expect(restoredText({ product_name: 'Draft' }, kept)).toEqual({ product_name: 'Draft', company_name: 'Co' });
    expect(restoredText({ product_name: 'Draft' }, null)).toEqual({ product_name: 'Draft' });
  });
});
