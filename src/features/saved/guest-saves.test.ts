/** The guest's cookies read strictly: the phone's list (junk, repeats, the cap) and where a pending action is finished. */
import { describe, expect, it } from 'vitest';
import {
  MAX_PHONE_SAVES,
  backPathOf,
  dropFromPhone,
  finishesOn,
  finishedOn,
  keepOnPhone,
  parsePhoneSaves,
  phoneSavesValue,
  recordFinished,
  type PendingAction,
} from './guest-saves.ts';

describe('deals kept on the phone', () => {
  it('reads well-formed ids only, once each, in order', () => {
    expect(parsePhoneSaves('12.7.3')).toEqual([12, 7, 3]);
    expect(parsePhoneSaves('12.x.7.-1.0.7.1e3. 9.<b>.99999999999')).toEqual([12, 7, 9]);
    expect(parsePhoneSaves(undefined)).toEqual([]);
    expect(parsePhoneSaves('')).toEqual([]);
  });

  it(`keeps at most ${MAX_PHONE_SAVES}, even from a longer cookie`, () => {
    const many = Array.from({ length: 80 }, (_, i) => i + 1).join('.');
    expect(parsePhoneSaves(many)).toHaveLength(MAX_PHONE_SAVES);
    expect(phoneSavesValue(Array.from({ length: 80 }, (_, i) => i + 1)).split('.')).toHaveLength(MAX_PHONE_SAVES);
  });

  it('keeps a new deal first, moves a kept one to the front, refuses one more than the cap', () => {
    expect(keepOnPhone([3, 2], 5)).toEqual({ ids: [5, 3, 2], full: false });
    expect(keepOnPhone([3, 2, 5], 5)).toEqual({ ids: [5, 3, 2], full: false });
    const full = Array.from({ length: MAX_PHONE_SAVES }, (_, i) => i + 1);
    expect(keepOnPhone(full, 999)).toEqual({ ids: full, full: true });
    expect(keepOnPhone(full, 7).full).toBe(false);
    expect(dropFromPhone([5, 3, 2], 3)).toEqual([5, 2]);
  });
});

describe('a pending action', () => {
  const save: PendingAction = { kind: 'save-deal', listingId: 4, back: '/am/listings/mitad-4', until: 0 };

  it('goes back to its page without the language; anything not a path of this site is no page', () => {
    expect(backPathOf('/am/listings/mitad-4')).toBe('/listings/mitad-4');
    expect(backPathOf('/search?query=tv')).toBe('/search');
    expect(backPathOf('/categories/')).toBe('/categories');
    expect(backPathOf('//evil.example/listings/1')).toBeNull();
    expect(backPathOf('https://evil.example/')).toBeNull();
  });

  it('is finished on the page it goes back to, in any language, or on /saved; not elsewhere', () => {
    expect(finishesOn(save, '/listings/mitad-4')).toBe(true);
    expect(finishesOn(save, '/listings/mitad-4/')).toBe(true);
    expect(finishesOn(save, '/saved')).toBe(true);
    expect(finishesOn(save, '/welcome')).toBe(false);
    expect(finishesOn(save, '/listings/other-5')).toBe(false);
  });

  it('what was finished is told to this request only', () => {
    const one = {};
    const other = {};
    recordFinished(one, { kind: 'save-deal', listingId: 4, saved: true });
    expect(finishedOn(one)).toEqual({ kind: 'save-deal', listingId: 4, saved: true });
    expect(finishedOn(other)).toBeUndefined();
  });
});
