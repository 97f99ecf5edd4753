/**
 * Reports coming in: what the public may report, filing a report, and hiding an item once its open
 * reports weigh enough. One report per account and item (a unique index). Each report weighs what
 * its reporter had shown (0, 0.5 or 1, report-weight.server.ts) and the reports from one client
 * address count once; once the open reports of an item weigh `reportHideThreshold`, it is hidden
 * from every public read (and a deal's seller is emailed) until an admin decides
 * (report-review.server.ts). My Posts' notices of hidden deals are read here too.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { comments, listings, reports, requests, type ReportItemKind, type ReportReason } from '#db/schema.ts';
import { publicComment, publicRequest } from '#db/public-rows.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { REPORT_REASON_LIST, reasonLabelIn, type ReportInput } from './reports.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { config } from '#platform/config/config.server.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { listingHiddenNotice } from '#features/accounts/notices/listing-notices.server.ts';
import { listingHiddenEmail } from './trust-emails.server.ts';
import { isPublic } from '#features/listings/listings.server.ts';
import { allowWrite, slowDown } from '#platform/http/rate-limit.server.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { reportAddressHash, reporterTrust, reportsWeight, reportWeight, type WeighedReport } from './report-weight.server.ts';
import { commentHref, requestHref, TABLES } from './report-items.server.ts';
import { m } from '#paraglide/messages.js';

/** The item as the public may see it (and so may report it), or null when it is not public. */
export interface PublicItem {
  authorId: string | null;
  /** The deal's name and company, or the request's or comment's text. */
  label: string;
  /** Where it is shown (a path to pass through localHref). */
  href: string;
}

export async function publicItem(db: Database, kind: ReportItemKind, id: number): Promise<PublicItem | null> {
  if (kind === 'listing') {
    const [row] = await db
      .select({ authorId: listings.ownerId, productName: listings.productName, company: listings.companyName })
      .from(listings)
      .where(and(eq(listings.id, id), isPublic))
      .limit(1);
    return row
      ? { authorId: row.authorId, label: `${row.productName} · ${row.company}`, href: listingPath({ id, productName: row.productName }) }
      : null;
  }
  if (kind === 'request') {
    const [row] = await db
      .select({ authorId: requests.userId, label: requests.message })
      .from(requests)
      .where(and(eq(requests.id, id), publicRequest))
      .limit(1);
    return row ? { ...row, href: requestHref(id) } : null;
  }
  const [row] = await db
    .select({ authorId: comments.userId, label: comments.comment, listingId: comments.listingId, imageId: comments.imageId })
    .from(comments)
    .innerJoin(listings, eq(listings.id, comments.listingId))
    .where(and(eq(comments.id, id), publicComment, isPublic))
    .limit(1);
  return row ? { authorId: row.authorId, label: row.label, href: commentHref(row) } : null;
}

/** The open reports of the item, as weighed. */
function openReports(db: Database, kind: ReportItemKind, id: number): Promise<WeighedReport[]> {
  return db
    .select({ reporterId: reports.reporterId, weight: reports.weight, addressHash: reports.addressHash })
    .from(reports)
    .where(and(eq(reports.itemKind, kind), eq(reports.itemId, id), isNull(reports.resolvedAt)));
}

/**
 * Hides the item for its reports (unless it is hidden already); a deal's seller is notified at once
 * (Telegram and/or email), with the deal's name and the reasons given (My Posts shows the same).
 */
async function hideForReports(db: Database, kind: ReportItemKind, id: number, now: Date): Promise<void> {
  const t = TABLES[kind];
  const changed = await db
    .update(t.table)
    .set({ hiddenAt: now, hiddenReason: 'reports' })
    .where(and(eq(t.id, id), isNull(t.hiddenAt)))
    .returning({ id: t.id });
  if (changed.length === 0 || kind !== 'listing') return;
  const [seller] = await db
    .select({ ownerId: listings.ownerId, productName: listings.productName })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  const notice = (await hiddenNotices(db, [id])).get(id);
  // The seller hears it where they are (Telegram, email or both: decision 27), in their language.
  if (seller && notice)
    await notify(
      db,
      listingHiddenNotice({
        userId: seller.ownerId,
        productName: seller.productName,
        reasons: (locale) => notice.reasons.map((reason) => reasonLabelIn(reason, locale)).join(', '),
        email: listingHiddenEmail({ productName: seller.productName, reasons: notice.reasons }),
      }),
    );
}

