/**
 * The shop's notices to a buyer: an order delivered (kind 'order') and a refund decided (kind
 * 'refund'), each with the page that shows it. Sent by the decision's own transaction, so once.
 */
import type { RefundMethod } from '#db/schema.ts';
import type { Notice } from '#features/accounts/notices/notices.ts';
import { commerceNotice } from '#features/payments/commerce-notices.server.ts';
import { refundUpdateText } from '#features/payments/payment-messages.ts';
import { m } from '#paraglide/messages.js';

export function deliveredNotice(userId: string, order: { id: number; products: string }): Notice {
  return commerceNotice(userId, 'order', () => ({
    title: m.commerce_notice_order_delivered_title({ orderId: order.id }),
    body: m.commerce_notice_order_delivered_body({ orderId: order.id, products: order.products }),
    link: { text: m.commerce_notice_see_completed_orders(), path: '/completed-orders' },
  }));
}

/** Approved (to the wallet, or back through Chapa) or declined: the payment update's words, and where to see it. */
export function refundNotice(
  userId: string,
  verdict: 'approve' | 'decline',
  refund: { orderId: number; amountBirr: number; method: RefundMethod | null },
): Notice {
  return commerceNotice(userId, 'refund', () => ({
    title:
      verdict === 'approve'
        ? m.commerce_notice_refund_approved_title({ orderId: refund.orderId })
        : m.commerce_notice_refund_declined_title({ orderId: refund.orderId }),
    body: refundUpdateText(verdict, refund),
    link:
      verdict === 'approve' && refund.method === 'wallet'
        ? { text: m.commerce_notice_see_wallet(), path: '/wallet' }
        : { text: m.commerce_notice_see_refunds(), path: '/refunds' },
  }));
}
