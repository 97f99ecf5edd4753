/**
 * Reports in the admins' chats: an item that reaches the report queue (news `report-queued` from
 * trust) goes to every admin with what was reported, by how many, the reasons and the item, under
 * Dismiss / Hide / Ban the author; a later report of the same item updates the copies. Once an
 * admin decides (from the bot or /admin/reports, news `report-decided`) every copy says so.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { InlineKeyboard } from 'grammy';
import type { Database } from '#db/client.ts';
import { comments, listings, moderationDecisions, reports, requests, users, type ReportItemKind, type ReportReason } from '#db/schema.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { commentHref, requestHref } from '#features/trust/report-items.server.ts';
import { REPORT_KINDS } from '#features/trust/reports.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { localHref, type Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { addButton } from '../buttons.server.ts';
import { isBlockedByUser } from '../bot.server.ts';
import { chatBlockedBot } from '../alerts.server.ts';
import type { Sender } from '../deliver.server.ts';
import { reportDecisionLine, reportHeadline, reportText, type ReportAction, type ReportedItem } from './review-texts.ts';
import { adminChats, chatLocales, forgetCopies, keepCopy, reviewCopies, rewriteCopy, type ReviewCopy } from './moderators.server.ts';

/** The bot's report actions (their buttons' item: `<kind>:<id>`). */
export const REPORT_ACTIONS = {
  dismiss: 'tgadmin:dismiss',
  hide: 'tgadmin:hide',
  ban: 'tgadmin:ban',
  banSure: 'tgadmin:ban-sure',
  back: 'tgadmin:report-back',
} as const;

export interface ItemRef {
  kind: ReportItemKind;
  id: number;
}

/** `listing:12` read back; null when it is not an item. */
export function parseItem(item: string): ItemRef | null {
  const match = /^(\w+):(\d{1,10})$/.exec(item);
  const kind = REPORT_KINDS.find((k) => k === match?.[1]);
  return kind ? { kind, id: Number(match![2]) } : null;
}

const itemKey = (ref: ItemRef) => `${ref.kind}:${ref.id}`;

/** How many reports of the item an admin sees words from. */
const SHOWN_DETAILS = 3;

/** The item (any state: hidden and banned too) with a public path, or null when it was deleted. */
async function itemOf(db: Database, ref: ItemRef) {
  const author = { authorId: users.id, authorName: users.name };
  if (ref.kind === 'listing') {
    const [row] = await db
      .select({ ...author, productName: listings.productName, companyName: listings.companyName, hiddenReason: listings.hiddenReason })
      .from(listings)
      .leftJoin(users, eq(users.id, listings.ownerId))
      .where(eq(listings.id, ref.id));
    return (
      row && { ...row, text: `${row.productName} · ${row.companyName}`, path: listingPath({ id: ref.id, productName: row.productName }) }
    );
  }
  if (ref.kind === 'request') {
    const [row] = await db
      .select({ ...author, text: requests.message, hiddenReason: requests.hiddenReason })
      .from(requests)
      .leftJoin(users, eq(users.id, requests.userId))
      .where(eq(requests.id, ref.id));
    return row && { ...row, path: requestHref(ref.id) };
  }
  const [row] = await db
    .select({
      ...author,
      text: comments.comment,
      hiddenReason: comments.hiddenReason,
      listingId: comments.listingId,
      imageId: comments.imageId,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, ref.id));
  return row && { ...row, path: commentHref(row) };
}

