/**
 * Posting a deal from the bot: `/post` (and the menu's button) starts a short conversation in the
 * chat's language, one question at a time (post-steps.ts), with the answers in the chat's draft
 * (post-store.server.ts) so a restart goes on where it was. `/cancel` ends it at any step; other
 * commands still work while it is open. Updates that are not the conversation's go on to the
 * next handlers.
 */
import { Composer } from 'grammy';
import { WAITING, isDiscountValue } from '#features/listings/discount.ts';
import { PLACES, type Place } from '#features/listings/places.ts';
import { MAX_VIDEO_SECONDS } from '#features/media/uploads.server.ts';
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from '../bot.server.ts';
import { linkedAccountOf } from '../linked-account.server.ts';
import {
  ask,
  categoryMatchesKeyboard,
  categoryPage,
  doneKeyboard,
  editKeyboard,
  lastListingOfChat,
  skipVideoKeyboard,
} from './post-ask.server.ts';
import { emptyDraft, MAX_POST_PHOTOS, type DraftFile, type PostDraft, type PostStep } from './post-draft.ts';
import { checkSentPhoto, checkSentVideo } from './post-media.server.ts';
import {
  categoriesMatching,
  categoryChoices,
  fieldProblem,
  isEditableStep,
  nearestPlace,
  placeNamed,
  stepAfter,
  typedDays,
  typedDiscount,
} from './post-steps.ts';
import { addDraftPhoto, deleteDraft, openDraft, saveDraft, type OpenDraft } from './post-store.server.ts';
import { submitDraft } from './post-submit.server.ts';

export const postConversation = new Composer<SeferContext>();
const chat = postConversation.chatType('private');

type Chat = SeferContext & { chat: { id: number }; from: { id: number } };

const open = (ctx: Chat) => openDraft(ctx.db, ctx.chat.id, ctx.now());
const files = (ctx: SeferContext) => ({ api: ctx.api, telegram: ctx.telegram });

/** Saves the answer and asks the next question (the summary again while a field is edited). */
async function advance(ctx: Chat, from: PostStep, draft: PostDraft): Promise<void> {
  const step = stepAfter(draft, from);
  const next = step === 'summary' ? { ...draft, editing: undefined } : draft;
  await saveDraft(ctx.db, ctx.chat.id, step, next, ctx.now());
  await ask(ctx, step, next);
}

/** /post and the menu's button: a new draft, or the open one where it was. */
async function start(ctx: Chat): Promise<void> {
  const account = await linkedAccountOf(ctx.db, ctx.from.id);
  if (account?.banned) {
    await ctx.reply(m.tgpost_banned());
    return;
  }
  const current = await open(ctx);
  if (current) {
    await ctx.reply(m.tgpost_continue());
    await ask(ctx, current.step, current.draft);
    return;
  }
  const draft = emptyDraft();
  await saveDraft(ctx.db, ctx.chat.id, 'photos', draft, ctx.now());
  await ask(ctx, 'photos', draft);
}

chat.command('post', (ctx) => start(ctx));
chat.callbackQuery('menu:post', async (ctx) => {
  await ctx.answerCallbackQuery();
  await start(ctx);
});

chat.command('cancel', async (ctx, next) => {
  if (!(await deleteDraft(ctx.db, ctx.chat.id))) return next();
  await ctx.reply(m.tgpost_cancelled(), { reply_markup: { remove_keyboard: true } });
});

/** A typed answer: checked by the form's rule for that field, then the next question. */
async function typed(ctx: Chat, { step, draft }: OpenDraft, text: string): Promise<void> {
  const answer = text.trim();
  const checked = async (field: string, answered: PostDraft) => {
    const problem = fieldProblem(answered, field);
    if (problem) return void (await ctx.reply(problem));
    await advance(ctx, step, answered);
  };
  switch (step) {
    case 'photos':
      await ctx.reply(
        draft.photos.length === 0 ? m.tgpost_photos_first() : m.tgpost_photo_received({ count: draft.photos.length, max: MAX_POST_PHOTOS }),
        draft.photos.length === 0 ? {} : { reply_markup: doneKeyboard() },
      );
      return;
    case 'video':
      await ctx.reply(m.tgpost_send_video({ seconds: MAX_VIDEO_SECONDS }), { reply_markup: skipVideoKeyboard() });
      return;
    case 'product':
      return checked('product_name', { ...draft, product: answer });
    case 'company':
      return checked('company_name', { ...draft, company: answer });
    case 'category': {
      const matches = categoriesMatching(answer);
      const shown = answer.slice(0, 40);
      if (matches.length > 0)
        await ctx.reply(m.tgpost_category_matches({ word: shown }), { reply_markup: categoryMatchesKeyboard(matches) });
      else await ctx.reply(m.tgpost_category_none({ word: shown }), { reply_markup: categoryPage(0) });
      return;
    }
    case 'discount': {
      const discount = typedDiscount(answer);
      if (!discount) return void (await ctx.reply(m.tgpost_use_buttons()));
      return advance(ctx, step, withDiscount(draft, discount));
    }
    case 'days': {
      const days = typedDays(answer);
      if (days === null) return void (await ctx.reply(LISTING_MESSAGES.dayRange));
      return checked('discount_duration', { ...draft, days });
    }
    case 'place': {
      const place = placeNamed(answer);
      if (!place) return void (await ctx.reply(m.tgpost_place_use_buttons()));
      return placed(ctx, draft, place, place.lat, place.lng);
    }
    case 'phone':
      return phoned(ctx, draft, answer);
    case 'description':
      return checked('description', { ...draft, description: answer });
    case 'telegram':
      return checked('contact_telegram', { ...draft, telegram: answer });
    case 'summary':
      await ctx.reply(m.tgpost_use_buttons());
      return;
  }
}

