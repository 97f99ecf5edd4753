/**
 * The saved-search digest's Telegram message: at most 10 deals in all, taken in turn from each
 * search; names shown as text; a message that would pass Telegram's length limit leaves the
 * searches that do not fit to their "See all" buttons.
 */
import { describe, expect, it } from 'vitest';
import type { DigestSection } from './saved-search-digest.server.ts';
import { dealsPerSection, digestTelegram } from './digest-telegram.ts';

const link = (path: string) => `https://sefer.test${path}`;

function section(query: string, deals: number, name = (i: number) => `${query} ${i}`): DigestSection {
  return {
    search: {
      id: 1,
      kind: 'search',
      query,
      category: null,
      latitude: null,
      longitude: null,
      radiusKm: null,
      label: query,
      unsubscribeToken: 't'.repeat(43),
      checkedUntil: new Date(0),
      createdAt: new Date(0),
    },
    deals: Array.from({ length: Math.min(deals, 10) }, (_, i) => ({
      id: i + 1,
      productName: name(i + 1),
      companyName: 'Shop',
      discount: '10',
    })),
    total: deals,
  };
}

describe('the Telegram digest', () => {
  it('names at most 10 deals, one from each search in turn', () => {
    expect(dealsPerSection([{ deals: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, { deals: [1] }])).toEqual([9, 1]);
    expect(dealsPerSection([{ deals: [1, 2] }, { deals: [1, 2, 3] }])).toEqual([2, 3]);
    expect(dealsPerSection(Array.from({ length: 12 }, () => ({ deals: [1] })))).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('escapes names, counts the rest, and has a See all button per search', () => {
    const message = digestTelegram([section('<b>mitad</b>', 12), section('sofa', 1)], link);
    expect(message.text.match(/^• /gm)).toHaveLength(10);
    expect(message.text).toContain('<b>Search: “&lt;b&gt;mitad&lt;/b&gt;”</b>');
    expect(message.text).toContain('• <a href="https://sefer.test/listings/1-b-mitad-b-1">&lt;b&gt;mitad&lt;/b&gt; 1 — Shop</a> (10% off)');
    expect(message.text).toContain('… and 3 more');
    expect(message.buttons).toEqual([
      [{ text: 'See all: Search: “<b>mitad</b>”', url: 'https://sefer.test/search?query=%3Cb%3Emitad%3C%2Fb%3E' }],
      [{ text: 'See all: Search: “sofa”', url: 'https://sefer.test/search?query=sofa' }],
    ]);
  });

  it("stays within Telegram's 4096 characters however long the names", () => {
    const long = (i: number) => `${'Injera mitad '.repeat(30)}${i}`;
    const sections = Array.from({ length: 20 }, (_, i) => section(`search ${i}`, 3, long));
    const message = digestTelegram(sections, link);
    expect(message.text.length).toBeLessThanOrEqual(4096);
    expect(message.buttons).toHaveLength(20);
  });
});
