/**
 * The rules of the web form, said by the bot in the chat's language (English and Amharic): each
 * message of spec section 5 at Submit (a draft changed behind the conversation's back), then that
 * question again; the upload checks on a sent file (not an image, more than 7 photos, over the
 * bot's 20 MB, a video over 30 s); and a typed phone or Telegram the form would refuse.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { m } from '#paraglide/messages.js';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { skipVideos, useUploadSamples } from '#features/media/uploads.test-kit.server.ts';
import { uploadsSnapshot } from '#features/media/upload-metrics.test-kit.server.ts';
import { person, useFakeBot } from '../bot.test-kit.server.ts';
import type { PostDraft, PostStep } from './post-draft.ts';
import { draftAt, draftRow, readyDraft, said, sendAll, textsTo } from './post.test-kit.server.ts';

const bot = useFakeBot();
const samples = useUploadSamples(['mp4Long']);
const { text, press, photo, document, video, contact } = telegramUpdates(700_000, requestClock);
const MB = 1024 * 1024;
let nextChat = 8000;

/** The question the bot asks again for a step, as its texts (the place asks with two messages). */
const question: Partial<Record<PostStep, () => string[]>> = {
  photos: () => [m.tgpost_ask_photos({ max: 7 })],
  category: () => [m.tgpost_ask_category()],
  discount: () => [m.tgpost_ask_discount()],
  place: () => [m.tgpost_ask_place(), m.tgpost_ask_place_list()],
  description: () => [m.tgpost_ask_description()],
  telegram: () => [m.tgpost_ask_telegram_typed()],
  phone: () => [m.tgpost_ask_phone()],
};

/** Spec section 5's rules, a draft breaking each, and the question asked again. */
const SECTION_5: [string, Partial<PostDraft>, () => string, PostStep][] = [
  ['category', { category: 'not-a-category' }, () => LISTING_MESSAGES.category, 'category'],
  ['discount', { discount: '17' }, () => LISTING_MESSAGES.discount, 'discount'],
  ['latitude & longitude', { latitude: 95, longitude: 200 }, () => LISTING_MESSAGES.coordinates, 'place'],
  ['description', { description: '   ' }, () => LISTING_MESSAGES.description, 'description'],
  ['location', { location: '' }, () => LISTING_MESSAGES.location, 'place'],
  ['Telegram', { telegram: '' }, () => LISTING_MESSAGES.telegram, 'telegram'],
  ['phone', { phone: '' }, () => LISTING_MESSAGES.phone, 'phone'],
  ['logo', { photos: [] }, () => LISTING_MESSAGES.logo, 'photos'],
  [
    'more than 10 images',
    { photos: Array.from({ length: 12 }, (_, i) => ({ fileId: `photo-${i}`, size: 1000 })) },
    () => LISTING_MESSAGES.tooManyImages,
    'photos',
  ],
];

