/**
 * Submit: the draft becomes a listing waiting for verification, under the web form's rules. The
 * account is the one linked to the person's Telegram (made now, as Telegram sign-in makes it, when
 * there is none); a banned account is refused. The whole draft is judged by validateListing (a
 * failing rule answers the spec's message and asks that field again); the files are fetched again
 * from Telegram, checked and stored re-encoded; then submitListing, and the draft is gone in the
 * same transaction, so a second Submit finds nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { telegramDrafts } from '#db/schema.ts';
import { getAuth } from '#features/accounts/auth.server.ts';
import { telegramLoginEnabled } from '#features/accounts/telegram-login/login.server.ts';
import { submitListing } from '#features/listings/seller-listings.server.ts';
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { deleteMedia, listingMedia } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from '../bot.server.ts';
import { linkedAccountOf, type LinkedAccount } from '../linked-account.server.ts';
import { ask, lastListingOf } from './post-ask.server.ts';
import { SUBMITTING } from './post-draft.ts';
import { storeDraftMedia } from './post-media.server.ts';
import { checkDraft } from './post-steps.ts';
import { claimDraft, releaseDraft, saveDraft } from './post-store.server.ts';

/** The draft was cancelled while its files were being stored: nothing is submitted. */
class DraftGone extends Error {}

/**
 * The account of the person posting: the linked one, else one made now exactly as "Continue with
 * Telegram" makes it (the sign-in's own code, through better-auth); null when accounts are not
 * Sefer's own (Clerk) and there is none.
 */
async function accountOf(ctx: SeferContext): Promise<LinkedAccount | null> {
  const from = ctx.from!;
  const linked = await linkedAccountOf(ctx.db, from.id);
  if (linked || !telegramLoginEnabled()) return linked;
  const auth = await getAuth(ctx.db);
  await auth.api.telegramBotAccount({
    body: { telegram: { id: from.id, firstName: from.first_name, lastName: from.last_name ?? null, username: from.username ?? null } },
  });
  return linkedAccountOf(ctx.db, from.id);
}

/** Submits the chat's draft (its summary's Submit). */
export async function submitDraft(ctx: SeferContext): Promise<void> {
  const { db } = ctx;
  const chatId = ctx.chat!.id;
  const now = ctx.now();
  const linked = await linkedAccountOf(db, ctx.from!.id);
  if (linked?.banned) {
    await ctx.reply(m.tgpost_banned());
    return;
  }
  // Only one Submit takes the draft; a second press (or a press after it) finds none.
  const draft = await claimDraft(db, chatId, now);
  if (!draft) {
    await ctx.reply(m.tgpost_expired());
    return;
  }
  try {
    const last = linked ? await lastListingOf(db, linked.user.id) : null;
    const check = checkDraft(draft, Boolean(last?.logo));
    if (!check.ok) {
      // The spec's message, then that question again (photos from the start); the summary comes back after the answer.
      const fix = { ...draft, editing: true, ...(check.step === 'photos' ? { photos: [] } : {}) };
      await saveDraft(db, chatId, check.step, fix, now);
      await ctx.reply(check.message);
      await ask(ctx, check.step, fix);
      return;
    }
    const account = await accountOf(ctx);
    if (!account) {
      await releaseDraft(db, chatId, 'summary', now);
      await ctx.reply(m.tgpost_link_first({ url: `${ctx.siteUrl}${localHref('/login', ctx.locale)}` }));
      return;
    }
    await ctx.reply(m.tgpost_sending());
    const media = await storeDraftMedia({ api: ctx.api, telegram: ctx.telegram }, draft, last?.logo ?? null);
    if (!media.ok) {
      await releaseDraft(db, chatId, 'summary', now);
      await ctx.reply(media.message);
      return;
    }
    const listing = { ...check.fields, ...media.value };
    try {
      await db.transaction(async (tx) => {
        const writer = tx as unknown as Database;
        await submitListing(writer, account.user, listing, now);
        const gone = await writer
          .delete(telegramDrafts)
          .where(and(eq(telegramDrafts.chatId, chatId), eq(telegramDrafts.step, SUBMITTING)))
          .returning({ chatId: telegramDrafts.chatId });
        if (gone.length === 0) throw new DraftGone();
      });
    } catch (error) {
      // The listing and its draft are one transaction; the stored files go too.
      await deleteMedia(mediaStorage(), listingMedia(listing));
      if (error instanceof DraftGone) return;
      throw error;
    }
    await ctx.reply(m.tgpost_submitted({ success: LISTING_MESSAGES.success }));
  } catch (error) {
    await releaseDraft(db, chatId, 'summary', now);
    throw error;
  }
}
