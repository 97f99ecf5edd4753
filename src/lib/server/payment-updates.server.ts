/** A user's payment updates: one line per payment event (paid, declined, refunded), newest first. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { paymentUpdates } from '#db/schema.ts';
import { pageWindow } from './account-paging.server.ts';
import { toPage, type Page, type PageRequest } from '#lib/paging.ts';

export interface PaymentUpdate {
  id: number;
  message: string;
  status: string;
  createdAt: Date;
}

export async function listPaymentUpdates(db: Database, userId: string, paging: PageRequest): Promise<Page<PaymentUpdate>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select({ id: paymentUpdates.id, message: paymentUpdates.message, status: paymentUpdates.status, createdAt: paymentUpdates.createdAt })
    .from(paymentUpdates)
    .where(eq(paymentUpdates.userId, userId))
    .orderBy(desc(paymentUpdates.createdAt), desc(paymentUpdates.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, paging);
}
