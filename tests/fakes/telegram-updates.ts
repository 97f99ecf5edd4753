/**
 * Updates as Telegram delivers them to the webhook (a message, a command, a button press, a shared
 * location), and how tests read the bot's answers recorded by the fake Bot API.
 */
export interface TelegramPerson {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type TelegramUpdate = { update_id: number } & Record<string, unknown>;

/** Update builders with increasing update ids from `firstId`, dated by `now`. */
export function telegramUpdates(firstId: number, now: () => Date = () => new Date()) {
  let next = firstId;
  const chatOf = (from: TelegramPerson) => ({ id: from.id, type: 'private' as const, first_name: from.first_name });
  const user = (from: TelegramPerson) => ({ language_code: 'en', ...from, is_bot: false });
  const date = () => Math.floor(now().getTime() / 1000);
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