export type ReportOutcome = 'sent' | 'already';

/**
 * Files the signed-in user's report of a public item (404 otherwise). A second report of the same
 * item is no error: the answer says it was already sent. Counted against the `report` limit.
 */
export async function fileReport(
  db: Database,
  reporter: SessionUser,
  input: ReportInput,
  options: { address: string | null; now?: Date },
): Promise<Result<ReportOutcome>> {
  const now = options.now ?? new Date();
  const item = await publicItem(db, input.kind, input.id);
  if (!item) return fail(404, m.reports_not_found());
  const [earlier] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.itemKind, input.kind), eq(reports.itemId, input.id), eq(reports.reporterId, reporter.id)))
    .limit(1);
  if (earlier) return ok('already');
  const limit = await allowWrite(db, 'report', { userId: reporter.id, address: options.address }, now);
  if (!limit.allowed) return { ...fail(429, slowDown()), retryAfter: limit.retryAfter };
  // Weighed as the reporter stands now: a later verified listing does not raise an old report.
  const trust = await reporterTrust(db, reporter.id);
  const weight = trust ? reportWeight(trust, now) : 0;
  const addressHash = await reportAddressHash(db, input, options.address);
  const inserted = await db
    .insert(reports)
    .values({
      itemKind: input.kind,
      itemId: input.id,
      reporterId: reporter.id,
      reason: input.reason,
      details: input.details,
      weight,
      addressHash,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  // The same account reporting twice at once: the unique index kept one.
  if (inserted.length === 0) return ok('already');
  // News for the features above: the item is in the admins' report queue (Telegram sends it to them).
  await enqueue(db, 'report-queued', { item: `${input.kind}:${input.id}` });
  if (reportsWeight(await openReports(db, input.kind, input.id)) >= config().reportHideThreshold) {
    await hideForReports(db, input.kind, input.id, now);
  }
  return ok('sent');
}

/** Why one of a seller's listings is hidden, for My Posts. */
export interface HiddenNotice {
  reason: 'reports' | 'admin';
  /** Different accounts with open reports (for `reports`). */
  count: number;
  /** Their reasons, in the form's order. */
  reasons: ReportReason[];
}

/** The hidden listings among `listingIds` (the seller's own), with why. */
export async function hiddenNotices(db: Database, listingIds: number[]): Promise<Map<number, HiddenNotice>> {
  const notices = new Map<number, HiddenNotice>();
  if (listingIds.length === 0) return notices;
  const hidden = await db
    .select({ id: listings.id, reason: listings.hiddenReason })
    .from(listings)
    .where(and(inArray(listings.id, listingIds), isNotNull(listings.hiddenAt)));
  for (const row of hidden) notices.set(row.id, { reason: row.reason ?? 'admin', count: 0, reasons: [] });
  const byReports = hidden.filter((r) => r.reason === 'reports').map((r) => r.id);
  if (byReports.length === 0) return notices;
  const open = await db
    .select({ itemId: reports.itemId, reporterId: reports.reporterId, reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.itemKind, 'listing'), inArray(reports.itemId, byReports), isNull(reports.resolvedAt)));
  for (const id of byReports) {
    const mine = open.filter((r) => r.itemId === id);
    const reasons = new Set(mine.map((r) => r.reason));
    notices.set(id, {
      reason: 'reports',
      count: new Set(mine.map((r) => r.reporterId)).size,
      reasons: REPORT_REASON_LIST.filter((r) => reasons.has(r)),
    });
  }
  return notices;
}
