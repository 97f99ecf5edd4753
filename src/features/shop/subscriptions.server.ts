/** A user's subscriptions (plans bought through the shop's checkout), and cancelling one. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { subscriptions, type SubscriptionStatus } from '#db/schema.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { pageWindow } from '#platform/http/account-paging.server.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { m } from '#paraglide/messages.js';
import { mayCancelSubscription } from './policy.ts';

export interface SubscriptionView {
  id: number;
  name: string;
  status: SubscriptionStatus;
  createdAt: Date;
  cancelledAt: Date | null;
}

const subscriptionColumns = {
  id: subscriptions.id,
  name: subscriptions.name,
  status: subscriptions.status,
  createdAt: subscriptions.createdAt,
  cancelledAt: subscriptions.cancelledAt,
};

/** The user's subscriptions, active ones first. */
export async function listSubscriptions(db: Database, userId: string, paging: PageRequest): Promise<Page<SubscriptionView>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, paging);
}

/** Cancels one of the user's own subscriptions; cancelling it again changes nothing. */
export async function cancelSubscription(db: Database, user: SessionUser, id: number, now = new Date()): Promise<Result<SubscriptionView>> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  if (!row || !mayCancelSubscription(user, row)) return fail(404, m.account_subscription_not_found());
  if (row.status === 'active') {
    await db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')));
  }
  const [after] = await db.select(subscriptionColumns).from(subscriptions).where(eq(subscriptions.id, id));
  return ok(after!);
}
