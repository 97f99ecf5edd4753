/** The queue's rules without a database: where a decision lands, the flash, bulk Verify's next item, the forms. */
import { describe, expect, it } from 'vitest';
import { parseWith } from '#platform/http/result.ts';
import { flashText, nextAfterBulk, queueDecisionSchema, queueReturnPath, readQueueFilter, readQueueFlash } from './queue.ts';

describe('the admin queue', () => {
  it('comes back to the same filter and page at the next item, with the flash; an old flash is replaced', () => {
    const current = new URLSearchParams('show=edited&page=2&done=rejected&item=4&evil=1');
    expect(queueReturnPath(current, { done: 'verified', item: 7 }, 9)).toBe('/admin?show=edited&page=2&done=verified&item=7#q-9');
    expect(queueReturnPath(new URLSearchParams('show=bogus'), { done: 'bulk', verified: 3, total: 4 }, null)).toBe(
      '/admin?done=bulk&verified=3&total=4#queue',
    );
    expect(readQueueFilter(new URLSearchParams('show=reported'))).toBe('reported');
    expect(readQueueFilter(new URLSearchParams('show=x'))).toBe('all');
  });

  it('reads the flash it wrote, and says it', () => {
    expect(readQueueFlash(new URLSearchParams('done=verified&item=7'))).toEqual({ done: 'verified', item: 7 });
    expect(readQueueFlash(new URLSearchParams('done=bulk&verified=5&total=4'))).toBeNull();
    expect(readQueueFlash(new URLSearchParams('done=verified&item=x'))).toBeNull();
    expect(flashText({ done: 'verified', item: 7 }, 'Injera')).toBe('Verified: Injera');
    expect(flashText({ done: 'bulk', verified: 4, total: 5 }, null)).toBe('Verified 4 of 5 selected.');
  });

  it('after "Verify selected" lands on the first row after the first selected one that was not selected', () => {
    expect(nextAfterBulk([1, 2, 3, 4, 5], [2, 3, 5])).toBe(4);
    expect(nextAfterBulk([1, 2, 3], [2, 3])).toBeNull();
    expect(nextAfterBulk([1, 2], [9])).toBeNull();
  });

  it('reads the forms: one id or many, a code or a note, the next item', () => {
    expect(parseWith(queueDecisionSchema, { action: 'verify-selected', ids: ['3', '4'], order: '3,4,5' })).toEqual({
      ok: true,
      value: { action: 'verify-selected', ids: [3, 4], order: [3, 4, 5] },
    });
    expect(parseWith(queueDecisionSchema, { action: 'verify-selected', ids: '3' })).toMatchObject({ ok: true, value: { ids: [3] } });
    expect(parseWith(queueDecisionSchema, { action: 'reject', id: '3', code: 'photo', reason: '', next: '' })).toMatchObject({
      ok: true,
      value: { code: 'photo', reason: '' },
    });
    expect(parseWith(queueDecisionSchema, { action: 'reject', id: '3', code: '', reason: '' })).toMatchObject({ ok: false });
    expect(parseWith(queueDecisionSchema, { action: 'verify', id: '3', next: '8' })).toMatchObject({ ok: true, value: { next: 8 } });
  });
});
