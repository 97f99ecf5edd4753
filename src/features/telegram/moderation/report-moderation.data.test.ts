/**
 * Deciding reports from Telegram, through the real webhook route and grammY client against the
 * fake Bot API: an item that reaches the report queue goes to the admin with what was reported, by
 * how many and why, under Dismiss / Hide / Ban; each decides as /admin/reports does (the same
 * function, recorded with who and when); a decision on the web updates the copy; a banned admin's
 * press and a replayed update decide nothing more.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, moderationDecisions, reports, telegramReviewMessages, users } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { getPublicListing } from '#features/listings/public-listings.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { fileReport } from '#features/trust/reports.server.ts';
import { decideReport } from '#features/trust/report-review.server.ts';
import { reportSchema } from '#features/trust/reports.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { person as session } from '#tests/db/people.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { inlineButtons, person, sentText, telegramAccount, useFakeBot, type SentCall } from '../bot.test-kit.server.ts';
import { linkedAccountOf } from '../linked-account.server.ts';
import './jobs.server.ts';

const BOSS = 'boss@sefer.test';
const DEPUTY = 'deputy@sefer.test';
const bot = useFakeBot({ ADMIN_EMAILS: `${BOSS},${DEPUTY}` });
const { press } = telegramUpdates(8000, () => FIXED_NOW);

const ADMIN = 9001;
const admin = person(ADMIN, 'en', 'Almaz');

const calls = (method: string, chatId: number) => bot.fake.calls(method).filter((c) => c.chatId === String(chatId)) as SentCall[];
const lastCall = (method: string, chatId: number) => calls(method, chatId).at(-1)!;
const answers = () => bot.fake.calls('answerCallbackQuery').map((c) => String(c.params.text ?? ''));
const button = (sent: SentCall, label: string) => inlineButtons(sent).find((b) => b.text.includes(label))!.callback_data!;

describe.each(drivers())('deciding reports from Telegram on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await telegramAccount(t.db, ADMIN, { name: 'Almaz Admin', email: BOSS });
      for (const id of ['seller-1', 'r1', 'r2']) await createSeller(t.db, id);
      bot.fake.clear();
    },
  });

  const report = (who: string, id: number, reason: string, details?: string) =>
    fileReport(t.db, session(who), reportSchema.parse({ kind: 'listing', id, reason, details }), {
      address: `address of ${who}`,
      now: FIXED_NOW,
    });

  /** A public deal with two reports, sent to the admin by the queue worker; its message. */
  async function reported(): Promise<{ id: number; message: () => SentCall }> {
    const id = await insertListing(t.db, draft(), { status: 'verified', datePosted: new Date(FIXED_NOW.getTime() - DAY) });
    await report('r1', id, 'scam');
    await report('r2', id, 'other', 'Fake photos <b>here</b>');
    await bot.work(t.db);
    // The second report updated the first message: its last edit, else the message.
    const message = () => calls('editMessageText', ADMIN).at(-1) ?? bot.lastTo(ADMIN);
    return { id, message };
  }

  const adminSession = async (): Promise<SessionUser> => (await linkedAccountOf(t.db, ADMIN))!.user;

  it('an item reaching the report queue goes to the admin: what, by how many, why, with Dismiss / Hide / Ban', async () => {
    const { id, message } = await reported();
    expect(bot.sentTo(ADMIN)).toHaveLength(1);
    const text = sentText(message());
    for (const part of [
      `Reported Deal</b> · #${id}`,
      '“Electric Injera Mitad · Bole Home Appliances”',
      `<a href="https://sefer.test/listings/${id}`,
      'By: Seller seller-1',
      'Reported by 2 account(s)',
      'Reasons: Scam or fake (1), Other (1)',
      '“Fake photos &lt;b&gt;here&lt;/b&gt;”',
    ])
      expect(text).toContain(part);
    expect(inlineButtons(message()).map((b) => b.text)).toEqual(['↩️ Dismiss', '🙈 Hide', '⛔ Ban the author']);
    for (const b of inlineButtons(message())) expect(b.callback_data).toMatch(/^b:[\w-]{22}$/);
    const kept = await t.db.select().from(telegramReviewMessages);
    expect(kept.map((k) => [k.kind, k.item, k.chatId])).toEqual([['report', `listing:${id}`, ADMIN]]);
  }, 30_000);

  it('Dismiss closes the reports as /admin does, recorded with who and when; the copy says so without buttons', async () => {
    const { id, message } = await reported();
    await bot.deliver(t.db, press(admin, button(message(), 'Dismiss')));
    expect(answers()).toEqual(['Dismissed: the post is public again.']);
    const closed = await t.db.select().from(reports).where(eq(reports.itemId, id));
    expect(closed.every((r) => r.resolution === 'dismissed' && r.resolvedBy === 'tg-user-9001')).toBe(true);
    const decisions = await t.db.select().from(moderationDecisions);
    expect(decisions.map((d) => [d.itemKind, d.itemId, d.action, d.adminId])).toEqual([['listing', String(id), 'dismiss', 'tg-user-9001']]);
    const edit = lastCall('editMessageText', ADMIN);
    expect(String(edit.params.text)).toContain('Dismissed by Almaz Admin at');
    expect(inlineButtons(edit)).toEqual([]);
    expect(await t.db.select().from(telegramReviewMessages)).toEqual([]);
  }, 30_000);

  it('Hide hides the deal as /admin does', async () => {
    const { id, message } = await reported();
    await bot.deliver(t.db, press(admin, button(message(), 'Hide')));
    expect(answers()).toEqual(['The post is hidden.']);
    const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ hiddenReason: 'admin' });
    expect(await getPublicListing(t.db, id)).toBeNull();
    expect(String(lastCall('editMessageText', ADMIN).params.text)).toContain('Hidden by Almaz Admin at');
  }, 30_000);

  it('Ban asks "Are you sure?" first, then bans the author as /admin does', async () => {
    const { id, message } = await reported();
    await bot.deliver(t.db, press(admin, button(message(), 'Ban')));
    expect(bot.fake.calls('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: 'Are you sure? Seller seller-1 will be banned: everything they posted leaves Sefer and they cannot sign in.',
      show_alert: true,
    });
    const sure = lastCall('editMessageReplyMarkup', ADMIN);
    expect(inlineButtons(sure).map((b) => b.text)).toEqual(['⛔ Yes, ban Seller seller-1', '← Back']);
    const [before] = await t.db.select().from(users).where(eq(users.id, 'seller-1'));
    expect(before?.bannedAt).toBeNull();

    await bot.deliver(t.db, press(admin, button(sure, 'Yes, ban')));
    const [after] = await t.db.select().from(users).where(eq(users.id, 'seller-1'));
    expect(after).toMatchObject({ bannedBy: 'tg-user-9001' });
    expect(after?.bannedAt).not.toBeNull();
    expect(await getPublicListing(t.db, id)).toBeNull();
    const decisions = await t.db.select().from(moderationDecisions).orderBy(moderationDecisions.id);
    expect(decisions.map((d) => [d.itemKind, d.action])).toEqual([
      ['account', 'ban'],
      ['listing', 'ban'],
    ]);
    expect(String(lastCall('editMessageText', ADMIN).params.text)).toContain('Author banned by Almaz Admin at');
  }, 30_000);

  it('a decision on /admin/reports updates the copy; a later press there says already decided', async () => {
    const { id, message } = await reported();
    const hide = button(message(), 'Hide');
    expect(await decideReport(t.db, await adminSession(), { action: 'dismiss', kind: 'listing', id }, FIXED_NOW)).toMatchObject({
      ok: true,
    });
    await bot.work(t.db);
    const edit = lastCall('editMessageText', ADMIN);
    expect(String(edit.params.text)).toContain('Dismissed by Almaz Admin');
    expect(inlineButtons(edit)).toEqual([]);
    await bot.deliver(t.db, press(admin, hide));
    expect(answers()).toEqual(['Already decided.']);
    expect(await getPublicListing(t.db, id)).not.toBeNull();
  }, 30_000);

  it("a banned admin's press, another chat's press and a replayed update decide nothing more", async () => {
    await telegramAccount(t.db, 9002, { name: 'Dawit Deputy', email: DEPUTY });
    const { id, message } = await reported();
    const deputys = calls('editMessageText', 9002).at(-1) ?? bot.lastTo(9002);
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.email, DEPUTY));
    await bot.deliver(t.db, press(person(9002), button(deputys, 'Hide')));
    await bot.deliver(t.db, press(person(9003), button(message(), 'Hide')));
    expect(answers()).toEqual([
      'Your account is banned: the bot does nothing for it.',
      'This button is no longer valid. Send /alerts again.',
    ]);
    expect(await t.db.select().from(moderationDecisions)).toEqual([]);

    const dismiss = press(admin, button(message(), 'Dismiss'));
    await bot.deliver(t.db, dismiss);
    await bot.deliver(t.db, dismiss);
    await bot.deliver(t.db, { ...dismiss, update_id: dismiss.update_id + 10_000 });
    expect(answers().slice(2)).toEqual(['Dismissed: the post is public again.', 'Already decided.']);
    const decisions = await t.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.itemId, String(id)));
    expect(decisions).toHaveLength(1);
  }, 30_000);
});
