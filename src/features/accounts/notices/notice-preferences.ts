/**
 * The notice choices of /profile (decision 27): the form's one schema, and the table the page shows
 * (a row a kind, a box a channel the account has). Pure; the saving is preferences.server.ts.
 */
import { z } from 'zod';
import { NOTICE_KINDS, channelsFor, noticeKindLabel, type Channels, type NoticeKind, type Reach } from './notices.ts';

export const NOTICE_CHANNELS = ['telegram', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** A field a form sends once, many times or not at all (unticked boxes send nothing), as a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(NOTICE_KINDS.length));

/**
 * The form's post: the channels it showed (`shown`: only those are changed), and for each channel
 * the kinds ticked (`telegram=renewal&telegram=listing-verified&email=refund`).
 */
export const noticeChoicesSchema = z.object({
  action: z.literal('notices'),
  shown: list(z.enum(NOTICE_CHANNELS)),
  telegram: list(z.enum(NOTICE_KINDS)),
  email: list(z.enum(NOTICE_KINDS)),
});
export type NoticeChoicesPost = z.output<typeof noticeChoicesSchema>;

/** The choices of an account: what each kind goes to now (its choice within its reach, or the default). */
export type NoticeChoices = Record<NoticeKind, Channels>;

/** One row of the table on /profile. */
export interface NoticeChoiceRow {
  kind: NoticeKind;
  label: string;
  telegram: boolean;
  email: boolean;
}

/** The rows /profile shows, in NOTICE_KINDS order (labels in the current language). */
export function noticeChoiceRows(choices: NoticeChoices): NoticeChoiceRow[] {
  return NOTICE_KINDS.map((kind) => ({ kind, label: noticeKindLabel(kind), ...choices[kind] }));
}

/** Every kind's channels from the stored choices (a kind without one gets the default). */
export function choicesWithin(reach: Reach, stored: Partial<Record<NoticeKind, Channels>>): NoticeChoices {
  return Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, channelsFor(reach, stored[kind] ?? null)])) as NoticeChoices;
}

/**
 * What a post stores for one kind: a channel the form showed (and the account has) as ticked; any
 * other channel as it was, or "wanted" when never chosen, so that it counts, as the default does,
 * once the account can be reached that way.
 */
export function storedChoice(post: NoticeChoicesPost, reach: Reach, kind: NoticeKind, before: Channels | undefined): Channels {
  const chosen = (channel: NoticeChannel) =>
    post.shown.includes(channel) && reach[channel] ? post[channel].includes(kind) : (before?.[channel] ?? true);
  return { telegram: chosen('telegram'), email: chosen('email') };
}
