/**
 * Contact links as sellers type them: a Telegram link or username, and http(s) addresses (the second
 * messenger and the website); what a Telegram contact is, and the words and prefilled message of its
 * button. Pure and isomorphic: the standard `URL` global and the message catalogue.
 */
import type { TelegramContactKind } from '#db/schema.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { listingPath } from './listing-urls.ts';

const TELEGRAM_USERNAME = /^[A-Za-z0-9_]{5,32}$/;
const TELEGRAM_LINK = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(.*)$/i;

/**
 * `https://t.me/{name}` for a Telegram link or username as sellers type it: `https://t.me/name`,
 * `t.me/name`, `telegram.me/name`, `@name` or `name` (5 to 32 letters, digits or _), or null.
 */
export function normalizeTelegram(value: string): string | null {
  const text = value.trim();
  const link = TELEGRAM_LINK.exec(text);
  let name: string;
  if (link) {
    // The first path segment is the username (a post link t.me/name/123 still names the channel).
    name = (link[1] ?? '').split(/[/?#]/)[0] ?? '';
    if (name.startsWith('@')) name = name.slice(1);
  } else {
    name = text.startsWith('@') ? text.slice(1) : text;
  }
  return TELEGRAM_USERNAME.test(name) ? `https://t.me/${name}` : null;
}

/**
 * An http(s) URL as typed, with `https://` put in front of a bare address (`example.com`), or null
 * when it is not a web address (another scheme, no dotted host name, spaces, credentials).
 */
export function normalizeHttpUrl(value: string): string | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  let withScheme = text;
  if (!/^https?:\/\//i.test(text)) {
    // Another scheme (mailto:, javascript:, ftp://) is refused; `host:8080` is a bare address.
    if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null;
    withScheme = `https://${text.replace(/^\/+/, '')}`;
  }
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!/^[^.]+(\.[^.]+)*\.[a-z0-9-]{2,}$/i.test(url.hostname)) return null;
  return withScheme;
}

/**
 * What a seller's Telegram contact is: a person, a bot (both take a prefilled message), or a public
 * channel or group (t.me ignores `?text=` there). Found in the background by Telegram's bot
 * (features/telegram/contact-kinds.server.ts) and kept per username; unknown until then.
 */
export type { TelegramContactKind };

/** The lower-case username of a seller's `https://t.me/{name}` link (as normalizeTelegram stores it), or null. */
export function telegramUsername(link: string | null | undefined): string | null {
  const match = /^https:\/\/t\.me\/([A-Za-z0-9_]{5,32})$/.exec(link?.trim() ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** Bots' usernames end in "bot" (BotFather's rule), so a bot is known without asking Telegram. */
export function isBotUsername(username: string): boolean {
  return /bot$/i.test(username);
}

/** The contact's kind: what Telegram said (`stored`), else a bot by its name, else not known yet (null). */
export function telegramContactKind(
  link: string | null | undefined,
  stored: TelegramContactKind | null | undefined,
): TelegramContactKind | null {
  if (stored) return stored;
  const username = telegramUsername(link);
  return username && isBotUsername(username) ? 'bot' : null;
}

/** A person or a bot gets the prefilled message; unknown counts as a person (t.me ignores it for channels). */
export function takesPrefilledMessage(kind: TelegramContactKind | null | undefined): boolean {
  return kind !== 'channel' && kind !== 'group';
}

/** The Telegram button's words: "Message the seller…" to a person or bot, "Visit the…channel" to a channel, neutral while unknown. */
export function telegramContactLabel(kind: TelegramContactKind | null | undefined): string {
  switch (kind) {
    case 'person':
    case 'bot':
      return m.contact_message_seller();
    case 'channel':
      return m.contact_visit_channel();
    case 'group':
      return m.contact_visit_group();
    default:
      return m.listings_contact_telegram();
  }
}

/** Product names longer than this are cut (with …) in the prefilled message: Telegram links stay short. */
const PREFILL_PRODUCT_CHARS = 60;

/** The prefilled message, in the current page's language: the deal's product and its Sefer address. */
export function contactMessage(productName: string, dealUrl: string): string {
  const name = productName.trim().replace(/\s+/g, ' ');
  const chars = [...name];
  const product =
    chars.length > PREFILL_PRODUCT_CHARS
      ? `${chars
          .slice(0, PREFILL_PRODUCT_CHARS - 1)
          .join('')
          .trimEnd()}…`
      : name;
  return m.contact_prefill({ product, link: dealUrl });
}

/** `target` (a plain https://t.me/{name} address) with `text` prefilled, percent-encoded (spaces as %20). */
export function withPrefilledText(target: string, text: string): string {
  const url = new URL(target);
  return `${url.origin}${url.pathname}?text=${encodeURIComponent(text)}`;
}

/**
 * Where a tap on a listing's Telegram button leads: its plain `https://t.me/{name}` address
 * (`target`, or null), with a message naming the deal and its absolute address on `siteUrl` (in the
 * current page's language) prefilled for a person or a bot, or while the kind is not known.
 */
export function telegramContactHref(
  siteUrl: string,
  listing: { id: number; productName: string; contactTelegram: string | null },
  target: string | null,
  kind: TelegramContactKind | null,
): string | null {
  if (!target || !telegramUsername(listing.contactTelegram) || !takesPrefilledMessage(kind)) return target;
  const dealUrl = new URL(localHref(listingPath(listing)), siteUrl).href;
  return withPrefilledText(target, contactMessage(listing.productName, dealUrl));
}