/** The item with its open reports, or null when none is open (it was decided, or never reported). */
export async function reportedItem(db: Database, ref: ItemRef, siteUrl: string, locale: Locale): Promise<ReportedItem | null> {
  const open = await db
    .select({ reporterId: reports.reporterId, reason: reports.reason, details: reports.details })
    .from(reports)
    .where(and(eq(reports.itemKind, ref.kind), eq(reports.itemId, ref.id), isNull(reports.resolvedAt)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  if (open.length === 0) return null;
  const item = await itemOf(db, ref);
  const reasons: Partial<Record<ReportReason, number>> = {};
  for (const r of open) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  return {
    ...ref,
    text: item?.text ?? null,
    author: item?.authorId && item.authorName !== null ? { id: item.authorId, name: item.authorName } : null,
    hiddenReason: item?.hiddenReason ?? null,
    url: item ? `${siteUrl}${localHref(item.path, locale)}` : null,
    reporters: new Set(open.map((r) => r.reporterId)).size,
    reasons,
    details: open.flatMap((r) => (r.details ? [r.details] : [])).slice(0, SHOWN_DETAILS),
  };
}

/** Dismiss / Hide / Ban the author under a reported item, for one chat. */
export async function reportKeyboard(db: Database, chatId: number, item: ReportedItem): Promise<InlineKeyboard> {
  const key = itemKey(item);
  const keyboard = new InlineKeyboard();
  await addButton(keyboard, db, chatId, m.tgadmin_dismiss(), REPORT_ACTIONS.dismiss, key);
  await addButton(keyboard, db, chatId, m.tgadmin_hide(), REPORT_ACTIONS.hide, key);
  if (item.author) await addButton(keyboard.row(), db, chatId, m.tgadmin_ban(), REPORT_ACTIONS.ban, key);
  return keyboard;
}

/** "Are you sure?": Yes, ban / Back, for one chat. */
export async function banKeyboard(db: Database, chatId: number, item: ReportedItem): Promise<InlineKeyboard> {
  const key = itemKey(item);
  const keyboard = new InlineKeyboard();
  await addButton(keyboard, db, chatId, m.tgadmin_ban_yes({ name: item.author?.name ?? '' }), REPORT_ACTIONS.banSure, key);
  await addButton(keyboard.row(), db, chatId, m.tgadmin_back(), REPORT_ACTIONS.back, key);
  return keyboard;
}

/**
 * `report-queued`: the item and its open reports to every admin's chat; a chat that has a copy
 * already gets it updated (the count and reasons), with fresh buttons.
 */
export async function sendReportToAdmins(sender: Sender, ref: ItemRef): Promise<void> {
  const { db, api } = sender;
  const key = itemKey(ref);
  const earlier = new Map((await reviewCopies(db, 'report', key)).map((c) => [c.chatId, c]));
  let failed: unknown = null;
  for (const admin of await adminChats(db)) {
    try {
      await inLocale(admin.locale, async () => {
        const item = await reportedItem(db, ref, sender.siteUrl, admin.locale);
        if (!item) return;
        const text = reportText(item);
        const reply_markup = await reportKeyboard(db, admin.chatId, item);
        const options = { parse_mode: 'HTML' as const, reply_markup, link_preview_options: { is_disabled: true } };
        const old = earlier.get(admin.chatId);
        if (old) {
          await api.editMessageText(old.chatId, old.messageId, text, options).catch((error: unknown) => {
            // Unchanged (400 "message is not modified") is fine; a message gone is sent again below.
            if (!/not modified/i.test(String(error))) throw error;
          });
          return;
        }
        const sent = await api.sendMessage(admin.chatId, text, options);
        await keepCopy(db, 'report', key, { chatId: admin.chatId, messageId: sent.message_id });
      });
    } catch (error) {
      if (isBlockedByUser(error)) await chatBlockedBot(db, admin.chatId, new Date());
      else {
        // A copy that cannot be edited any more (deleted by the admin) is forgotten; the retry sends a new one.
        await forgetCopies(db, 'report', key, [admin.chatId]);
        failed ??= error;
      }
    }
  }
  if (failed) throw failed;
}

/** The last decision on the item: what, by whom, when. */
async function lastDecision(db: Database, ref: ItemRef): Promise<{ action: ReportAction; admin: string | null; at: Date } | null> {
  const [row] = await db
    .select({ action: moderationDecisions.action, admin: users.name, at: moderationDecisions.createdAt })
    .from(moderationDecisions)
    .leftJoin(users, eq(users.id, moderationDecisions.adminId))
    .where(and(eq(moderationDecisions.itemKind, ref.kind), eq(moderationDecisions.itemId, String(ref.id))))
    .orderBy(desc(moderationDecisions.id))
    .limit(1);
  if (!row || !['dismiss', 'hide', 'ban'].includes(row.action)) return null;
  return { action: row.action as ReportAction, admin: row.admin, at: row.at };
}

/**
 * `report-decided` (and a press on a decided item): every copy says the decision, without buttons,
 * and is forgotten. Reports filed since the decision start a new message.
 */
export async function showReportDecision(sender: Sender, ref: ItemRef, pressed?: (ReviewCopy & { photo: boolean }) | null): Promise<void> {
  const { db, api } = sender;
  const key = itemKey(ref);
  const decision = await lastDecision(db, ref);
  if (!decision) return;
  const copies = await reviewCopies(db, 'report', key);
  if (pressed && !copies.some((c) => c.chatId === pressed.chatId && c.messageId === pressed.messageId)) copies.push(pressed);
  const item = await itemOf(db, ref);
  const locales = await chatLocales(
    db,
    copies.map((c) => c.chatId),
  );
  for (const copy of copies) {
    const html = inLocale(
      locales.get(copy.chatId) ?? 'en',
      () => `${reportHeadline({ ...ref, text: item?.text ?? null })}\n${reportDecisionLine(decision.action, decision)}`,
    );
    await rewriteCopy(api, copy, html, false);
  }
  await forgetCopies(db, 'report', key);
  if (await hasOpenReports(db, ref)) await sendReportToAdmins(sender, ref);
}

export async function hasOpenReports(db: Database, ref: ItemRef): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.itemKind, ref.kind), eq(reports.itemId, ref.id), isNull(reports.resolvedAt)))
    .limit(1);
  return Boolean(row);
}
