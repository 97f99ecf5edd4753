/**
 * The questions of "post a deal", as the bot asks them in the chat's language: each step's text and
 * buttons. Inline buttons carry short fixed `post:` data (a category key, a discount, a place's
 * number): nothing secret, and a press acts only on the pressing chat's own draft.
 */
import { desc, eq } from 'drizzle-orm';
import { InlineKeyboard, Keyboard } from 'grammy';
import type { Database } from '#db/client.ts';
import { listings, type StoredImage } from '#db/schema.ts';
import { DISCOUNT_OPTIONS, WAITING } from '#features/listings/discount.ts';
import { PLACES } from '#features/listings/places.ts';
import { MAX_VIDEO_SECONDS } from '#features/media/uploads.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from '../bot.server.ts';
import { linkedAccountOf } from '../linked-account.server.ts';
import { MAX_POST_PHOTOS, type PostDraft, type PostStep } from './post-draft.ts';
import {
  CATEGORY_PAGE_SIZE,
  categoryChoices,
  DAY_CHOICES,
  daysText,
  EDITABLE_STEPS,
  stepLabel,
  summaryText,
  type EditableStep,
} from './post-steps.ts';

/** The seller's latest listing: the business name offered again, the logo used again. */
export interface LastListing {
  companyName: string;
  logo: StoredImage | null;
}

/** The latest listing of an account, if it has one. */
export async function lastListingOf(db: Database, userId: string): Promise<LastListing | null> {
  const [row] = await db
    .select({ companyName: listings.companyName, logo: listings.logo })
    .from(listings)
    .where(eq(listings.ownerId, userId))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(1);
  return row ?? null;
}

/** The latest listing of the Telegram user's linked account, if any. */
export async function lastListingOfChat(ctx: SeferContext): Promise<LastListing | null> {
  const account = ctx.from ? await linkedAccountOf(ctx.db, ctx.from.id) : null;
  return account ? lastListingOf(ctx.db, account.user.id) : null;
}

export const doneKeyboard = () => new InlineKeyboard().text(m.tgpost_done(), 'post:done');
export const skipVideoKeyboard = () => new InlineKeyboard().text(m.tgpost_skip(), 'post:skipvideo');

/** One page of every category, two a row, with the pages before and after. */
export function categoryPage(page: number): InlineKeyboard {
  const choices = categoryChoices();
  const pages = Math.ceil(choices.length / CATEGORY_PAGE_SIZE);
  const current = Math.min(Math.max(page, 0), pages - 1);
  const keyboard = new InlineKeyboard();
  choices.slice(current * CATEGORY_PAGE_SIZE, (current + 1) * CATEGORY_PAGE_SIZE).forEach((choice, i) => {
    keyboard.text(choice.label, `post:cat:${choice.key}`);
    if (i % 2 === 1) keyboard.row();
  });
  keyboard.row();
  if (current > 0) keyboard.text(m.tgpost_previous(), `post:catpage:${current - 1}`);
  if (current < pages - 1) keyboard.text(m.tgpost_more(), `post:catpage:${current + 1}`);
  return keyboard;
}

/** The categories a typed word matched, then the way to the full list. */
export function categoryMatchesKeyboard(keys: readonly string[]): InlineKeyboard {
  const labels = new Map(categoryChoices().map((c) => [c.key, c.label]));
  const keyboard = new InlineKeyboard();
  for (const key of keys) keyboard.text(labels.get(key) ?? key, `post:cat:${key}`).row();
  return keyboard.text(m.tgpost_all_categories(), 'post:catpage:0');
}

function discountKeyboard(): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  DISCOUNT_OPTIONS.forEach((option, i) => {
    keyboard.text(option.label, `post:disc:${option.value}`);
    if (i % 4 === 3) keyboard.row();
  });
  return keyboard;
}

function daysKeyboard(): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const days of DAY_CHOICES) keyboard.text(daysText(days), `post:days:${days}`);
  return keyboard;
}

