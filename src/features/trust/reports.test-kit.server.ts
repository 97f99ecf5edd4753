/** What the reports data tests share: the accounts, a report, where a listing shows, and the outbox. */
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, users } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { getPublicListing, listPublicListings, listPublicListingsWithImages } from '#features/listings/public-listings.server.ts';
import { fileReport } from './reports.server.ts';
import { sitemapListings } from '#features/listings/sitemap-listings.server.ts';
import { reportSchema } from './reports.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { useTestDatabase, type Driver } from '#tests/db/test-database.ts';

// Read by config() on first use, before any test runs.
export const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
process.env.ADMIN_EMAILS = 'admin-1@test.invalid,admin-2@test.invalid';
process.env.AUTH_SECRET = SECRET;
// Codes go to this run's own outbox.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'sefer-reports-test-'));

export const person = (id: string, isAdmin = false): SessionUser => ({
  id,
  email: `${id}@test.invalid`,
  name: id,
  firstName: null,
  lastName: null,
  image: null,
  isAdmin,
});
export const admin = person('admin-1', true);
export const report = (kind: 'listing' | 'request' | 'comment', id: number, reason = 'scam', details?: string) =>
  reportSchema.parse({ kind, id, reason, details });

/** Where a public listing can be found: category list, search, detail, API and sitemap. */
export async function whereListed(db: Database, id: number) {
  const now = FIXED_NOW;
  const paging = { page: 1, pageSize: 50 };
  const inList = (await listPublicListings(db, { category: 'appliances', now }, paging)).items.some((l) => l.id === id);
  const inSearch = (await listPublicListings(db, { query: 'mitad', now }, paging)).items.some((l) => l.id === id);
  const detail = (await getPublicListing(db, id)) !== null;
  const inApi = (await listPublicListingsWithImages(db, { now }, paging)).items.some((l) => l.id === id);
  const inSitemap = (await sitemapListings(db, 1)).some((l) => l.id === id);
  return { inList, inSearch, detail, inApi, inSitemap };
}
export const everywhere = { inList: true, inSearch: true, detail: true, inApi: true, inSitemap: true };
export const nowhere = { inList: false, inSearch: false, detail: false, inApi: false, inSitemap: false };

/** The established reporters: a month old, with a confirmed email (createSeller's). */
export const ESTABLISHED = ['r1', 'r2', 'r3', 'r4', 'r5'];
export const before = (ms: number) => new Date(FIXED_NOW.getTime() - ms);

/** An account made `ageMs` before FIXED_NOW that has shown a confirmed email, a linked Telegram, or nothing. */
export async function reporter(db: Database, id: string, ageMs: number, shown: 'email' | 'telegram' | 'nothing' = 'email') {
  const email = shown === 'telegram' ? `${id}@telegram.invalid` : `${id}@test.invalid`;
  await db.insert(users).values({ id, name: `Reporter ${id}`, email, emailVerified: shown !== 'nothing', createdAt: before(ageMs) });
  if (shown === 'telegram')
    await db.insert(accounts).values({ id: `tg-${id}`, accountId: `telegram-${id}`, providerId: 'telegram', userId: id });
}

/** An outbox email's headers and its text, decoded (nodemailer picks base64 or quoted-printable). */
export function decodedMail(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding: (.+)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(body);
  return { headers, text: bytes.toString('utf8') };
}

/** The emails in this run's outbox whose text mentions `text`. */
export async function mailsMentioning(text: string): Promise<{ headers: string; text: string }[]> {
  const outbox = path.join(process.env.DATA_DIR!, 'outbox');
  const files = await readdir(outbox).catch(() => []);
  const mails = await Promise.all(files.map(async (f) => decodedMail(await readFile(path.join(outbox, f), 'utf8'))));
  return mails.filter((mail) => mail.text.includes(text));
}

/** The reports block's database (a seller, five established reporters and an admin before each test) and its helpers. */
export function useReportsData(driver: Driver) {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const id of ['seller-1', ...ESTABLISHED, 'admin-1']) await createSeller(t.db, id);
      await t.db
        .update(users)
        .set({ createdAt: before(30 * DAY) })
        .where(inArray(users.id, ESTABLISHED));
    },
  });
  const verified = (productName?: string) =>
    insertListing(t.db, draft(productName ? { productName } : {}), { status: 'verified', datePosted: new Date(FIXED_NOW.getTime() - DAY) });
  /** A report from `who`, each account from its own address unless `address` is given. */
  const file = (who: string, kind: 'listing' | 'request' | 'comment', id: number, reason = 'scam', address = `address of ${who}`) =>
    fileReport(t.db, person(who), report(kind, id, reason), { address, now: FIXED_NOW });
  /** Runs `test` with REPORT_HIDE_THRESHOLD at `threshold`. */
  async function withThreshold(threshold: number, test: () => Promise<void>) {
    const configured = config().reportHideThreshold;
    config().reportHideThreshold = threshold;
    try {
      await test();
    } finally {
      config().reportHideThreshold = configured;
    }
  }
  return { t, verified, file, withThreshold };
}
