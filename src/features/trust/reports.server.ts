/**
 * Reports of listings, requests and comments, the admin queue and its decisions. One report per
 * account and item (a unique index). Each report weighs what its reporter had shown (0, 0.5 or 1,
 * report-weight.server.ts) and the reports from one client address count once; once the open
 * reports of an item weigh `reportHideThreshold`, it is hidden from every public read (and a
 * deal's seller is emailed) until an admin decides: dismiss (public again), hide for good, or ban
 * its author (bans.server.ts). Every report reaches the queue, the most reported items first.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, min, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { comments, listings, moderationDecisions, reports, requests, users, type ReportItemKind, type ReportReason } from '#db/schema.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { REPORT_REASON_LIST, type ReportDecision, type ReportInput } from './reports.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { isPlaceholderEmail } from '#features/accounts/telegram-login/telegram-login.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { banAccount, unbanAccount } from './bans.server.ts';
import { config } from '#platform/config/config.server.ts';
import { sendEmail } from '#platform/email/email.server.ts';
import { listingHiddenEmail } from '#features/accounts/emails.server.ts';
import { isPublic } from '#features/listings/listings.server.ts';
import { adminsOnly } from '#features/shop/orders.server.ts';
import { allowWrite, slowDown } from '#platform/http/rate-limit.server.ts';
import { publicComment } from '#features/community/comments.server.ts';
import { publicRequest } from '#features/community/requests.server.ts';
import { reportAddressHash, reporterTrust, reportWeight } from './report-weight.server.ts';
import { m } from '#paraglide/messages.js';

/** The table of each kind of item, with the columns a report touches. */
const TABLES = {
  listing: { table: listings, id: listings.id, hiddenAt: listings.hiddenAt, hiddenReason: listings.hiddenReason },
  request: { table: requests, id: requests.id, hiddenAt: requests.hiddenAt, hiddenReason: requests.hiddenReason },
  comment: { table: comments, id: comments.id, hiddenAt: comments.hiddenAt, hiddenReason: comments.hiddenReason },
} as const;

/** Sets an item's hidden state (`null` makes it public again, as far as hiding goes). */
async function setHidden(
  db: Pick<Database, 'update'>,
  kind: ReportItemKind,
  id: number,
  hidden: { at: Date; reason: 'reports' | 'admin' } | null,
  where?: SQL,
): Promise<void> {
  const t = TABLES[kind];
  const values = { hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null };
  await db
    .update(t.table)
    .set(values)
    .where(and(eq(t.id, id), where));
}

const requestHref = (id: number) => `/recents?requests=all#request-${id}`;
const commentHref = (c: { listingId: number; imageId: string }) =>
  `/comments?listing=${c.listingId}&image=${encodeURIComponent(c.imageId)}`;

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

/** What the weighing of an item's reports reads of each. */
interface WeighedReport {
  reporterId: string;
  weight: number;
  addressHash: string | null;
}

/**
 * What an item's open reports weigh together: the reports from one client address count once, at
 * the highest weight among them (a report without an address stands for its account alone).
 */
function reportsWeight(open: readonly WeighedReport[]): number {
  const bySource = new Map<string, number>();
  for (const r of open) {
    const source = r.addressHash === null ? `account:${r.reporterId}` : `address:${r.addressHash}`;
    bySource.set(source, Math.max(bySource.get(source) ?? 0, r.weight));
  }
  return [...bySource.values()].reduce((sum, w) => sum + w, 0);
}

/** The open reports of the item, as weighed. */
function openReports(db: Database, kind: ReportItemKind, id: number): Promise<WeighedReport[]> {
  return db
    .select({ reporterId: reports.reporterId, weight: reports.weight, addressHash: reports.addressHash })
    .from(reports)
    .where(and(eq(reports.itemKind, kind), eq(reports.itemId, id), isNull(reports.resolvedAt)));
}

/**
 * Hides the item for its reports (unless it is hidden already); a deal's seller learns it by email
 * at once, with the deal's name and the reasons given (My Posts shows the same).
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
    .select({ email: users.email, productName: listings.productName })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.id, id))
    .limit(1);
  const notice = (await hiddenNotices(db, [id])).get(id);
  // sendEmail skips a Telegram account's placeholder address itself.
  if (seller && notice)
    await sendEmail({ to: seller.email, ...listingHiddenEmail({ productName: seller.productName, reasons: notice.reasons }) });
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

// ---------------------------------------------------------------------------
// The admin queue
// ---------------------------------------------------------------------------

/** An item as the admin queue shows it. */
export interface ItemSummary {
  kind: ReportItemKind;
  id: number;
  /** The deal's name, or the request's or comment's text. */
  text: string;
  author: { id: string; name: string; email: string } | null;
  hiddenReason: 'reports' | 'admin' | null;
  authorBanned: boolean;
  /** Where the public sees it (a path to pass through localHref). */
  href: string;
}

