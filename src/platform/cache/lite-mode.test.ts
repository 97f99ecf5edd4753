import { describe, expect, it } from 'vitest';
import { cookieValue, liteChoice, liteMode, LITE_COOKIE, savesData } from './lite-mode.ts';
import { badgeColours, BADGE_COLOURS, initialsOf } from '#features/listings/initials.ts';

describe('lite mode', () => {
  it('reads Save-Data as the Client Hints draft defines it: the token `on`, in any case, among others', () => {
    expect(savesData('on')).toBe(true);
    expect(savesData('ON')).toBe(true);
    expect(savesData(' On ')).toBe(true);
    expect(savesData('on; future-token')).toBe(true);
    expect(savesData('future-token;on')).toBe(true);
    expect(savesData('off')).toBe(false);
    expect(savesData('only')).toBe(false);
    expect(savesData('')).toBe(false);
    expect(savesData(null)).toBe(false);
    expect(savesData(undefined)).toBe(false);
  });

  it('finds the lite cookie among others, and only by its exact name', () => {
    expect(LITE_COOKIE).toBe('sefer_lite');
    expect(cookieValue('sefer_lang=am; sefer_lite=on', LITE_COOKIE)).toBe('on');
    expect(cookieValue('sefer_lite=off', LITE_COOKIE)).toBe('off');
    expect(cookieValue('x_sefer_lite=on; sefer_lite_old=on', LITE_COOKIE)).toBeUndefined();
    expect(cookieValue('', LITE_COOKIE)).toBeUndefined();
    expect(cookieValue(null, LITE_COOKIE)).toBeUndefined();
  });

  it('takes only on or off as a choice', () => {
    expect(liteChoice('on')).toBe('on');
    expect(liteChoice('off')).toBe('off');
    expect(liteChoice('ON')).toBeNull();
    expect(liteChoice('1')).toBeNull();
    expect(liteChoice(null)).toBeNull();
  });

  it('is on from the header or the cookie; the visitor’s choice beats the browser’s hint', () => {
    expect(liteMode(null, null)).toEqual({ lite: false, chosen: false });
    expect(liteMode('on', null)).toEqual({ lite: true, chosen: false });
    expect(liteMode(null, 'sefer_lite=on')).toEqual({ lite: true, chosen: true });
    expect(liteMode('on', 'sefer_lite=off')).toEqual({ lite: false, chosen: true });
    expect(liteMode(null, 'sefer_lite=off')).toEqual({ lite: false, chosen: true });
    // A cookie that is not a choice is no choice: the header decides.
    expect(liteMode('on', 'sefer_lite=maybe')).toEqual({ lite: true, chosen: false });
    expect(liteMode(null, 'sefer_lite=maybe')).toEqual({ lite: false, chosen: false });
  });
});

describe("the seller's initials badge", () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Abebe Coffee')).toBe('AC');
    expect(initialsOf('piassa kitchen & bakery')).toBe('PK');
    expect(initialsOf('Sefer')).toBe('S');
    expect(initialsOf('  Bole — Tech Hub ')).toBe('BT');
    expect(initialsOf('7 Up Store')).toBe('7U');
  });

  it('keeps an Ethiopic syllable, or a letter with its marks, whole', () => {
    expect(initialsOf('ሰላም ቡና')).toBe('ሰቡ');
    expect(initialsOf('አበበ')).toBe('አ');
    expect(initialsOf('ቡና ቤት ሀበሻ')).toBe('ቡቤ');
    // e + combining acute is one grapheme (NFC makes it é).
    expect(initialsOf('e\u0301cole Addis')).toBe('ÉA');
    expect([...initialsOf('ሰላም ቡና')]).toHaveLength(2);
  });

  it('has something to show for a name without letters', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(' — ')).toBe('?');
  });

  it('gives a seller the same colours everywhere, from the palette', () => {
    expect(badgeColours('Abebe Coffee')).toBe(badgeColours('Abebe Coffee'));
    expect(BADGE_COLOURS).toContain(badgeColours('ሰላም ቡና'));
    const names = ['Abebe Coffee', 'Piassa Kitchen', 'Bole Tech', 'ሰላም ቡና', 'Merkato Shop', 'Entoto Studio', 'Tana Market'];
    expect(new Set(names.map(badgeColours)).size).toBeGreaterThan(1);
  });
});
