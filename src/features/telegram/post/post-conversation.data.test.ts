/**
 * "Post a deal" in the bot, against the fake Bot API through the real webhook and grammY client:
 * the whole conversation to a pending listing whose files are stored re-encoded, editing a field
 * from the summary, /cancel mid-way (other commands still working), a restarted bot going on with
 * the draft, and a draft forgotten 24 hours after its last change.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobs, listingImages, listings, telegramDrafts } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { registeredSchedule } from '#platform/jobs/registry.server.ts';
import { FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { useUploadSamples } from '#features/media/uploads.test-kit.server.ts';
import { uploadsSnapshot } from '#features/media/upload-metrics.test-kit.server.ts';
import type { Update } from 'grammy/types';
import { createSeferBot } from '../bot.server.ts';
import { buttonPresses } from '../buttons.server.ts';
import { botCommandsComposer } from '../commands.server.ts';
import { telegramLogin } from '../login-bot.server.ts';
import { moderation } from '../moderation/moderation.server.ts';
import { sellerPosts } from '../myposts/seller-posts.server.ts';
import { person, sentText, telegramAccount, useFakeBot } from '../bot.test-kit.server.ts';
import './jobs.server.ts';
import { postConversation } from './post-conversation.server.ts';
import { callbacks, draftAt, draftRow, readyDraft, replyKeyboard, sendAll, sentPhoto, textsTo } from './post.test-kit.server.ts';

const bot = useFakeBot();
const samples = useUploadSamples(['mp4']);
const { text, press, photo, document, video, location, contact } = telegramUpdates(500_000, requestClock);
const HOUR = 3_600_000;

describe.each(drivers())('posting a deal from the bot on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('goes from /post to a pending listing with its photos stored re-encoded', async () => {
    const seller = person(7001, 'en', 'Abebe', 'abebe_coffee');
    const { userId } = await telegramAccount(t.db, 7001, { name: 'Abebe Kebede', username: 'abebe_coffee' });
    const send = (...updates: object[]) => sendAll(bot, t.db, ...updates);
    const last = () => bot.lastTo(7001);
    const counted = await uploadsSnapshot();

    await send(text(seller, '/post'));
    expect(sentText(last())).toContain('Send 1 to 7 photos');
    const first = await sentPhoto(bot.fake);
    await send(photo(seller, first));
    expect(sentText(last())).toBe('Photo 1 of 7 received. Send more, or press “Done”.');
    expect(callbacks(last())).toEqual(['post:done']);
    // An image sent as a file counts as a photo too.
    const second = await sentPhoto(bot.fake, { png: true, width: 320, height: 240 });
    await send(document(seller, second, 'shop.png', 'image/png'));
    expect(sentText(last())).toContain('Photo 2 of 7');

    // sefer_uploads_total: each sent file once, as it was checked on arrival.
    expect(await counted('telegram', 'image', 'accepted')).toBe(2);

    await send(press(seller, 'post:done'));
    expect(sentText(last())).toContain('short video');
    const clip = samples.videos.mp4;
    if (clip) await send(video(seller, bot.fake.addFile(clip, 'clip.mp4'), 4));
    else await send(press(seller, 'post:skipvideo'));
    expect(sentText(last())).toContain('product or service called');
    await send(text(seller, 'Buna'));
    expect(sentText(last())).toBe('🏢 What is the name of your business?');
    await send(text(seller, 'Abebe Coffee'));
    expect(sentText(last())).toContain('Which category?');
    // A typed word offers the categories the search glossary names for it.
    await send(text(seller, 'ቡና'));
    expect(sentText(last())).toBe('These categories match “ቡና”:');
    expect(callbacks(last())).toContain('post:cat:foods');
    await send(press(seller, 'post:cat:foods'));
    expect(callbacks(last())).toEqual(expect.arrayContaining(['post:disc:waiting', 'post:disc:20']));
    await send(press(seller, 'post:disc:20'));
    expect(callbacks(last())).toEqual(['post:days:1', 'post:days:3', 'post:days:7', 'post:days:14', 'post:days:30']);
    await send(press(seller, 'post:days:7'));
    const [placeAsk, placeList] = bot.sentTo(7001).slice(-2);
    expect(replyKeyboard(placeAsk!)).toEqual([{ text: '📍 Share location', request_location: true }]);
    expect(callbacks(placeList!)).toContain('post:place:0');
    expect(placeList!.params.reply_markup).toMatchObject({
      inline_keyboard: expect.arrayContaining([
        expect.arrayContaining([{ text: 'Bole Medhanialem · ቦሌ መድኃኔዓለም', callback_data: 'post:place:0' }]),
      ]),
    });

    await send(location(seller, 8.9966, 38.7871));
    expect(textsTo(bot, 7001).at(-2)).toBe('📍 Place: Bole Medhanialem');
    expect(replyKeyboard(last())).toEqual([{ text: '📞 Share my number', request_contact: true }]);
    await send(contact(seller, '251911223344'));
    expect(textsTo(bot, 7001).at(-2)).toBe('📞 Phone: +251911223344');
    expect(sentText(last())).toContain('Describe the offer');
    await send(text(seller, 'Fresh Yirgacheffe coffee, <roasted> daily.'));
    expect(callbacks(last())).toEqual(['post:tgme']);
    await send(press(seller, 'post:tgme'));
    const summary = last();
    expect(summary.params.parse_mode).toBe('HTML');
    expect(sentText(summary)).toContain('Fresh Yirgacheffe coffee, &lt;roasted&gt; daily.');
    expect(sentText(summary)).toContain('@abebe_coffee');
    expect(callbacks(summary)).toEqual(['post:submit', 'post:edit', 'post:cancel']);

    await send(press(seller, 'post:submit'));
    expect(sentText(last())).toBe(
      'Your post submitted successfully! Waiting for verification.\nI will tell you here when it is verified. Your deals: /myposts',
    );

    const [listing] = await t.db.select().from(listings).where(eq(listings.ownerId, userId));
    expect(listing).toMatchObject({
      status: 'pending',
      productName: 'Buna',
      companyName: 'Abebe Coffee',
      category: 'foods',
      discount: '20',
      discountDurationDays: 7,
      location: 'Bole Medhanialem',
      latitude: 8.9966,
      longitude: 38.7871,
      contactPhone: '+251911223344',
      contactTelegram: 'https://t.me/abebe_coffee',
      description: 'Fresh Yirgacheffe coffee, <roasted> daily.',
    });
    // The largest size of the photo was fetched, never the thumbnail.
    const fetched = bot.fake.calls('getFile').map((c) => String(c.params.file_id));
    expect(fetched).toContain(first.file_id);
    expect(fetched.some((id) => id.endsWith('-thumb'))).toBe(false);
    // Every image stored under a new key as WebP in DATA_DIR/media: logo (a copy of the first photo), photo, the second photo.
    const [extra] = await t.db.select().from(listingImages).where(eq(listingImages.listingId, listing!.id));
    const media = path.join(config().dataDir, 'media');
    for (const image of [listing!.logo!, listing!.photo, extra!.image]) {
      expect(image.key).toMatch(/^u\//);
      const meta = await sharp(path.join(media, `${image.key}.webp`)).metadata();
      expect(meta.format).toBe('webp');
    }
    // Fetched and checked again at Submit, but not counted again; nothing counted as a form upload.
    expect(await counted('telegram', 'image', 'accepted')).toBe(2);
    expect(await counted('telegram', 'video', 'accepted')).toBe(clip ? 1 : 0);
    expect(await counted('form', 'image', 'accepted')).toBe(0);
    expect(listing!.photo).toMatchObject({ width: 640, height: 480 });
    expect(extra!.image).toMatchObject({ width: 320, height: 240 });
    expect(listing!.logo!.key).not.toBe(listing!.photo.key);
    if (clip) {
      expect(listing!.video).toMatchObject({ ext: 'mp4' });
      expect(existsSync(path.join(media, `${listing!.video!.key}.mp4`))).toBe(true);
    }
    // The admins hear of it as of any new listing; the draft is gone, and a second Submit does nothing.
    expect(await t.db.select().from(jobs).where(eq(jobs.name, 'listing-submitted'))).toHaveLength(1);
    expect(await draftRow(t.db, 7001)).toBeUndefined();
    await send(press(seller, 'post:submit'));
    expect(bot.fake.calls('answerCallbackQuery').at(-1)?.params.text).toBe('This is no longer open. Send /post to post a deal.');
    expect(await t.db.select().from(listings)).toHaveLength(1);
  }, 120_000);

  it('changes one field from the summary and comes back to it', async () => {
    const seller = person(7002);
    await draftAt(t.db, 7002, 'summary', await readyDraft(bot.fake));
    await sendAll(bot, t.db, press(seller, 'post:edit'));
    expect(sentText(bot.lastTo(7002))).toBe('Which field do you want to change?');
    expect(callbacks(bot.lastTo(7002))).toEqual(expect.arrayContaining(['post:edit:product', 'post:edit:days', 'post:back']));
    await sendAll(bot, t.db, press(seller, 'post:edit:product'));
    expect(sentText(bot.lastTo(7002))).toContain('product or service called');
    await sendAll(bot, t.db, text(seller, 'Macchiato'));
    expect(sentText(bot.lastTo(7002))).toContain('<b>Product:</b> Macchiato');
    const row = await draftRow(t.db, 7002);
    expect(row?.step).toBe('summary');
    expect(row?.data).toMatchObject({ product: 'Macchiato' });
    expect(row?.data).not.toHaveProperty('editing');
  }, 30_000);

  it('stops at /cancel at any step, while other commands still work and keep the draft', async () => {
    const seller = person(7003);
    // The /start menu's button starts it as /post does.
    await sendAll(bot, t.db, press(seller, 'menu:post'));
    expect(sentText(bot.lastTo(7003))).toContain('Send 1 to 7 photos');
    await sendAll(bot, t.db, photo(seller, await sentPhoto(bot.fake)));
    await sendAll(bot, t.db, text(seller, '/deals'));
    expect(sentText(bot.lastTo(7003))).toContain('No deal is ending');
    expect((await draftRow(t.db, 7003))?.step).toBe('photos');

    await sendAll(bot, t.db, text(seller, '/cancel'));
    expect(sentText(bot.lastTo(7003))).toBe('Cancelled: the deal was not posted. Send /post to start again.');
    expect(bot.lastTo(7003).params.reply_markup).toEqual({ remove_keyboard: true });
    expect(await draftRow(t.db, 7003)).toBeUndefined();
    // The old buttons have expired, and text goes to the other commands again.
    await sendAll(bot, t.db, press(seller, 'post:done'));
    expect(bot.fake.calls('answerCallbackQuery').at(-1)?.params.text).toBe('This is no longer open. Send /post to post a deal.');
    await sendAll(bot, t.db, text(seller, 'hello'));
    expect(sentText(bot.lastTo(7003))).toContain('I did not understand that');

    // /cancel at the summary too (here by its button).
    await draftAt(t.db, 7003, 'summary', await readyDraft(bot.fake));
    await sendAll(bot, t.db, press(seller, 'post:cancel'));
    expect(await draftRow(t.db, 7003)).toBeUndefined();
  }, 30_000);

  it('goes on with the draft in a restarted bot', async () => {
    const seller = person(7004);
    await sendAll(bot, t.db, text(seller, '/post'), photo(seller, await sentPhoto(bot.fake)));
    // A new process: a bot of its own, knowing only the database.
    const telegram = config().telegram!;
    const restarted = createSeferBot({
      db: t.db,
      telegram,
      siteUrl: config().siteUrl,
      dataDir: config().dataDir,
      now: requestClock,
      handlers: [telegramLogin, buttonPresses, moderation, postConversation, sellerPosts, botCommandsComposer],
    });
    await restarted.handleUpdate(press(seller, 'post:done') as Update);
    expect(sentText(bot.lastTo(7004))).toContain('short video');
    await restarted.handleUpdate(press(seller, 'post:skipvideo') as Update);
    expect(sentText(bot.lastTo(7004))).toContain('product or service called');
    const row = await draftRow(t.db, 7004);
    expect(row?.step).toBe('product');
    expect((row?.data as { photos: unknown[] }).photos).toHaveLength(1);
    // /post in the new bot says where we were, not a new draft.
    await restarted.handleUpdate(text(seller, '/post') as Update);
    expect(textsTo(bot, 7004).slice(-2)).toEqual([
      "You have a deal in progress; let's go on where we were. Send /cancel to start again.",
      '🏷 What is the product or service called?',
    ]);
  }, 30_000);

  it('forgets a draft 24 hours after its last change', async () => {
    const seller = person(7005);
    const saved = process.env.SEFER_NOW;
    const at = (ms: number) => (process.env.SEFER_NOW = new Date(FIXED_NOW.getTime() + ms).toISOString());
    try {
      await sendAll(bot, t.db, text(seller, '/post'));
      // A change keeps it another 24 hours.
      at(20 * HOUR);
      await sendAll(bot, t.db, photo(seller, await sentPhoto(bot.fake)));
      expect((await draftRow(t.db, 7005))?.expiresAt).toEqual(new Date(FIXED_NOW.getTime() + 44 * HOUR));
      at(43 * HOUR);
      expect(await registeredSchedule('forget-telegram-drafts')!.run(t.db, requestClock())).toBe(0);
      expect(await draftRow(t.db, 7005)).toBeDefined();

      at(44 * HOUR + 60_000);
      await sendAll(bot, t.db, press(seller, 'post:done'));
      expect(bot.fake.calls('answerCallbackQuery').at(-1)?.params.text).toBe('This is no longer open. Send /post to post a deal.');
      await draftAt(t.db, 7006, 'photos', { photos: [], video: null });
      at(69 * HOUR);
      expect(await registeredSchedule('forget-telegram-drafts')!.run(t.db, requestClock())).toBe(1);
      expect(await t.db.select().from(telegramDrafts)).toHaveLength(0);
    } finally {
      process.env.SEFER_NOW = saved;
    }
  }, 30_000);
});
