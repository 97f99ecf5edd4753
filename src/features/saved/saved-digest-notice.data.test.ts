/**
 * The saved-search digest as an account notice (kind 'saved-search', decision 27): queued once a
 * day with the email as before (its unsubscribe headers) and one Telegram message naming at most
 * 10 deals in all, each a link, with a "See all" button to each search's list; a Telegram-only
 * account gets that message in its chat's language, and no email.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { deliverRecorded, linkButtons, queuedNotices, telegramOnlyAccount } from '#features/payments/notices.test-kit.server.ts';
import { DAY, FIXED_NOW, createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { savedSearchSchema } from './saved.ts';
import { saveSearch } from './saved.server.ts';
import { sendDueDigests } from './saved-search-digest.server.ts';

const HOUR = 3_600_000;
/** 12:00 in Addis Ababa: digests are due. */
const MORNING = FIXED_NOW;
const SAVED_AT = new Date(MORNING.getTime() - DAY);

describe.each(drivers())('the saved-search digest notice on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db, 'seller-1') });

  async function deal(name: string, minutes: number, overrides: Parameters<typeof draft>[0] = {}) {
    const reviewedAt = new Date(SAVED_AT.getTime() + minutes * 60_000);
    const id = await insertListing(t.db, draft({ productName: name, description: `About ${name}.`, ...overrides }), {
      status: 'verified',
      datePosted: new Date(reviewedAt.getTime() - HOUR),
    });
    await t.db.update(listings).set({ reviewedAt }).where(eq(listings.id, id));
    return id;
  }

  async function follow(userId: string, value: Record<string, unknown>) {
    const parsed = savedSearchSchema.safeParse(value);
    if (!parsed.success) throw new Error(parsed.error.message);
    const saved = await saveSearch(t.db, userId, parsed.data, SAVED_AT);
    if (!saved.ok) throw new Error(saved.error);
  }

  it('is queued once a day: the email as before, one Telegram message of 10 deals, "See all" for each search', async () => {
    await createSeller(t.db, 'buyer-1', 'buyer-1@test.invalid');
    await follow('buyer-1', { kind: 'category', category: 'appliances' });
    await follow('buyer-1', { kind: 'search', query: 'sofa' });
    for (let i = 1; i <= 12; i++) await deal(`Mitad ${String(i).padStart(2, '0')}`, i);
    await deal('Sofa <Deluxe> & Co', 30, { category: 'furniture' });
    expect(await sendDueDigests(t.db, MORNING)).toBe(1);
    expect(await sendDueDigests(t.db, new Date(MORNING.getTime() + HOUR))).toBe(0);

    const [notice, ...more] = await queuedNotices(t.db);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ userId: 'buyer-1', kind: 'saved-search' });
    // The email as before: both languages, every named deal, one-click unsubscribe.
    expect(notice!.email.subject).toContain('New deals for your saved searches on Sefer');
    expect(notice!.email.text).toContain('Mitad 10');
    expect(notice!.email.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<https?:\/\/\S+\/unsubscribe\/[\w-]{43}\?all=1>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const { text } = notice!.telegram.en;
    const lines = text.split('\n').filter((line) => line.startsWith('• '));
    // 10 deals in all, taken in turn from each search: the sofa and nine mitads.
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(/^• <a href="https?:\/\/[^"]+\/listings\/\d+-mitad-01">Mitad 01 — Bole Home Appliances<\/a> \(20% off\)$/);
    expect(text).toContain('>Sofa &lt;Deluxe&gt; &amp; Co — Bole Home Appliances</a>');
    expect(text).not.toContain('Mitad 10');
    expect(text).toMatch(/^<b>New deals for your saved searches on Sefer<\/b>\n\n<b>Category: Home Appliances<\/b>\n/);
    expect(text).toContain('\n… and 3 more\n');
    expect(linkButtons(notice!.telegram.en)).toEqual([
      ['See all: Category: Home Appliances', expect.stringMatching(/^https?:\/\/[^/]+\/home-appliances$/)],
      ['See all: Search: “sofa”', expect.stringMatching(/\/search\?query=sofa$/)],
    ]);
    expect(notice!.telegram.am.text).toContain('<b>በሰፈር ላይ ለተቀመጡ ፍለጋዎችዎ አዳዲስ ቅናሾች</b>');
    expect(linkButtons(notice!.telegram.am)[1]).toEqual([
      expect.stringContaining('ሁሉንም ይመልከቱ'),
      expect.stringMatching(/\/am\/search\?query=sofa$/),
    ]);
  });

  it('a Telegram-only account gets the digest in Telegram, in its chat language, and no email', async () => {
    const account = await telegramOnlyAccount(t.db, 700_004, 'am');
    await follow(account.id, { kind: 'search', query: 'mitad' });
    await deal('Clay Mitad', 5);
    expect(await sendDueDigests(t.db, MORNING)).toBe(1);
    const [notice] = await queuedNotices(t.db, 'saved-search');
    expect(notice?.userId).toBe(account.id);
    const { delivery, sent } = await deliverRecorded(t.db, notice!);
    expect(delivery).toEqual({ telegram: 'sent', email: 'skipped' });
    expect(sent).toEqual([{ chatId: 700_004, kind: 'saved-search', message: notice!.telegram.am }]);
    expect(sent[0]!.message.text).toMatch(/<a href="https?:\/\/[^"]+\/am\/listings\/\d+-clay-mitad">Clay Mitad — /);
  });
});
