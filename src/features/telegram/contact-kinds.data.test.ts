/**
 * What sellers' Telegram contacts are, against the fake Bot API: a submitted or edited listing
 * queues its username, the job asks getChat once (a bot by its name, without asking), the answer is
 * read with the cards and the deal page, and the /go link prefills a message naming the deal for a
 * person but not for a channel; the sweep finds what nobody queued and month-old answers.
 */
import { eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { jobs, telegramContactKinds } from '#db/schema.ts';
import { insertListing, type ListingDraft } from '#features/listings/listings.server.ts';
import { listPublicListings, getPublicListing } from '#features/listings/public-listings.server.ts';
import { submitListing } from '#features/listings/seller-listings.server.ts';
import { saveEdit } from '#features/listings/listing-revisions.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { GET } from '#pages/go/[id]/[kind].ts';
import { createSeller, DAY, draft, FIXED_NOW, SELLER_SESSION } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { TOKEN, useFakeBot } from './bot.test-kit.server.ts';
import { onPagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { checkContactKind, sweepContactKinds, unknownContacts } from './contact-kinds.server.ts';
import { telegramBot } from './runtime.server.ts';

const bot = useFakeBot();

describe.each(drivers())('Telegram contact kinds on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  const api = () => telegramBot(t.db)!.api;
  const kinds = async () => Object.fromEntries((await t.db.select().from(telegramContactKinds)).map((r) => [r.username, r.kind] as const));
  const askedFor = () => bot.fake.calls('getChat').map((c) => c.chatId);
  const queued = async () =>
    (await t.db.select().from(jobs).where(eq(jobs.name, 'telegram-contact-kind'))).map((j) => j.payload as { username: string });

  async function verified(overrides: Partial<ListingDraft>): Promise<number> {
    return insertListing(t.db, draft(overrides), { status: 'verified', datePosted: FIXED_NOW });
  }

  /** Where `/go/{id}/telegram` (or /am/go/…) sends the visitor. */
  async function tapTelegram(id: number, locale: 'en' | 'am' = 'en'): Promise<{ to: string; text: string | null }> {
    const url = new URL(`http://localhost${locale === 'am' ? '/am' : ''}/go/${id}/telegram`);
    const context = {
      params: { id: String(id), kind: 'telegram' },
      url,
      // The request's Host never makes the deal's address: the configured site does.
      request: new Request(url, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14)', host: 'evil.example' } }),
      locals: { db: t.db, user: null, now: FIXED_NOW, locale },
      clientAddress: '196.188.0.1',
    };
    const response = await inLocale(locale, () => GET(context as unknown as Parameters<typeof GET>[0]));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    return { to: `${location.origin}${location.pathname}`, text: location.searchParams.get('text') };
  }

  it('a submitted listing queues its contact; the job asks getChat once: "chat not found" is a person', async () => {
    await createSeller(t.db);
    bot.fake.clear();
    const { ownerId: _, ...fields } = draft({ contactTelegram: 'https://t.me/Abebe_Coffee', productName: 'Roasted coffee' });
    await submitListing(t.db, SELLER_SESSION, fields, FIXED_NOW);
    expect(await queued()).toEqual([{ username: 'abebe_coffee' }]);
    await bot.work(t.db);
    expect(askedFor()).toEqual(['@abebe_coffee']);
    expect(await kinds()).toEqual({ abebe_coffee: 'person' });
    // Asked lately: not again.
    expect(await checkContactKind(t.db, api(), 'abebe_coffee', new Date(FIXED_NOW.getTime() + DAY))).toBe('person');
    expect(askedFor()).toHaveLength(1);
  });

  it("a contact's new kind drops the pages of the listings with that contact, and no other; the same kind again drops nothing", async () => {
    await createSeller(t.db);
    const coffee = await verified({ contactTelegram: 'https://t.me/Abebe_Coffee' });
    const other = await verified({ contactTelegram: 'https://t.me/bole_home' });
    const dropped: string[][] = [];
    onPagesChanged((tags) => dropped.push([...tags]));
    expect(await checkContactKind(t.db, api(), 'abebe_coffee', FIXED_NOW)).toBe('person');
    expect(dropped).toEqual([[`listing:${coffee}`]]);
    expect(dropped.flat()).not.toContain(`listing:${other}`);
    // Asked again a month later, the same answer: no page changes.
    expect(await checkContactKind(t.db, api(), 'abebe_coffee', new Date(FIXED_NOW.getTime() + 40 * DAY))).toBe('person');
    expect(dropped).toHaveLength(1);
  });

  it('an edit that sets another contact queues it; a bot is told by its name without asking Telegram', async () => {
    await createSeller(t.db);
    const id = await verified({ contactTelegram: 'https://t.me/bole_home' });
    bot.fake.clear();
    expect(await saveEdit(t.db, id, { contactTelegram: 'https://t.me/BoleHomeBot' }, FIXED_NOW)).not.toBeNull();
    expect(await queued()).toEqual([{ username: 'bolehomebot' }]);
    await bot.work(t.db);
    expect(await kinds()).toEqual({ bolehomebot: 'bot' });
    expect(askedFor()).toEqual([]);
  });

  it('a channel and a supergroup are told by their type; cards and the deal page read the kind', async () => {
    await createSeller(t.db);
    bot.fake.addChat('addis_shop_news', 'channel');
    bot.fake.addChat('bole_buyers', 'supergroup');
    const channel = await verified({ contactTelegram: 'https://t.me/Addis_Shop_News', productName: 'Channel deal' });
    const group = await verified({ contactTelegram: 'https://t.me/bole_buyers', productName: 'Group deal' });
    const person = await verified({ contactTelegram: 'https://t.me/abebe_coffee', productName: 'Person deal' });
    const unknown = await verified({ contactTelegram: 'https://t.me/not_asked_yet', productName: 'Unknown deal' });
    const none = await verified({ contactTelegram: null, productName: 'No Telegram' });
    for (const username of ['addis_shop_news', 'bole_buyers', 'abebe_coffee']) await checkContactKind(t.db, api(), username, FIXED_NOW);
    expect(await kinds()).toEqual({ addis_shop_news: 'channel', bole_buyers: 'group', abebe_coffee: 'person' });

    const page = await listPublicListings(t.db, { now: FIXED_NOW }, { page: 1, pageSize: 20 });
    const byId = new Map(page.items.map((l) => [l.id, l.contactKind]));
    expect([channel, group, person, unknown, none].map((id) => byId.get(id))).toEqual(['channel', 'group', 'person', null, null]);
    expect((await getPublicListing(t.db, channel))?.contactKind).toBe('channel');
    expect((await getPublicListing(t.db, person))?.contactKind).toBe('person');
  });

  it('/go: a person (or one not known yet) gets a message naming the deal and its address; a channel the plain chat', async () => {
    await createSeller(t.db);
    bot.fake.addChat('addis_shop_news', 'channel');
    const person = await verified({ contactTelegram: 'https://t.me/Abebe_Coffee', productName: 'Roasted coffee' });
    const unknown = await verified({ contactTelegram: 'https://t.me/not_asked_yet', productName: 'Teff' });
    const channel = await verified({ contactTelegram: 'https://t.me/addis_shop_news', productName: 'Mitad' });
    await checkContactKind(t.db, api(), 'abebe_coffee', FIXED_NOW);
    await checkContactKind(t.db, api(), 'addis_shop_news', FIXED_NOW);

    expect(await tapTelegram(person)).toEqual({
      to: 'https://t.me/Abebe_Coffee',
      text: `Hello! I saw your deal "Roasted coffee" on Sefer: https://sefer.test/listings/${person}-roasted-coffee Is it still available?`,
    });
    expect(await tapTelegram(person, 'am')).toEqual({
      to: 'https://t.me/Abebe_Coffee',
      text: `ሰላም! "Roasted coffee" የሚለውን ቅናሽዎን በሰፈር ላይ አይቻለሁ፦ https://sefer.test/am/listings/${person}-roasted-coffee አሁንም አለ?`,
    });
    expect((await tapTelegram(unknown)).text).toContain(`https://sefer.test/listings/${unknown}-teff`);
    expect(await tapTelegram(channel)).toEqual({ to: 'https://t.me/addis_shop_news', text: null });
  });

  it('the sweep asks what nobody queued, a few at a time, and month-old answers again; never rejected listings', async () => {
    await createSeller(t.db);
    for (const name of ['first_shop', 'second_shop', 'third_shop']) await verified({ contactTelegram: `https://t.me/${name}` });
    await insertListing(t.db, draft({ contactTelegram: 'https://t.me/pending_shop' }), { status: 'pending', datePosted: FIXED_NOW });
    await insertListing(t.db, draft({ contactTelegram: 'https://t.me/rejected_shop' }), { status: 'rejected', datePosted: FIXED_NOW });
    await verified({ contactTelegram: 'https://t.me/+PrivateInvite1' });
    expect((await unknownContacts(t.db, FIXED_NOW, 10)).toSorted()).toEqual(['first_shop', 'pending_shop', 'second_shop', 'third_shop']);

    bot.fake.clear();
    expect(await sweepContactKinds(t.db, api(), FIXED_NOW, 2)).toBe(2);
    expect(askedFor()).toHaveLength(2);
    expect(await sweepContactKinds(t.db, api(), FIXED_NOW, 10)).toBe(2);
    expect(Object.keys(await kinds()).toSorted()).toEqual(['first_shop', 'pending_shop', 'second_shop', 'third_shop']);
    expect(await sweepContactKinds(t.db, api(), FIXED_NOW, 10)).toBe(0);
    expect(askedFor()).toHaveLength(4);

    const monthLater = new Date(FIXED_NOW.getTime() + 31 * DAY);
    expect(await unknownContacts(t.db, monthLater, 10)).toHaveLength(4);
    // Without Telegram nothing is asked.
    expect(await sweepContactKinds(t.db, null, monthLater, 10)).toBe(0);
  });

  it('Telegram unreachable: nothing is stored, the job throws (tried again), the sweep stops until next time', async () => {
    await createSeller(t.db);
    await verified({ contactTelegram: 'https://t.me/abebe_coffee' });
    const down = new Api(TOKEN, { apiRoot: 'http://127.0.0.1:9' });
    await expect(checkContactKind(t.db, down, 'abebe_coffee', FIXED_NOW)).rejects.toThrow();
    expect(await sweepContactKinds(t.db, down, FIXED_NOW, 10)).toBe(0);
    expect(await kinds()).toEqual({});
  });
});