/** Every neighbourhood, named in both languages (the chat's first). */
function placesKeyboard(ctx: SeferContext): InlineKeyboard {
  const other = ctx.locale === 'am' ? 'en' : 'am';
  const keyboard = new InlineKeyboard();
  PLACES.forEach((place, i) => {
    const second = inLocale(other, () => place.label);
    keyboard.text(second === place.label ? place.label : `${place.label} · ${second}`, `post:place:${i}`);
    if (i % 2 === 1) keyboard.row();
  });
  return keyboard;
}

/** The summary's buttons: Submit, Edit a field, Cancel. */
const summaryKeyboard = () =>
  new InlineKeyboard()
    .text(m.tgpost_submit(), 'post:submit')
    .row()
    .text(m.tgpost_edit(), 'post:edit')
    .text(m.tgpost_cancel(), 'post:cancel');

/** The fields the summary may go back to (days only for a discount that has them). */
export function editKeyboard(draft: PostDraft): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const steps = EDITABLE_STEPS.filter((step) => step !== 'days' || (draft.discount !== undefined && draft.discount !== WAITING));
  steps.forEach((step: EditableStep, i) => {
    keyboard.text(stepLabel(step), `post:edit:${step}`);
    if (i % 3 === 2) keyboard.row();
  });
  return keyboard.row().text(m.tgpost_back(), 'post:back');
}

/** Asks the question of `step` (the summary, for `summary`). */
export async function ask(ctx: SeferContext, step: PostStep, draft: PostDraft): Promise<void> {
  switch (step) {
    case 'photos':
      await ctx.reply(
        m.tgpost_ask_photos({ max: MAX_POST_PHOTOS }),
        draft.photos.length > 0 ? { reply_markup: doneKeyboard() } : { reply_markup: { remove_keyboard: true } },
      );
      return;
    case 'video':
      await ctx.reply(m.tgpost_ask_video({ seconds: MAX_VIDEO_SECONDS }), { reply_markup: skipVideoKeyboard() });
      return;
    case 'product':
      await ctx.reply(m.tgpost_ask_product());
      return;
    case 'company': {
      const last = await lastListingOfChat(ctx);
      if (last) {
        await ctx.reply(m.tgpost_ask_company_last(), {
          reply_markup: new InlineKeyboard().text(last.companyName.slice(0, 60), 'post:company'),
        });
      } else {
        await ctx.reply(m.tgpost_ask_company());
      }
      return;
    }
    case 'category':
      await ctx.reply(m.tgpost_ask_category(), { reply_markup: categoryPage(0) });
      return;
    case 'discount':
      await ctx.reply(m.tgpost_ask_discount(), { reply_markup: discountKeyboard() });
      return;
    case 'days':
      await ctx.reply(m.tgpost_ask_days(), { reply_markup: daysKeyboard() });
      return;
    case 'place':
      await ctx.reply(m.tgpost_ask_place(), {
        reply_markup: new Keyboard().requestLocation(m.tgpost_share_location()).resized().oneTime(),
      });
      await ctx.reply(m.tgpost_ask_place_list(), { reply_markup: placesKeyboard(ctx) });
      return;
    case 'phone':
      await ctx.reply(m.tgpost_ask_phone(), {
        reply_markup: new Keyboard().requestContact(m.tgpost_share_contact()).resized().oneTime(),
      });
      return;
    case 'description':
      await ctx.reply(m.tgpost_ask_description(), { reply_markup: new InlineKeyboard().text(m.tgpost_skip(), 'post:skipdesc') });
      return;
    case 'telegram': {
      const username = ctx.from?.username;
      if (username) {
        await ctx.reply(m.tgpost_ask_telegram(), {
          reply_markup: new InlineKeyboard().text(m.tgpost_use_username({ username }), 'post:tgme'),
        });
      } else {
        await ctx.reply(m.tgpost_ask_telegram_typed());
      }
      return;
    }
    case 'summary':
      await ctx.reply(summaryText(draft), { parse_mode: 'HTML', reply_markup: summaryKeyboard() });
      return;
  }
}