describe.each(drivers())('the form rules in the bot on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });
  beforeEach(() => bot.fake.clear());

  describe.each(['en', 'am'] as const)('in %s', (locale) => {
    /** A chat of its own (no wait for Telegram's one message a second per chat). */
    const chat = () => {
      const id = nextChat++;
      return { id, from: person(id, locale) };
    };

    it('answers each rule of spec section 5 at Submit with its message, then asks that field again', async () => {
      for (const [rule, change, message, step] of SECTION_5) {
        const { id, from } = chat();
        await draftAt(t.db, id, 'summary', { ...(await readyDraft(bot.fake)), ...change }, locale);
        await sendAll(bot, t.db, press(from, 'post:submit'));
        const expected = [said(locale, message), ...said(locale, question[step]!)];
        expect(textsTo(bot, id), rule).toEqual(expected);
        if (locale === 'am') expect(expected[0], rule).not.toBe(said('en', message));
        const row = await draftRow(t.db, id);
        expect(row?.step, rule).toBe(step);
        expect(row?.data, rule).toMatchObject({ editing: true });
      }
      // Nothing was fetched from Telegram for a draft the rules refuse.
      expect(bot.fake.calls('getFile')).toHaveLength(0);
    }, 60_000);

    it('refuses a file that is not an image, an eighth photo, and a file over 20 MB', async () => {
      const notImage = chat();
      await draftAt(t.db, notImage.id, 'photos', { photos: [], video: null }, locale);
      const notes = bot.fake.addFile(new TextEncoder().encode('price list: coffee 100 birr'), 'notes.txt');
      const counted = await uploadsSnapshot();
      await sendAll(bot, t.db, document(notImage.from, notes, 'notes.txt', 'text/plain'));
      expect(textsTo(bot, notImage.id)).toEqual([said(locale, () => m.form_srv_not_image({ name: m.form_srv_label_product_photo() }))]);
      expect(await counted('telegram', 'image', 'refused')).toBe(1);
      expect((await draftRow(t.db, notImage.id))?.data).toMatchObject({ photos: [] });

      const full = chat();
      const seven = Array.from({ length: 7 }, (_, i) => ({ fileId: `kept-${i}`, size: 1000 }));
      await draftAt(t.db, full.id, 'photos', { photos: seven, video: null }, locale);
      await sendAll(bot, t.db, photo(full.from, bot.fake.addFile(new Uint8Array(10), 'eighth.jpg')));
      expect(textsTo(bot, full.id)).toEqual([said(locale, () => m.tgpost_photos_max({ max: 7 }))]);

      const tooBig = said(locale, () => m.tgpost_file_too_big({ mb: 20 }));
      const declared = chat();
      await draftAt(t.db, declared.id, 'photos', { photos: [], video: null }, locale);
      const huge = { file_id: 'huge-file', file_unique_id: 'huge', file_size: 21 * MB };
      await sendAll(bot, t.db, document(declared.from, huge, 'scan.tiff', 'image/tiff'));
      expect(textsTo(bot, declared.id)).toEqual([tooBig]);
      // A size Telegram only tells at getFile.
      const told = chat();
      await draftAt(t.db, told.id, 'photos', { photos: [], video: null }, locale);
      const big = bot.fake.addFile(new Uint8Array(21 * MB), 'big.jpg');
      await sendAll(bot, t.db, document(told.from, { ...big, file_size: 1000 }));
      expect(textsTo(bot, told.id)).toEqual([tooBig]);
      expect(bot.fake.calls('getFile').map((c) => c.params.file_id)).toEqual([notes.file_id, big.file_id]);
    }, 60_000);

    it.skipIf(skipVideos)(
      'refuses a video over 30 seconds, as Telegram says it and as measured',
      async () => {
        const tooLong = said(locale, () => LISTING_MESSAGES.videoTooLong);
        const declared = chat();
        await draftAt(t.db, declared.id, 'video', { photos: [{ fileId: 'p', size: 1 }], video: null }, locale);
        const long = bot.fake.addFile(samples.videos.mp4Long!, 'long.mp4');
        await sendAll(bot, t.db, video(declared.from, long, 31));
        expect(textsTo(bot, declared.id)).toEqual([tooLong]);
        expect(bot.fake.calls('getFile')).toHaveLength(0);
        // Telegram's length is only a hint: the file itself is measured.
        const measured = chat();
        await draftAt(t.db, measured.id, 'video', { photos: [{ fileId: 'p', size: 1 }], video: null }, locale);
        await sendAll(bot, t.db, video(measured.from, long, 4));
        expect(textsTo(bot, measured.id)).toEqual([tooLong]);
        expect((await draftRow(t.db, measured.id))?.step).toBe('video');
      },
      60_000,
    );

    it('refuses a typed phone or Telegram name the form would refuse, and a contact that is not theirs', async () => {
      const phone = chat();
      await draftAt(t.db, phone.id, 'phone', await readyDraft(bot.fake, { phone: undefined }), locale);
      await sendAll(bot, t.db, text(phone.from, 'call me'));
      expect(textsTo(bot, phone.id)).toEqual([said(locale, () => LISTING_MESSAGES.phoneInvalid)]);
      const other = chat();
      await draftAt(t.db, other.id, 'phone', await readyDraft(bot.fake, { phone: undefined }), locale);
      await sendAll(bot, t.db, contact(other.from, '+251911000001', 424242));
      expect(textsTo(bot, other.id)).toEqual([said(locale, () => m.tgpost_contact_not_own())]);
      const telegram = chat();
      await draftAt(t.db, telegram.id, 'telegram', await readyDraft(bot.fake, { telegram: undefined }), locale);
      await sendAll(bot, t.db, text(telegram.from, 'ab'));
      expect(textsTo(bot, telegram.id)).toEqual([said(locale, () => LISTING_MESSAGES.telegramInvalid)]);
      for (const { id } of [phone, other, telegram]) expect((await draftRow(t.db, id))?.step).not.toBe('summary');
    }, 30_000);
  });
});
