/**
 * The admin's side of reports: the queue (open reports grouped by item, the most reported first),
 * the hidden items, and the decisions on them (dismiss, hide for good, ban or unban the author),
 * each recorded with who and when.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, min, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { comments, listings, moderationDecisions, reports, requests, users, type ReportItemKind, type ReportReason } from '#db/schema.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import type { ReportDecision } from './reports.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { isPlaceholderEmail } from '#features/accounts/telegram-login/telegram-login.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { adminsOnly } from '#features/accounts/policy.ts';
import { banAccount, unbanAccount } from './bans.server.ts';
import { mayModerate } from './policy.ts';
import { reportsWeight, type WeighedReport } from './report-weight.server.ts';
import { commentHref, requestHref, setHidden, TABLES } from './report-items.server.ts';
import { m } from '#paraglide/messages.js';
import { enqueue } from '#platform/jobs/queue.server.ts';

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
  if (!mayModerate(admin)) return adminsOnly();
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
  if (!mayModerate(admin)) return adminsOnly();
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
  if (!mayModerate(admin)) return adminsOnly();
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
  // News for the features above: every admin's Telegram copy of the item shows the decision.
  await enqueue(db, 'report-decided', { item: `${kind}:${id}` });
  return ok(action);
}