/** A discount chosen: a waiting one has no days. */
function withDiscount(draft: PostDraft, discount: string): PostDraft {
  if (discount !== WAITING) return { ...draft, discount };
  const { days: _days, ...rest } = draft;
  return { ...rest, discount };
}

/** The place answered: its name (in the chat's language) and the coordinates. */
async function placed(ctx: Chat, draft: PostDraft, place: Place, latitude: number, longitude: number): Promise<void> {
  await ctx.reply(m.tgpost_place_saved({ place: place.label }), { reply_markup: { remove_keyboard: true } });
  await advance(ctx, 'place', { ...draft, location: place.label, latitude, longitude });
}

/** The phone answered (typed, or the person's own contact): the form's rule, then on. */
async function phoned(ctx: Chat, draft: PostDraft, phone: string): Promise<void> {
  const answered = { ...draft, phone };
  const problem = fieldProblem(answered, 'contact_phone');
  if (problem) return void (await ctx.reply(problem));
  await ctx.reply(m.tgpost_phone_saved({ phone }), { reply_markup: { remove_keyboard: true } });
  await advance(ctx, 'phone', answered);
}

chat.on('message:text', async (ctx, next) => {
  // Commands other than /post and /cancel (handled above) work as always, the draft kept.
  if (ctx.message.text.startsWith('/')) return next();
  const current = await open(ctx);
  if (!current) return next();
  await typed(ctx, current, ctx.message.text);
});

/** A photo or an image sent as a file, at the photos question: checked, then kept by its file id. */
async function photoSent(ctx: Chat, current: OpenDraft, sent: DraftFile): Promise<void> {
  const { draft } = current;
  const done = draft.photos.length > 0 ? { reply_markup: doneKeyboard() } : {};
  if (draft.photos.length >= MAX_POST_PHOTOS) return void (await ctx.reply(m.tgpost_photos_max({ max: MAX_POST_PHOTOS }), done));
  const checked = await checkSentPhoto(files(ctx), sent, draft.photos.length === 0);
  if (!checked.ok) return void (await ctx.reply(checked.message, done));
  const count = await addDraftPhoto(ctx.db, ctx.chat.id, sent, ctx.now());
  if (count === null) return void (await ctx.reply(m.tgpost_photos_max({ max: MAX_POST_PHOTOS }), { reply_markup: doneKeyboard() }));
  await ctx.reply(m.tgpost_photo_received({ count, max: MAX_POST_PHOTOS }), { reply_markup: doneKeyboard() });
}

/** The video, at the video question: its length as Telegram says it, then as measured here. */
async function videoSent(ctx: Chat, current: OpenDraft, sent: DraftFile, declaredSeconds: number): Promise<void> {
  if (declaredSeconds > MAX_VIDEO_SECONDS)
    return void (await ctx.reply(LISTING_MESSAGES.videoTooLong, { reply_markup: skipVideoKeyboard() }));
  const checked = await checkSentVideo(files(ctx), sent);
  if (!checked.ok) return void (await ctx.reply(checked.message, { reply_markup: skipVideoKeyboard() }));
  await advance(ctx, 'video', { ...current.draft, video: { ...sent, seconds: checked.durationSeconds } });
}

chat.on('message:photo', async (ctx, next) => {
  const current = await open(ctx);
  if (!current) return next();
  if (current.step !== 'photos') return ask(ctx, current.step, current.draft);
  // Telegram sends every size of a photo, the largest last.
  const largest = ctx.message.photo.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  await photoSent(ctx, current, { fileId: largest.file_id, size: largest.file_size ?? 0 });
});

chat.on('message:document', async (ctx, next) => {
  const current = await open(ctx);
  if (!current) return next();
  const { document } = ctx.message;
  const sent = { fileId: document.file_id, size: document.file_size ?? 0 };
  if (current.step === 'photos') return photoSent(ctx, current, sent);
  if (current.step === 'video') return videoSent(ctx, current, sent, 0);
  await ask(ctx, current.step, current.draft);
});

