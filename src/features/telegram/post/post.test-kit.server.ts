/**
 * What the "post a deal" data tests share: real photos made by sharp and handed to the fake Bot
 * API, a draft ready to submit, the chat's draft row, and the buttons and keyboards of a message.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '#db/client.ts';
import { telegramChats, telegramDrafts } from '#db/schema.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import type { FakeTelegram } from '#tests/fakes/telegram-server.ts';
import { inlineButtons, sentText, type SentCall, type SentFile } from '#tests/fakes/telegram-updates.ts';
import type { FakeBot } from '../bot.test-kit.server.ts';
import type { PostDraft, PostStep } from './post-draft.ts';
import { saveDraft } from './post-store.server.ts';

/** A photo as a phone sends it: a JPEG (or PNG) of a plain colour. */
export function photoBytes(options: { width?: number; height?: number; png?: boolean; colour?: string } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 640, height: options.height ?? 480, channels: 3, background: options.colour ?? '#2e86c1' },
  });
  return (options.png ? image.png() : image.jpeg()).toBuffer();
}

/** A photo the fake holds, as an update carries it. */
export async function sentPhoto(fake: FakeTelegram, options: Parameters<typeof photoBytes>[0] = {}): Promise<SentFile> {
  return fake.addFile(await photoBytes(options), options.png ? 'photo.png' : 'photo.jpg');
}

/** A draft every rule accepts, its two photos real files of the fake. */
export async function readyDraft(fake: FakeTelegram, overrides: Partial<PostDraft> = {}): Promise<PostDraft> {
  const photos = [await sentPhoto(fake), await sentPhoto(fake, { png: true, colour: '#27ae60' })];
  return {
    photos: photos.map((p) => ({ fileId: p.file_id, size: p.file_size })),
    video: null,
    product: 'Buna',
    company: 'Abebe Coffee',
    category: 'foods',
    discount: '20',
    days: 7,
    location: 'Bole Medhanialem',
    latitude: 8.9963,
    longitude: 38.7868,
    phone: '+251911000000',
    description: 'Fresh coffee, roasted daily.',
    telegram: '@abebe_coffee',
    ...overrides,
  };
}

/** A chat the bot knows (in `locale`), as its first message leaves it. */
export async function knownChat(db: Database, chatId: number, locale: 'en' | 'am' = 'en', username: string | null = null): Promise<void> {
  await db.insert(telegramChats).values({ chatId, firstName: 'Abebe', username, locale }).onConflictDoNothing();
}

/** A chat with a draft at `step` (the chat known first). */
export async function draftAt(db: Database, chatId: number, step: PostStep, draft: PostDraft, locale: 'en' | 'am' = 'en'): Promise<void> {
  await knownChat(db, chatId, locale);
  await saveDraft(db, chatId, step, draft, new Date(process.env.SEFER_NOW ?? Date.now()));
}

/** The chat's draft row, or undefined. */
export async function draftRow(db: Database, chatId: number) {
  const [row] = await db.select().from(telegramDrafts).where(eq(telegramDrafts.chatId, chatId));
  return row;
}

/** The callback data of a message's inline buttons. */
export const callbacks = (sent: SentCall): string[] => inlineButtons(sent).flatMap((b) => (b.callback_data ? [b.callback_data] : []));

type ReplyButton = { text: string; request_location?: boolean; request_contact?: boolean };

/** The reply keyboard (under the typing field) a message set, button after button. */
export const replyKeyboard = (sent: SentCall): ReplyButton[] =>
  ((sent.params.reply_markup as { keyboard?: ReplyButton[][] } | undefined)?.keyboard ?? []).flat();

/** A message's words in a language (what the bot should have said there). */
export const said = <T>(locale: 'en' | 'am', words: () => T): T => inLocale(locale, words);

/** The webhook answered 200 for each update, one after another. */
export async function sendAll(bot: FakeBot, db: Database, ...updates: object[]): Promise<void> {
  for (const update of updates) {
    const response = await bot.deliver(db, update);
    expect(response.status, JSON.stringify(update).slice(0, 200)).toBe(200);
  }
}

/** The texts the bot sent to a chat, oldest first. */
export const textsTo = (bot: FakeBot, chatId: number): string[] => bot.sentTo(chatId).map(sentText);
