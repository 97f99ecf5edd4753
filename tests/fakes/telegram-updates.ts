/**
 * Updates as Telegram delivers them to the webhook (a message, a command, a button press, a shared
 * location, a photo, a file, a video, a contact, a reply), and how tests read the bot's answers
 * recorded by the fake Bot API.
 */
export interface TelegramPerson {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type TelegramUpdate = { update_id: number } & Record<string, unknown>;

/** A file the fake Bot API holds (its `addFile`), as a message carries it. */
export interface SentFile {
  file_id: string;
  file_unique_id: string;
  file_size: number;
}

/** Update builders with increasing update ids from `firstId`, dated by `now`. */
export function telegramUpdates(firstId: number, now: () => Date = () => new Date()) {
  let next = firstId;
  const chatOf = (from: TelegramPerson) => ({ id: from.id, type: 'private' as const, first_name: from.first_name });
  const user = (from: TelegramPerson) => ({ language_code: 'en', ...from, is_bot: false });
  const date = () => Math.floor(now().getTime() / 1000);
  const message = (from: TelegramPerson, content: Record<string, unknown>): TelegramUpdate => {
    const id = next++;
    return { update_id: id, message: { message_id: id, date: date(), chat: chatOf(from), from: user(from), ...content } };
  };
  return {
    /** A text message; one starting with /command carries the entity Telegram adds. */
    text(from: TelegramPerson, text: string): TelegramUpdate {
      const command = /^\/\w+/.exec(text)?.[0];
      const id = next++;
      return {
        update_id: id,
        message: {
          message_id: id,
          date: date(),
          chat: chatOf(from),
          from: user(from),
          text,
          ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
        },
      };
    },
    /** A press on an inline button with `data`, under one of the bot's messages. */
    press(from: TelegramPerson, data: string): TelegramUpdate {
      const id = next++;
      return {
        update_id: id,
        callback_query: {
          id: `cb-${id}`,
          from: user(from),
          chat_instance: 'ci',
          data,
          message: { message_id: 1, date: date(), chat: chatOf(from), text: 'menu' },
        },
      };
    },
    /** A location shared with the "Share my location" button. */
    location(from: TelegramPerson, latitude: number, longitude: number): TelegramUpdate {
      const id = next++;
      return {
        update_id: id,
        message: { message_id: id, date: date(), chat: chatOf(from), from: user(from), location: { latitude, longitude } },
      };
    },
    /**
     * A photo as Telegram delivers it: every size it made, the largest last (only `largest` is a
     * file the fake holds; the thumbnail's id is made up, so fetching it fails).
     */
    photo(from: TelegramPerson, largest: SentFile, size: { width: number; height: number } = { width: 1280, height: 960 }): TelegramUpdate {
      const thumb = {
        file_id: `${largest.file_id}-thumb`,
        file_unique_id: `${largest.file_unique_id}-t`,
        width: 90,
        height: 68,
        file_size: 1200,
      };
      return message(from, {
        photo: [thumb, { file_id: largest.file_id, file_unique_id: largest.file_unique_id, ...size, file_size: largest.file_size }],
      });
    },
    /** A file sent as a document ("send as file"), such as an uncompressed photo. */
    document(from: TelegramPerson, file: SentFile, fileName = 'photo.jpg', mimeType = 'image/jpeg'): TelegramUpdate {
      const { file_id, file_unique_id, file_size } = file;
      return message(from, { document: { file_id, file_unique_id, file_size, file_name: fileName, mime_type: mimeType } });
    },
    /** A video, with the length Telegram states (in whole seconds). */
    video(from: TelegramPerson, file: SentFile, duration: number): TelegramUpdate {
      const { file_id, file_unique_id, file_size } = file;
      return message(from, { video: { file_id, file_unique_id, file_size, duration, width: 160, height: 120, mime_type: 'video/mp4' } });
    },
    /** A contact: the person's own (the "Share my number" button) when `userId` is theirs. */
    contact(from: TelegramPerson, phoneNumber: string, userId: number | undefined = from.id): TelegramUpdate {
      return message(from, {
        contact: { phone_number: phoneNumber, first_name: from.first_name, ...(userId === undefined ? {} : { user_id: userId }) },
      });
    },
    /** A text answering one of the bot's messages (Telegram's "reply"). */
    reply(from: TelegramPerson, text: string, replyTo: { message_id: number; text?: string }): TelegramUpdate {
      const bot = { id: 123456, is_bot: true, first_name: 'Sefer' };
      return message(from, {
        text,
        reply_to_message: { message_id: replyTo.message_id, date: date(), chat: chatOf(from), from: bot, text: replyTo.text ?? '' },
      });
    },
  };
}

/** A call the fake recorded, as tests read it. */
export type SentCall = { method: string; params: Record<string, unknown>; status?: number };
export type InlineButton = { text: string; callback_data?: string; url?: string };

/** The inline keyboard of a sent message, row after row. */
export const inlineButtons = (sent: SentCall): InlineButton[] =>
  ((sent.params.reply_markup as { inline_keyboard?: InlineButton[][] } | undefined)?.inline_keyboard ?? []).flat();

/** The text of a sent message or the caption of a sent photo. */
export const sentText = (sent: SentCall): string => String(sent.params.text ?? sent.params.caption ?? '');
