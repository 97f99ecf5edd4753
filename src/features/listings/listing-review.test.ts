/** A rejection's code and note: kept in one text, read back in the seller's language; the review input's rules. */
import { describe, expect, it } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { parseWith } from '#platform/http/result.ts';
import { readRejection, rejectionRecord, rejectionWords, reviewSchema } from './listing-review.ts';

describe('rejection reasons', () => {
  it('keeps the code and the note in one text, and reads them back', () => {
    expect(rejectionRecord({ code: 'duplicate', reason: '  See #12. ' })).toBe('[reason:duplicate]\nSee #12.');
    expect(rejectionRecord({ code: 'price' })).toBe('[reason:price]');
    expect(rejectionRecord({ reason: 'Blurry photo' })).toBe('Blurry photo');
    expect(readRejection('[reason:duplicate]\nSee #12.')).toEqual({ code: 'duplicate', note: 'See #12.' });
    expect(readRejection('[reason:nonsense]\nx')).toEqual({ code: null, note: '[reason:nonsense]\nx' });
  });

  it("says a code in the reader's language, the note as written; a text from before codes as written", () => {
    const stored = rejectionRecord({ code: 'category', reason: 'It is a phone.' });
    expect(rejectionWords(stored)).toBe(
      'The deal is in the wrong category. Please choose the category that fits the product.\nIt is a phone.',
    );
    expect(inLocale('am', () => rejectionWords(stored))).toBe('ማስታወቂያው በተሳሳተ ምድብ ውስጥ ነው። እባክዎ ለምርቱ የሚስማማውን ምድብ ይምረጡ።\nIt is a phone.');
    expect(rejectionWords('[reason:discount]', 'am')).toBe('ይህ ቅናሽ አይደለም፤ ሰፈር እውነተኛ የዋጋ ቅናሾችን ብቻ ይዘረዝራል።');
    expect(rejectionWords('Please add a photo of the beans.')).toBe('Please add a photo of the beans.');
  });

  it('a rejection needs a code or a note; Other needs the note; an unknown code is refused', () => {
    expect(parseWith(reviewSchema, { verdict: 'reject', code: 'photo' })).toMatchObject({ ok: true });
    expect(parseWith(reviewSchema, { verdict: 'reject', reason: 'Spam' })).toMatchObject({ ok: true });
    expect(parseWith(reviewSchema, { verdict: 'reject', code: 'other', reason: ' ' })).toMatchObject({
      ok: false,
      fields: { reason: ['A reason is required'] },
    });
    expect(parseWith(reviewSchema, { verdict: 'reject' })).toMatchObject({ ok: false, fields: { reason: ['A reason is required'] } });
    expect(parseWith(reviewSchema, { verdict: 'reject', code: 'ugly' })).toMatchObject({
      ok: false,
      error: 'Choose a reason from the list.',
    });
  });
});
