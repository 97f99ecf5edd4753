/**
 * /profile's notices, through its page handler as the page calls it: the table shows the kinds with
 * a box for each channel the account has (the defaults at first), a post through the form saves the
 * boxes shown and shows them again, a bad post changes nothing, and a visitor is sent to sign in.
 */
import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { accounts, noticePreferences, telegramChats } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { Refusal } from '#platform/http/http.server.ts';
import { createSeller, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person } from '#tests/db/people.ts';
import { NOTICE_KINDS } from './notices.ts';
import { noticePreferencesPage } from './notice-preferences.page.server.ts';

const SITE = 'http://localhost:4321';

/** The page as Astro gives it to the handler: a GET, or a form post of `fields`. */
function profilePage(db: Database, user: SessionUser | null, fields?: [string, string][]) {
  const request = fields
    ? new Request(`${SITE}/profile`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      })
    : new Request(`${SITE}/profile`);
  const page = {
    request,
    url: new URL(request.url),
    locals: { db, user, now: FIXED_NOW },
    response: { status: 200, headers: new Headers() },
  };
  return page as unknown as AstroGlobal & { response: { status: number } };
}

/** An email account (createSeller's confirmed address) that also linked Telegram. */
async function linkTelegram(db: Database, userId: string, chatId: number) {
  await db.insert(accounts).values({ id: `tg-${userId}`, accountId: String(chatId), providerId: 'telegram', userId });
  await db.insert(telegramChats).values({ chatId, firstName: 'Hana' });
}

const seller = person('seller-1');

describe.each(drivers())("/profile's notices on %s", (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db, seller.id, seller.email) });

  it('shows every kind with Telegram and email boxes, all ticked by default, for an account with both', async () => {
    await linkTelegram(t.db, seller.id, 7301);
    const view = (await noticePreferencesPage(profilePage(t.db, seller)))!;
    expect(view.reach).toEqual({ telegram: true, email: true });
    expect(view.rows.map((r) => r.kind)).toEqual([...NOTICE_KINDS]);
    expect(view.rows[0]).toEqual({ kind: 'listing-verified', label: 'A deal of mine is verified', telegram: true, email: true });
    expect(view.rows.every((r) => r.telegram && r.email)).toBe(true);
    expect(view).toMatchObject({ linkTelegram: false, email: 'confirmed', notice: null });
  });

  it('a post saves the ticked boxes per kind and shows them again', async () => {
    await linkTelegram(t.db, seller.id, 7302);
    const page = profilePage(t.db, seller, [
      ['action', 'notices'],
      ['shown', 'telegram'],
      ['shown', 'email'],
      ['telegram', 'listing-verified'],
      ['telegram', 'renewal'],
      ['email', 'listing-rejected'],
      ['email', 'renewal'],
    ]);
    const view = (await noticePreferencesPage(page))!;
    expect(page.response.status).toBe(200);
    expect(view.notice).toEqual({ kind: 'success', text: 'Your notice choices are saved.' });
    const shown = Object.fromEntries(view.rows.map((r) => [r.kind, [r.telegram, r.email]]));
    expect(shown).toMatchObject({
      'listing-verified': [true, false],
      'listing-rejected': [false, true],
      renewal: [true, true],
      refund: [false, false],
    });
    expect(await t.db.$count(noticePreferences)).toBe(NOTICE_KINDS.length);
    // The next visit shows the same.
    const again = (await noticePreferencesPage(profilePage(t.db, seller)))!;
    expect(Object.fromEntries(again.rows.map((r) => [r.kind, [r.telegram, r.email]]))).toEqual(shown);
  });

  it('a Telegram-only account sees Telegram boxes and how to add an email; its untouched email stays wanted', async () => {
    const tg = { ...person('tg-1'), email: '' };
    await createSeller(t.db, tg.id, 'telegram-7303@telegram.invalid');
    await linkTelegram(t.db, tg.id, 7303);
    const view = (await noticePreferencesPage(profilePage(t.db, tg)))!;
    expect(view).toMatchObject({ reach: { telegram: true, email: false }, email: 'add' });
    expect(view.rows.every((r) => r.telegram && !r.email)).toBe(true);

    const posted = (await noticePreferencesPage(
      profilePage(t.db, tg, [
        ['action', 'notices'],
        ['shown', 'telegram'],
        ['telegram', 'order'],
      ]),
    ))!;
    expect(posted.rows.filter((r) => r.telegram).map((r) => r.kind)).toEqual(['order']);
    const stored = await t.db.select({ email: noticePreferences.email }).from(noticePreferences);
    expect(stored.every((row) => row.email)).toBe(true);
  });

  it('an email-only account sees only email boxes (Telegram is off here: no link is offered)', async () => {
    const view = (await noticePreferencesPage(profilePage(t.db, seller)))!;
    expect(view).toMatchObject({ reach: { telegram: false, email: true }, linkTelegram: false, email: 'confirmed' });
    expect(view.rows.every((r) => !r.telegram && r.email)).toBe(true);
  });

  it('a bad post is a 400 and saves nothing; a visitor sees nothing and a post sends them to sign in', async () => {
    const page = profilePage(t.db, seller, [
      ['action', 'notices'],
      ['shown', 'email'],
      ['email', 'everything'],
    ]);
    const view = (await noticePreferencesPage(page))!;
    expect(page.response.status).toBe(400);
    expect(view.notice?.kind).toBe('error');
    expect(await t.db.$count(noticePreferences)).toBe(0);

    expect(await noticePreferencesPage(profilePage(t.db, null))).toBeNull();
    const refused = await noticePreferencesPage(profilePage(t.db, null, [['action', 'notices']])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).response.headers.get('location')).toBe('/login?next=/profile');
  });
});