chat.on('message:video', async (ctx, next) => {
  const current = await open(ctx);
  if (!current) return next();
  if (current.step !== 'video') return ask(ctx, current.step, current.draft);
  const { video } = ctx.message;
  await videoSent(ctx, current, { fileId: video.file_id, size: video.file_size ?? 0 }, video.duration);
});

chat.on('message:location', async (ctx, next) => {
  const current = await open(ctx);
  if (current?.step !== 'place') return next();
  const { latitude, longitude } = ctx.message.location;
  await placed(ctx, current.draft, nearestPlace(latitude, longitude), latitude, longitude);
});

chat.on('message:contact', async (ctx, next) => {
  const current = await open(ctx);
  if (current?.step !== 'phone') return next();
  const { contact } = ctx.message;
  // Only the person's own number, as Telegram's button shares it; a forwarded card is not theirs.
  if (contact.user_id !== ctx.from.id) return void (await ctx.reply(m.tgpost_contact_not_own()));
  const digits = contact.phone_number.replace(/\s+/g, '');
  await phoned(ctx, current.draft, /^\d{10,}$/.test(digits) ? `+${digits}` : digits);
});

/** A press of a `post:` button: only for the question the draft is at, else it has expired. */
async function pressed(ctx: Chat & { callbackQuery: { data: string } }): Promise<void> {
  const [, action = '', value = ''] = /^post:(\w+)(?::(.*))?$/.exec(ctx.callbackQuery.data) ?? [];
  const current = await open(ctx);
  const expired = () => ctx.answerCallbackQuery({ text: m.tgpost_expired() });
  if (!current) return void (await expired());
  const { step, draft } = current;
  const at = (wanted: PostStep) => step === wanted;
  if (action === 'cancel') {
    await deleteDraft(ctx.db, ctx.chat.id);
    await ctx.answerCallbackQuery();
    await ctx.reply(m.tgpost_cancelled(), { reply_markup: { remove_keyboard: true } });
    return;
  }
  const go = async (answered: PostDraft) => {
    await ctx.answerCallbackQuery();
    await advance(ctx, step, answered);
  };
  if (action === 'done' && at('photos') && draft.photos.length > 0) return go(draft);
  if (action === 'skipvideo' && at('video')) return go({ ...draft, video: null });
  if (action === 'company' && at('company')) {
    const last = await lastListingOfChat(ctx);
    if (last) return go({ ...draft, company: last.companyName });
  }
  if (action === 'catpage' && at('category') && /^\d{1,2}$/.test(value)) {
    await ctx.answerCallbackQuery();
    await ctx
      .editMessageReplyMarkup({ reply_markup: categoryPage(Number(value)) })
      .catch(() => ctx.reply(m.tgpost_ask_category(), { reply_markup: categoryPage(Number(value)) }));
    return;
  }
  if (action === 'cat' && at('category') && categoryChoices().some((c) => c.key === value)) return go({ ...draft, category: value });
  if (action === 'disc' && at('discount') && isDiscountValue(value)) return go(withDiscount(draft, value));
  if (action === 'days' && at('days') && /^\d{1,2}$/.test(value) && !fieldProblem({ ...draft, days: Number(value) }, 'discount_duration')) {
    return go({ ...draft, days: Number(value) });
  }
  const place = /^\d{1,2}$/.test(value) ? PLACES[Number(value)] : undefined;
  if (action === 'place' && at('place') && place) {
    await ctx.answerCallbackQuery();
    return placed(ctx, draft, place, place.lat, place.lng);
  }
  if (action === 'skipdesc' && at('description')) return go({ ...draft, description: null });
  if (action === 'tgme' && at('telegram') && ctx.from.username) return go({ ...draft, telegram: `@${ctx.from.username}` });
  if (action === 'submit' && at('summary')) {
    await ctx.answerCallbackQuery();
    return submitDraft(ctx);
  }
  if (action === 'edit' && at('summary') && value === '') {
    await ctx.answerCallbackQuery();
    await ctx.reply(m.tgpost_edit_which(), { reply_markup: editKeyboard(draft) });
    return;
  }
  if (action === 'edit' && at('summary') && isEditableStep(value)) {
    // Photos and the video are sent again from the start; other answers are asked again.
    const editing: PostDraft = {
      ...draft,
      editing: true,
      ...(value === 'photos' ? { photos: [] } : {}),
      ...(value === 'video' ? { video: null } : {}),
    };
    await ctx.answerCallbackQuery();
    await saveDraft(ctx.db, ctx.chat.id, value, editing, ctx.now());
    await ask(ctx, value, editing);
    return;
  }
  if (action === 'back' && at('summary')) {
    await ctx.answerCallbackQuery();
    await ask(ctx, 'summary', draft);
    return;
  }
  await expired();
}

chat.callbackQuery(/^post:/, (ctx) => pressed(ctx as Chat & { callbackQuery: { data: string } }));
