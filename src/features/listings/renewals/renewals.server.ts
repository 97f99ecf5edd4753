/**
 * Deals that renew: the reminder a day before a deal ends (with a one-click link), the link's page,
 * and the renewal itself, which changes only the dates and so keeps the deal verified.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingRenewals, listings } from '#db/schema.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { RENEWAL_LEAD_MS, isRenewable, renewalDays, renewalLinkExpiry, renewedSchedule, renewalTokenSchema } from './renewals.ts';
import { m } from '#paraglide/messages.js';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { renewalNotice } from '#features/accounts/notices/listing-notices.server.ts';
import { bothLanguages, siteLink, type EmailWords } from '#features/accounts/emails.server.ts';
import { isPublic } from '#features/listings/listings.server.ts';
import { changingListings } from '../listing-page-changes.server.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Writer = Database | Tx;

/** Why a renewal was refused: the page shows each with its own status and words. */
export type RenewalRefusal = 'invalid' | 'missing' | 'used' | 'expired' | 'not-renewable';
export const REFUSAL_STATUS: Record<RenewalRefusal, 400 | 404 | 409 | 410> = {
  invalid: 400,
  missing: 404,
  used: 410,
  expired: 410,
  'not-renewable': 409,
};

export interface RenewedDeal {
  id: number;
  productName: string;
  endsAt: Date | null;
}
export type RenewalOutcome = { ok: true; value: RenewedDeal } | { ok: false; reason: RenewalRefusal };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** At most this many reminders a run (the rest go at the next run, a minute later). */
const REMINDERS_PER_RUN = 200;

/** The reminder's words, Amharic and English in one email. */
function reminderEmail(deal: { productName: string; days: number; endsAt: Date }, token: string): EmailWords {
  return bothLanguages((locale) => ({
    subject: m.renewals_email_subject({ name: deal.productName }, { locale }),
    text: m.renewals_email_text(
      {
        name: deal.productName,
        days: deal.days,
        url: siteLink(`/renew/${token}`, locale),
        myPosts: siteLink('/myposts', locale),
      },
      { locale },
    ),
  }));
}

/**
 * Reminds the seller of every public deal that ends within the next day, once per run (a notice:
 * Telegram and/or email, sent by the `notice` job): the deal is claimed (renewal_reminded_at set)
 * by one UPDATE, so two processes never both remind. Only the link's SHA-256 is stored here.
 * Returns how many reminders were queued.
 */
export async function sendRenewalReminders(db: Database, now: Date): Promise<number> {
  const until = new Date(now.getTime() + RENEWAL_LEAD_MS);
  const due = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(isPublic, gt(listings.endsAt, now), lte(listings.endsAt, until), isNull(listings.renewalRemindedAt)))
    .limit(REMINDERS_PER_RUN);
  const claimed = await db
    .update(listings)
    .set({ renewalRemindedAt: now })
    .where(and(inArray(listings.id, due), isNull(listings.renewalRemindedAt)))
    .returning({
      id: listings.id,
      ownerId: listings.ownerId,
      productName: listings.productName,
      endsAt: listings.endsAt,
      discountDurationDays: listings.discountDurationDays,
    });
  let sent = 0;
  for (const deal of claimed) {
    if (!deal.endsAt) continue;
    const token = randomBytes(32).toString('base64url');
    const days = renewalDays(deal.discountDurationDays);
    await db
      .insert(listingRenewals)
      .values({ listingId: deal.id, tokenHash: hashOf(token), days, expiresAt: renewalLinkExpiry(deal.endsAt) });
    // Where the seller is (decision 27): the email's link, or Telegram's Renew button spending the same link.
    const email = reminderEmail({ productName: deal.productName, days, endsAt: deal.endsAt }, token);
    await notify(db, renewalNotice({ userId: deal.ownerId, productName: deal.productName, days, tokenHash: hashOf(token), email }));
    sent++;
  }
  return sent;
}

/** What the link's page shows before the seller presses the button. */
export interface RenewalLink {
  listingId: number;
  productName: string;
  companyName: string;
  path: string;
  endsAt: Date | null;
  days: number;
}