type Key = `${ReportItemKind}:${number}`;
const keyOf = (kind: ReportItemKind, id: number): Key => `${kind}:${id}`;

const authorOf = (id: string | null, name: string | null, email: string | null) =>
  id && name !== null ? { id, name, email: email && !isPlaceholderEmail(email) ? email : '' } : null;

/** The items (of any kind), read with one query per kind. */
async function summaries(db: Database, items: { kind: ReportItemKind; id: number }[], where?: Record<ReportItemKind, SQL>) {
  const found = new Map<Key, ItemSummary>();
  const ids = (kind: ReportItemKind) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.id))];
  const author = { name: users.name, email: users.email };
  const listingIds = ids('listing');
  if (listingIds.length > 0 || where) {
    const rows = await db
      .select({ ...author, l: listings })
      .from(listings)
      .leftJoin(users, eq(users.id, listings.ownerId))
      .where(where ? where.listing : inArray(listings.id, listingIds))
      .limit(where ? 100 : listingIds.length);
    for (const { l, name, email } of rows)
      found.set(keyOf('listing', l.id), {
        kind: 'listing',
        id: l.id,
        text: `${l.productName} · ${l.companyName}`,
        author: authorOf(l.ownerId, name, email),
        hiddenReason: l.hiddenAt ? (l.hiddenReason ?? 'admin') : null,
        authorBanned: l.sellerBanned,
        href: listingPath(l),
      });
  }
  const requestIds = ids('request');
  if (requestIds.length > 0 || where) {
    const rows = await db
      .select({ ...author, r: requests })
      .from(requests)
      .leftJoin(users, eq(users.id, requests.userId))
      .where(where ? where.request : inArray(requests.id, requestIds))
      .limit(where ? 100 : requestIds.length);
    for (const { r, name, email } of rows)
      found.set(keyOf('request', r.id), {
        kind: 'request',
        id: r.id,
        text: r.message,
        author: authorOf(r.userId, name, email),
        hiddenReason: r.hiddenAt ? (r.hiddenReason ?? 'admin') : null,
        authorBanned: r.authorBanned,
        href: requestHref(r.id),
      });
  }
  const commentIds = ids('comment');
  if (commentIds.length > 0 || where) {
    const rows = await db
      .select({ ...author, c: comments })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(where ? where.comment : inArray(comments.id, commentIds))
      .limit(where ? 100 : commentIds.length);
    for (const { c, name, email } of rows)
      found.set(keyOf('comment', c.id), {
        kind: 'comment',
        id: c.id,
        text: c.comment,
        author: authorOf(c.userId, name, email),
        hiddenReason: c.hiddenAt ? (c.hiddenReason ?? 'admin') : null,
        authorBanned: c.authorBanned,
        href: commentHref(c),
      });
  }
  return found;
}

export interface QueueReport {
  id: number;
  reason: ReportReason;
  details: string | null;
  reporterName: string;
  reporterEmail: string;
  createdAt: Date;
  /** What it counts toward hiding (0 for a new account's: the admin sees it all the same). */
  weight: number;
}

export interface QueueItem {
  kind: ReportItemKind;
  id: number;
  /** Null when the item was deleted since. */
  item: ItemSummary | null;
  /** Its open reports (all of them, whatever they weigh). */
  count: number;
  /** What they weigh together, against `reportHideThreshold`. */
  weight: number;
  reports: QueueReport[];
}

/** The most items the queue shows at once (deciding on them brings the next). */
const QUEUE_ITEMS = 100;
/** The most reports it reads for them (the oldest of each item come first). */
const QUEUE_REPORTS = 500;

/**
 * Open reports grouped by item: the items with the most reports first, whatever they weigh (a
 * burst of new accounts' reports that hides nothing is what an admin should see first), then the
 * oldest; each item's reports oldest first.
 */
