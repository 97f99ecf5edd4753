/**
 * Account notices (decision 27): the kinds of news Sefer sends an account, what a notice carries
 * for each channel, and which channels a kind goes to. Pure; the sending is notify.server.ts.
 */
import { locales, type Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

/** Every kind of account notice, in the order /profile lists them. */
export const NOTICE_KINDS = [
  'listing-verified',
  'listing-rejected',
  'listing-hidden',
  'renewal',
  'promotion',
  'refund',
  'order',
  'saved-search',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const isNoticeKind = (value: unknown): value is NoticeKind => (NOTICE_KINDS as readonly unknown[]).includes(value);

const KIND_LABELS: Record<NoticeKind, () => string> = {
  'listing-verified': m.notice_kind_listing_verified,
  'listing-rejected': m.notice_kind_listing_rejected,
  'listing-hidden': m.notice_kind_listing_hidden,
  renewal: m.notice_kind_renewal,
  promotion: m.notice_kind_promotion,
  refund: m.notice_kind_refund,
  order: m.notice_kind_order,
  'saved-search': m.notice_kind_saved_search,
};

/** What a kind is called on /profile and in the bot's answers (in the current language). */
export const noticeKindLabel = (kind: NoticeKind): string => KIND_LABELS[kind]();

/** Text in Telegram's HTML parse mode (names, reasons, links in attributes): the one escape of every bot text and notice. */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A Telegram notice in every language, from what it says in one. */
export function inEveryLocale<T>(words: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(locales.map((locale) => [locale, words(locale)])) as Record<Locale, T>;
}

/** A link button, or an action button the bot answers (its data is made opaque when sent). */
export type NoticeButton = { text: string; url: string } | { text: string; action: string; item: string };

/** A notice as the Telegram channel sends it: HTML text, rows of buttons. */
export interface TelegramNotice {
  text: string;
  buttons?: NoticeButton[][];
}

/** A notice as the email channel sends it (one email in both languages, as every Sefer email). */
export interface EmailNotice {
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** One notice to one account: its kind, the email, and the Telegram message in each language. */
export interface Notice {
  userId: string;
  kind: NoticeKind;
  email: EmailNotice;
  telegram: Record<Locale, TelegramNotice>;
}

export interface Channels {
  telegram: boolean;
  email: boolean;
}

/** What an account can be reached by. */
export interface Reach {
  /** A linked Telegram chat (sign-in with Telegram). */
  telegram: boolean;
  /** A confirmed, real email address. */
  email: boolean;
}

/** The default for every kind: Telegram when linked, email when confirmed, both when both. */
export function defaultChannels(reach: Reach): Channels {
  return { telegram: reach.telegram, email: reach.email };
}

/** Where a kind goes: the account's choice (or the default), within what can reach it. */
export function channelsFor(reach: Reach, chosen: Channels | null): Channels {
  const wanted = chosen ?? defaultChannels(reach);
  return { telegram: wanted.telegram && reach.telegram, email: wanted.email && reach.email };
}