/** The link's deal, or why it cannot renew (used, expired, unknown, or the deal is not public). */
export async function renewalLink(
  db: Database,
  token: string,
  now: Date,
): Promise<{ ok: true; value: RenewalLink } | { ok: false; reason: RenewalRefusal }> {
  if (!renewalTokenSchema.safeParse(token).success) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({
      listingId: listingRenewals.listingId,
      days: listingRenewals.days,
      usedAt: listingRenewals.usedAt,
      expiresAt: listingRenewals.expiresAt,
      productName: listings.productName,
      companyName: listings.companyName,
      endsAt: listings.endsAt,
      renewable: sql<boolean>`${isPublic}`,
    })
    .from(listingRenewals)
    .innerJoin(listings, eq(listings.id, listingRenewals.listingId))
    .where(eq(listingRenewals.tokenHash, hashOf(token)));
  if (!row) return { ok: false, reason: 'missing' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (!row.renewable) return { ok: false, reason: 'not-renewable' };
  return {
    ok: true,
    value: {
      listingId: row.listingId,
      productName: row.productName,
      companyName: row.companyName,
      path: listingPath({ id: row.listingId, productName: row.productName }),
      endsAt: row.endsAt,
      days: row.days,
    },
  };
}

/**
 * Runs a verified, visible deal again for `days`: only its dates change, so it stays verified. Every
 * unused link of the deal is spent with it (a renewal from My Posts makes the emailed link
 * "already used", never a second renewal). `ownerId` restricts it to the owner's deal; with
 * `dueOnly` only a deal that ended or ends within a day renews.
 */
export async function renewListing(
  tx: Writer,
  listingId: number,
  days: number,
  now: Date,
  options: { ownerId?: string; dueOnly?: boolean } = {},
): Promise<RenewalOutcome> {
  const [deal] = await tx
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      productName: listings.productName,
      status: listings.status,
      public: sql<boolean>`${isPublic}`,
      datePosted: listings.datePosted,
      discountStartDays: listings.discountStartDays,
      discountDurationDays: listings.discountDurationDays,
      startsAt: listings.startsAt,
      endsAt: listings.endsAt,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  if (!deal || (options.ownerId !== undefined && deal.ownerId !== options.ownerId)) return { ok: false, reason: 'missing' };
  if (!deal.public || deal.endsAt === null) return { ok: false, reason: 'not-renewable' };
  if (options.dueOnly && !isRenewable(deal, now)) return { ok: false, reason: 'not-renewable' };
  const schedule = renewedSchedule(deal, days, now);
  await tx
    .update(listings)
    .set({ ...schedule, renewalRemindedAt: null, updatedAt: now })
    .where(eq(listings.id, listingId));
  await tx
    .update(listingRenewals)
    .set({ usedAt: now })
    .where(and(eq(listingRenewals.listingId, listingId), isNull(listingRenewals.usedAt)));
  return { ok: true, value: { id: deal.id, productName: deal.productName, endsAt: schedule.endsAt } };
}

/** The emailed link's renewal: once, before it expires; the link is spent in the same transaction. */
export async function renewWithToken(db: Database, token: string, now: Date): Promise<RenewalOutcome> {
  if (!renewalTokenSchema.safeParse(token).success) return { ok: false, reason: 'invalid' };
  return renewWithTokenHash(db, hashOf(token), now);
}

/**
 * The same renewal by the link's stored SHA-256 (the bot's Renew button keeps only the hash, so the
 * raw link lives only in the email): once, before it expires.
 */
export async function renewWithTokenHash(db: Database, tokenHash: string, now: Date): Promise<RenewalOutcome> {
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) return { ok: false, reason: 'invalid' };
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        listingId: listingRenewals.listingId,
        days: listingRenewals.days,
        usedAt: listingRenewals.usedAt,
        expiresAt: listingRenewals.expiresAt,
      })
      .from(listingRenewals)
      .where(eq(listingRenewals.tokenHash, tokenHash))
      .for('update');
    if (!link) return { ok: false, reason: 'missing' } as const;
    if (link.usedAt) return { ok: false, reason: 'used' } as const;
    if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;
    return renewListing(tx, link.listingId, link.days, now);
  });
}

/** My Posts' Renew: the owner's own deal that ended or ends within a day, for its usual days. */
export async function renewOwnListing(db: Database, ownerId: string, listingId: number, now: Date): Promise<RenewalOutcome> {
  return changingListings(
    db,
    [listingId],
    () =>
      db.transaction(async (tx) => {
        const [deal] = await tx.select({ days: listings.discountDurationDays }).from(listings).where(eq(listings.id, listingId));
        if (!deal) return { ok: false, reason: 'missing' } as const;
        return renewListing(tx, listingId, renewalDays(deal.days), now, { ownerId, dueOnly: true });
      }),
    now,
  );
}

/** The words of a refusal, for the pages. */
export function refusalText(reason: RenewalRefusal): string {
  switch (reason) {
    case 'used':
      return m.renewals_used();
    case 'expired':
      return m.renewals_expired();
    case 'not-renewable':
      return m.renewals_not_renewable();
    case 'invalid':
    case 'missing':
      return m.renewals_invalid();
  }
}
