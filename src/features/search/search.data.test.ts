/**
 * Search beyond ranking (issue 27): "Did you mean" and matching categories when nothing is found,
 * one matching for the page, the HTTP API, saved-search digests and Telegram's followed words, and
 * the re-index of listings written by an older search version.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, telegramAlertKeywords, telegramChats } from '#db/schema.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { listPublicListingsWithImages, searchPublicListings } from '#features/listings/public-listings.server.ts';
import { reindexStaleListings } from '#features/listings/search-index.server.ts';
import { followKeywords, queueAlerts, rekeyFollowedWords } from '#features/telegram/alerts.server.ts';
import { createSeller, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { SEARCH_VERSION } from './search-document.ts';
import { searchHelp } from './search.server.ts';

const page = { page: 1, pageSize: 24 };
const now = FIXED_NOW;

describe.each(drivers())('search on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });

  const publish = (fields: Parameters<typeof draft>[0]) =>
    insertListing(t.db, draft({ description: 'Ask us.', ...fields }), { status: 'verified' });

  async function search(query: string) {
    const { page: result, match } = await searchPublicListings(t.db, { query, now }, page);
    return {
      names: result.items.map((i) => i.productName),
      help: result.items.length === 0 && match ? await searchHelp(t.db, match) : null,
    };
  }

  it('offers the closest words that occur and the matching categories when nothing is found', async () => {
    await publish({ productName: 'Sofa and chair set', companyName: 'Mesfin Furniture', category: 'design' });
    const typo = await search('sofe chair'); // 'sofe' has 4 letters: no typo is tolerated, so nothing is found
    expect(typo.names).toEqual([]);
    expect(typo.help?.didYouMean).toBe('sofa chair');
    expect(typo.help?.categories).toContain('design');
    expect((await search('sofa chair')).names).toEqual(['Sofa and chair set']);
    // A word close to nothing goes; a word of the glossary suggests its categories and is kept, even
    // when no listing has it and an occurring word is within typo distance ('bundle' of 'buna').
    await publish({ productName: 'Gift bundle', companyName: 'Bole Gifts', category: 'design' });
    const coffee = await search('ቡና xqzv');
    expect(coffee.help).toEqual({ didYouMean: 'ቡና', categories: expect.arrayContaining(['foods']) });
    const both = await search('chair xqzv');
    expect(both.help?.didYouMean).toBe('chair');
  });

  it('matches the same in the HTTP API as on the page', async () => {
    await publish({ productName: 'ቡና 1 ኪሎ', companyName: 'ሸገር ቡና ቤት' });
    await publish({ productName: 'Leather shoes', companyName: 'Piassa Shoes' });
    const api = await listPublicListingsWithImages(t.db, { query: 'coffee', now }, page);
    expect(api.items.map((i) => i.productName)).toEqual(['ቡና 1 ኪሎ']);
    expect((await search('bunna')).names).toEqual(['ቡና 1 ኪሎ']);
  });

  it('alerts a chat that follows a word when a deal matches it as a search would', async () => {
    await t.db.insert(telegramChats).values([
      { chatId: 501, firstName: 'Abebe' },
      { chatId: 502, firstName: 'Hana' },
    ]);
    expect(await followKeywords(t.db, 501, ['coffee'])).toMatchObject({ ok: true });
    expect(await followKeywords(t.db, 502, ['shoes'])).toMatchObject({ ok: true });
    const coffee = await publish({ productName: 'ሥጋ እና ቡና', companyName: 'Tomoca' });
    expect(await queueAlerts(t.db, coffee, now)).toBe(1); // ቡና is coffee: chat 501 only
    const shoes = await publish({ productName: 'ጫማዎች', companyName: 'Piassa' });
    expect(await queueAlerts(t.db, shoes, now)).toBe(1); // ጫማዎች is shoes: chat 502 only
  });

  it('re-indexes listings and followed words written by an older search version', async () => {
    const id = await publish({ productName: 'ዳቦ', companyName: 'Sheger' });
    await t.db.update(listings).set({ searchTerms: [], searchName: [], searchVersion: 0 }).where(eq(listings.id, id));
    expect((await search('bread')).names).toEqual([]);
    expect(await reindexStaleListings(t.db)).toBe(1);
    expect((await search('bread')).names).toEqual(['ዳቦ']);
    expect(await reindexStaleListings(t.db)).toBe(0);

    await t.db.insert(telegramChats).values({ chatId: 601, firstName: 'Liya' });
    await t.db.insert(telegramAlertKeywords).values({ chatId: 601, keyword: 'bread' });
    expect(await rekeyFollowedWords(t.db)).toBe(1);
    const [row] = await t.db.select().from(telegramAlertKeywords).where(eq(telegramAlertKeywords.chatId, 601));
    expect(row?.searchVersion).toBe(SEARCH_VERSION);
    expect(row?.keys).toContain('ዳቦ');
  });
});
