/** The wallet: a ledger per user, credited by approved refunds; its balance is the sum of the entries. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { walletEntries } from '#db/schema.ts';
import { pageWindow } from './account-paging.server.ts';
import { toPage, type Page, type PageRequest } from '#lib/paging.ts';

export interface WalletEntry {
  id: number;
  amountBirr: number;
  reason: string;
  createdAt: Date;
}

/** The wallet: its balance is the sum of the whole ledger, in whole Birr; the entries are one page of it. */
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
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit)
    .offset(offset);
  return { balance: Number(sum?.balance ?? 0), entries: toPage(entries, paging) };
}
