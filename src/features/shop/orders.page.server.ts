/**
 * The pending and completed orders pages (spec 2.8): a refund asked for through `formAction`, then
 * one page of the user's own orders of that state (a 503 when they cannot be read).
 */
import type { AstroGlobal } from 'astro';
import type { OrderStatus } from '#db/schema.ts';
import { accountPageOf, refundRequestSchema } from '#features/accounts/account.ts';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { noticeOf } from '#platform/http/result.ts';
import { readOrNull, writeOrFail } from '#platform/http/safe.server.ts';
import { listOrders } from './orders.server.ts';
import { refundRequestedText, requestRefund } from './refunds.server.ts';
import { m } from '#paraglide/messages.js';

/** Where each state's list is read from, for the logs. */
const LABEL: Record<OrderStatus, string> = { pending: 'pending-orders', delivered: 'completed-orders' };

export async function ordersPage(page: AstroGlobal, status: OrderStatus) {
  const { db } = page.locals;
  const user = requireUser(page);
  const posted = await formAction(page, refundRequestSchema, (input) =>
    writeOrFail('refund', m.account_refund_send_failed(), () => requestRefund(db, user, input.order)),
  );
  const orders = await readOrNull(LABEL[status], () => listOrders(db, user.id, status, accountPageOf(page.url.searchParams)));
  if (!orders) page.response.status = 503;
  return { orders, notice: posted && noticeOf(posted, refundRequestedText) };
}
