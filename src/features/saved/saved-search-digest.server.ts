/**
 * The daily digest of saved searches: once per Addis Ababa day, from DIGEST_HOUR, one notice per
 * account (kind 'saved-search', decision 27) listing the deals made public since each of its
 * searches was last checked: an email (with its unsubscribe links and headers) and one Telegram
 * message (digest-telegram.ts), sent where the account chose. No notice when nothing new matched
 * (the searches are still marked checked). The day's row in saved_search_digests is claimed before
 * anything is queued, so two processes, or two calls at once, queue one digest at most.
 */
import { and, asc, between, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, savedSearchDigests, savedSearches } from '#db/schema.ts';
import { WAITING } from '#features/listings/discount.ts';
import { locales, type Locale } from '#platform/i18n/locales.ts';
import { boundingBox } from '#features/listings/listing-query.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { DIGEST_DEALS_PER_SEARCH, isDigestTime, marketDay, savedSearchListPath, savedSearchTitle } from './saved.ts';
import { m } from '#paraglide/messages.js';
import type { Notice } from '#features/accounts/notices/notices.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { bothLanguages, siteLink, type EmailWords } from '#features/accounts/emails.server.ts';
import { isPublic } from '#features/listings/listings.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { searchMatch } from '#features/search/search.server.ts';
import { dealNameColumns, listSavedSearches, type SavedSearch } from './saved.server.ts';
import { digestTelegram } from './digest-telegram.ts';

/** Accounts handled per call: the scheduler calls every minute (saved/jobs.server.ts), the rest wait for the next one. */
const ACCOUNTS_PER_CALL = 200;

export interface DigestDeal {
  id: number;
  productName: string;
  companyName: string;
  discount: string;
}

export interface DigestSection {
  search: SavedSearch;
  /** The first DIGEST_DEALS_PER_SEARCH new deals, first made public first. */
  deals: DigestDeal[];
  /** Every new deal of the search, named or not. */
  total: number;
}

/** What a saved search matches, as the site's search, category and nearby pages match. */
async function matchOf(db: Database, search: SavedSearch): Promise<SQL | undefined> {
  switch (search.kind) {
    case 'search':
      return (await searchMatch(db, search.query ?? '')).where;
    case 'category':
      return eq(listings.category, search.category ?? '');
    case 'nearby': {
      const lat = search.latitude ?? 0;
      const lng = search.longitude ?? 0;
      const radiusKm = search.radiusKm ?? 2;
      const box = boundingBox(lat, lng, radiusKm);
      const distance = sql`(6371 * 2 * asin(sqrt(
        power(sin(radians(${listings.latitude} - ${lat}) / 2), 2)
        + cos(radians(${lat})) * cos(radians(${listings.latitude}))
        * power(sin(radians(${listings.longitude} - ${lng}) / 2), 2))))`;
      return and(
        between(listings.latitude, box.minLat, box.maxLat),
        between(listings.longitude, box.minLng, box.maxLng),
        sql`${distance} <= ${radiusKm}`,
      );
    }
  }
}

/**
 * The deals that became public after the search was last checked and up to `now`, still running:
 * a range on listings_public_reviewed_idx, the first few and how many in one query.
 */
