/**
 * Account notices (decision 27): the kinds of news Sefer sends an account, what a notice carries
 * for each channel, and which channels a kind goes to. Pure; the sending is notify.server.ts.
 */
import type { Locale } from '#platform/i18n/locales.ts';

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
