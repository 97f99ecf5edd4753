/** The wallet: a ledger per user, credited by approved refunds; its balance is the sum of the entries. */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { refunds, walletEntries } from '#db/schema.ts';
import { baseLocale, getLocale } from '#platform/i18n/locales.ts';
import { pageWindow } from '#platform/http/account-paging.server.ts';
import { walletRefundReason } from './payment-messages.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';

export interface WalletEntry {
  id: number;
  amountBirr: number;
  reason: string;
  createdAt: Date;
}

/**
 * The wallet: its balance is the sum of the whole ledger, in whole Birr; the entries are one page of
 * it. A refund's entry is stored in English and read in the request's language.
 */
export async function walletOf(
  db: Database,
  userId: string,
  paging: PageRequest,
): Promise<{ balance: number; entries: Page<WalletEntry> }> {
  const { limit, offset } = pageWindow(paging);
  const [sum] = await db
    .select({ balance: sql<string | number | null>`coalesce(sum(${walletEntries.amountBirr}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  const entries = await db
    .select({
      id: walletEntries.id,
      amountBirr: walletEntries.amountBirr,
      reason: walletEntries.reason,
      refundId: walletEntries.refundId,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit)
    .offset(offset);
  const page = toPage(entries, paging);
  const refundIds = getLocale() === baseLocale ? [] : page.items.flatMap((e) => (e.refundId === null ? [] : [e.refundId]));
  const refunded =
    refundIds.length === 0
      ? []
      : await db
          .select({ id: refunds.id, orderId: refunds.orderId, productName: refunds.productName })
          .from(refunds)
          .where(inArray(refunds.id, refundIds));
  const reasonByRefund = new Map(refunded.map((r) => [r.id, walletRefundReason(r)]));
  const items = page.items.map(({ refundId, ...e }) => ({ ...e, reason: (refundId !== null && reasonByRefund.get(refundId)) || e.reason }));
  return { balance: Number(sum?.balance ?? 0), entries: { ...page, items } };
}