export async function newDealsOf(db: Database, search: SavedSearch, now: Date): Promise<DigestSection> {
  const rows = await db
    .select({
      ...dealNameColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(listings)
    .where(
      and(
        isPublic,
        gt(listings.reviewedAt, search.checkedUntil),
        lte(listings.reviewedAt, now),
        or(isNull(listings.endsAt), gt(listings.endsAt, now)),
        await matchOf(db, search),
      ),
    )
    .orderBy(asc(listings.reviewedAt), asc(listings.id))
    .limit(DIGEST_DEALS_PER_SEARCH);
  return { search, deals: rows.map(({ total: _, ...deal }) => deal), total: rows[0]?.total ?? 0 };
}

const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** The digest's words in both languages (the reader's language is not stored). */
export function digestEmail(sections: DigestSection[]): EmailWords {
  return bothLanguages((locale: Locale) =>
    inLocale(locale, () => {
      const parts = sections.map(({ search, deals, total }) => {
        const lines = [savedSearchTitle(search)];
        for (const deal of deals) {
          const discount = deal.discount === WAITING ? m.saved_digest_waiting() : m.saved_digest_off({ value: deal.discount });
          lines.push(
            m.saved_digest_deal({
              product: deal.productName,
              company: deal.companyName,
              discount,
              url: siteLink(listingPath(deal), locale),
            }),
          );
        }
        if (total > deals.length) {
          lines.push(m.saved_digest_more({ count: String(total - deals.length), url: siteLink(savedSearchListPath(search), locale) }));
        }
        lines.push(m.saved_digest_unsubscribe({ url: siteLink(unsubscribePath(search.unsubscribeToken), locale) }));
        return lines.join('\n');
      });
      return {
        subject: m.saved_digest_subject(),
        text: [m.saved_digest_intro(), ...parts, m.saved_digest_footer({ url: siteLink('/saved', locale) })].join('\n\n'),
      };
    }),
  );
}

/**
 * RFC 2369 and RFC 8058: the mail program's own "Unsubscribe" stops this email, so every search of
 * the account (`?all=1`); the links in the body stop one search each.
 */
export function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${siteLink(unsubscribePath(token))}?all=1>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The digest as the account's notice: the email as before, and one Telegram message in each language. */
export function digestNotice(userId: string, sections: DigestSection[]): Notice {
  return {
    userId,
    kind: 'saved-search',
    email: { ...digestEmail(sections), headers: unsubscribeHeaders(sections[0]!.search.unsubscribeToken) },
    telegram: Object.fromEntries(
      locales.map((locale) => [locale, inLocale(locale, () => digestTelegram(sections, (path) => siteLink(path, locale)))]),
    ) as Notice['telegram'],
  };
}

/** One account's digest of `day`; true when one was queued. */
async function digestOf(db: Database, account: { userId: string }, day: string, now: Date): Promise<boolean> {
  const [claimed] = await db
    .insert(savedSearchDigests)
    .values({ userId: account.userId, day, sentAt: now })
    .onConflictDoNothing()
    .returning({ userId: savedSearchDigests.userId });
  if (!claimed) return false;
  const searches = await listSavedSearches(db, account.userId);
  const sections: DigestSection[] = [];
  for (const search of searches) sections.push(await newDealsOf(db, search, now));
  const found = sections.filter((s) => s.total > 0);
  const count = found.reduce((sum, s) => sum + s.total, 0);
  if (found.length > 0) {
    await notify(db, digestNotice(account.userId, found));
    await db
      .update(savedSearchDigests)
      .set({ listingCount: count })
      .where(and(eq(savedSearchDigests.userId, account.userId), eq(savedSearchDigests.day, day)));
  }
  if (searches.length > 0) {
    await db
      .update(savedSearches)
      .set({ checkedUntil: now })
      .where(
        and(
          inArray(
            savedSearches.id,
            searches.map((s) => s.id),
          ),
          lte(savedSearches.checkedUntil, now),
        ),
      );
  }
  return found.length > 0;
}

/**
 * Sends the digests due at `now`: from DIGEST_HOUR (Addis Ababa), each account with saved searches
 * and no digest yet today. Returns how many digests were queued (each a `notice` job).
 */
export async function sendDueDigests(db: Database, now: Date): Promise<number> {
  if (!isDigestTime(now)) return 0;
  const day = marketDay(now);
  const due = await db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearches)
    .leftJoin(savedSearchDigests, and(eq(savedSearchDigests.userId, savedSearches.userId), eq(savedSearchDigests.day, day)))
    .where(isNull(savedSearchDigests.userId))
    .limit(ACCOUNTS_PER_CALL);
  let sent = 0;
  for (const account of due) if (await digestOf(db, account, day, now)) sent++;
  return sent;
}