export async function reportQueue(db: Database, admin: SessionUser): Promise<Result<QueueItem[]>> {
  if (!admin.isAdmin) return adminsOnly();
  const open = isNull(reports.resolvedAt);
  const reported = await db
    .select({ kind: reports.itemKind, id: reports.itemId, count: count() })
    .from(reports)
    .where(open)
    .groupBy(reports.itemKind, reports.itemId)
    .orderBy(desc(count()), asc(min(reports.createdAt)), asc(min(reports.id)))
    .limit(QUEUE_ITEMS);
  if (reported.length === 0) return ok([]);
  const rows = await db
    .select({
      id: reports.id,
      kind: reports.itemKind,
      itemId: reports.itemId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      weight: reports.weight,
      addressHash: reports.addressHash,
      reporterId: reports.reporterId,
      reporterName: users.name,
      reporterEmail: users.email,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(open, inArray(reports.itemId, [...new Set(reported.map((r) => r.id))])))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_REPORTS);
  const groups = new Map<Key, QueueItem & { weighed: WeighedReport[] }>(
    reported.map((r) => [keyOf(r.kind, r.id), { kind: r.kind, id: r.id, item: null, count: r.count, weight: 0, reports: [], weighed: [] }]),
  );
  for (const r of rows) {
    // Reports of another kind of item with the same id belong to an item further down, or none.
    const group = groups.get(keyOf(r.kind, r.itemId));
    if (!group) continue;
    group.weighed.push(r);
    group.reports.push({
      id: r.id,
      reason: r.reason,
      details: r.details,
      reporterName: r.reporterName,
      reporterEmail: isPlaceholderEmail(r.reporterEmail) ? '' : r.reporterEmail,
      createdAt: r.createdAt,
      weight: r.weight,
    });
  }
  const items = await summaries(db, [...groups.values()]);
  return ok(
    [...groups.values()].map(({ weighed, ...g }) => ({
      ...g,
      weight: reportsWeight(weighed),
      item: items.get(keyOf(g.kind, g.id)) ?? null,
    })),
  );
}

/** Every hidden listing, request and comment (up to 100 of each), for the admin to make public again. */
export async function hiddenItems(db: Database, admin: SessionUser): Promise<Result<ItemSummary[]>> {
  if (!admin.isAdmin) return adminsOnly();
  const found = await summaries(db, [], {
    listing: isNotNull(listings.hiddenAt),
    request: isNotNull(requests.hiddenAt),
    comment: isNotNull(comments.hiddenAt),
  });
  return ok([...found.values()]);
}

const RESOLUTION = { dismiss: 'dismissed', hide: 'hidden', ban: 'banned' } as const;

/**
 * Carries out an admin's decision: dismiss (the item is public again, its reports closed), hide
 * (for good, until dismissed), ban its author, or unban an account. Recorded with who and when.
 */
export async function decideReport(
  db: Database,
  admin: SessionUser,
  decision: ReportDecision,
  now = new Date(),
): Promise<Result<ReportDecision['action']>> {
  if (!admin.isAdmin) return adminsOnly();
  if (decision.action === 'unban') {
    const lifted = await unbanAccount(db, admin, decision.user, now);
    return lifted.ok ? ok('unban') : lifted;
  }
  const { action, kind, id } = decision;
  const item = (await summaries(db, [{ kind, id }])).get(keyOf(kind, id));
  // Reports of a deleted item can still be dismissed (they leave the queue).
  if (!item && action !== 'dismiss') return fail(404, m.reports_admin_gone());
  if (action === 'ban') {
    if (!item?.author) return fail(400, m.reports_admin_no_author());
    const banned = await banAccount(db, admin, item.author.id, decision.reason || null, now);
    if (!banned.ok) return banned;
  }
  await db.transaction(async (tx) => {
    if (item && action === 'dismiss') await setHidden(tx, kind, id, null);
    if (item && action === 'hide') await setHidden(tx, kind, id, { at: now, reason: 'admin' });
    // The ban now keeps it off public pages, and its reports are closed: a threshold hide would
    // otherwise outlive an unban. An admin's own hide stays.
    if (item && action === 'ban') await setHidden(tx, kind, id, null, eq(TABLES[kind].hiddenReason, 'reports'));
    await tx
      .update(reports)
      .set({ resolvedAt: now, resolvedBy: admin.id, resolution: RESOLUTION[action] })
      .where(and(eq(reports.itemKind, kind), eq(reports.itemId, id), isNull(reports.resolvedAt)));
    await tx.insert(moderationDecisions).values({
      itemKind: kind,
      itemId: String(id),
      action,
      adminId: admin.id,
      createdAt: now,
      note: action === 'ban' ? item!.author!.id : null,
    });
  });
  return ok(action);
}
