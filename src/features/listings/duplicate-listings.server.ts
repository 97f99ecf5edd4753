/**
 * The duplicate guard of a new listing (issue 29): a seller who sends the same deal again within a
 * day (the same product and company name, folded: trimmed, any case, any spaces; any status) is
 * asked first, unless the form says `post_again=yes`. Read before any file of the post is decoded
 * or stored, so a refused post writes nothing. Called by the web's submission paths (the API and
 * /form without JavaScript), not by the Telegram bot's Submit.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import { Refusal } from '#platform/http/http.server.ts';
import { getLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { sentPageHref } from './listing-sent.ts';

/** How long a sent deal counts as just sent. */
export const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

/** A deal the seller already sent within the window. */
interface DuplicateListing {
  id: number;
  datePosted: Date;
}

/** A name as the guard compares it: no spaces anywhere, lower case, one Unicode form. */
export function foldDealName(name: string): string {
  return name.normalize('NFC').toLowerCase().replace(/\s+/gu, '');
}

/** True when the form asks to post the deal again anyway. */
function postsAgain(form: FormData): boolean {
  return form.get('post_again') === 'yes';
}

/**
 * The seller's latest listing with the same folded product and company name sent after
 * `now - DUPLICATE_WINDOW_MS`, or null. One range scan of `listings_owner_idx` (owner_id,
 * date_posted): a seller sends at most a few listings a day (rate-limited), folded here, not in
 * SQL, so every language folds the same on PGlite and PostgreSQL.
 */
export async function recentDuplicate(
  db: Database,
  ownerId: string,
  deal: { productName: string; companyName: string },
  now: Date,
): Promise<DuplicateListing | null> {
  const product = foldDealName(deal.productName);
  const company = foldDealName(deal.companyName);
  if (!product || !company) return null;
  const rows = await db
    .select({ id: listings.id, productName: listings.productName, companyName: listings.companyName, datePosted: listings.datePosted })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), gt(listings.datePosted, new Date(now.getTime() - DUPLICATE_WINDOW_MS))))
    .orderBy(desc(listings.datePosted), desc(listings.id));
  const same = rows.find((r) => foldDealName(r.productName) === product && foldDealName(r.companyName) === company);
  return same ? { id: same.id, datePosted: same.datePosted } : null;
}

/** "1 hour ago", "12 minutes ago", "ከ1 ሰዓት በፊት": how long ago `then` was, in the request's language. */
export function sentAgo(then: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(getLocale(), { numeric: 'auto' });
  return minutes < 60 ? format.format(-minutes, 'minute') : format.format(-Math.round(minutes / 60), 'hour');
}

/** The question asked of a duplicate, in the request's language. */
export function duplicateMessage(duplicate: DuplicateListing, now: Date): string {
  return m.form_duplicate_sent({ ago: sentAgo(duplicate.datePosted, now) });
}

/**
 * The duplicate of a posted form (its `product_name` and `company_name`), or null when there is
 * none or the form says `post_again=yes`.
 */
export async function duplicateOfPost(db: Database, ownerId: string, form: FormData, now: Date): Promise<DuplicateListing | null> {
  if (postsAgain(form)) return null;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return recentDuplicate(db, ownerId, { productName: text('product_name'), companyName: text('company_name') }, now);
}

/** The API's answer to a duplicate: 409 `{ error, duplicate: { id, path } }`, never cached. */
function duplicateResponse(duplicate: DuplicateListing, now: Date): Response {
  return Response.json(
    { error: duplicateMessage(duplicate, now), duplicate: { id: duplicate.id, path: sentPageHref(duplicate.id) } },
    { status: 409, headers: { 'Cache-Control': 'no-store' } },
  );
}

/** Stops an API post that repeats a deal sent within a day (409), unless it says `post_again=yes`. */
export async function refuseDuplicate(db: Database, ownerId: string, form: FormData, now: Date): Promise<void> {
  const duplicate = await duplicateOfPost(db, ownerId, form, now);
  if (duplicate) throw new Refusal(duplicateResponse(duplicate, now));
}
