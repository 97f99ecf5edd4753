/**
 * The notices part of /profile: its form's post (through `formAction`, the one schema) and what the
 * table shows: a row a kind, a box for each channel the account has (Telegram when linked, email
 * when confirmed), and how to get a channel it lacks.
 */
import type { AstroGlobal } from 'astro';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { formNotice, ok, type Notice } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';
import { telegramLoginEnabled } from '../telegram-login/login.server.ts';
import { noticeChoiceRows, noticeChoicesSchema, type NoticeChoiceRow } from './notice-preferences.ts';
import { noticeChoicesOf, saveNoticeChoices } from './preferences.server.ts';
import type { Reach } from './notices.ts';

export interface NoticePreferencesView {
  reach: Reach;
  rows: NoticeChoiceRow[];
  /** Telegram is not linked, and can be (then "Link Telegram" is the way to get it). */
  linkTelegram: boolean;
  /** Why there is no email column: no address yet, or one not confirmed. */
  email: 'confirmed' | 'add' | 'confirm';
  notice: Notice | null;
}

/** Null for a visitor who is not signed in (a post from one goes to sign in first). */
export async function noticePreferencesPage(page: AstroGlobal): Promise<NoticePreferencesView | null> {
  if (!page.locals.user) {
    if (page.request.method === 'POST') requireUser(page);
    return null;
  }
  const { db, user } = page.locals;
  const saved = await formAction(page, noticeChoicesSchema, async (post) => ok(await saveNoticeChoices(db, user.id, post)));
  const { reach, choices } = await noticeChoicesOf(db, user.id);
  return {
    reach,
    rows: noticeChoiceRows(choices),
    linkTelegram: !reach.telegram && telegramLoginEnabled(),
    email: reach.email ? 'confirmed' : user.email ? 'confirm' : 'add',
    // Boxes can only send known kinds: a refused post was tampered with or is stale (no field to mark).
    notice:
      saved?.ok === false
        ? { kind: 'error', text: m.notice_prefs_refused() }
        : formNotice(saved, () => ({ kind: 'success', text: m.notice_prefs_saved() })),
  };
}
