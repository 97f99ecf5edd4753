/**
 * The buyer's notices of a payment (kind 'order'): a paid checkout (its order, its plans), and a
 * payment the provider refused after the buyer left its page. The words are the payment update's,
 * in each language (payment-messages.ts).
 */
import type { CheckoutLine } from '#db/schema.ts';
import type { Notice } from '#features/accounts/notices/notices.ts';
import { m } from '#paraglide/messages.js';
import { commerceNotice } from './commerce-notices.server.ts';
import { declinedMessage, linesByKind, paidMessage } from './payment-messages.ts';

/** A paid checkout: "Order #12 confirmed" with the order's page, or "Payment received" with the plans'. */
export function paidNotice(userId: string, checkout: { amountBirr: number; lines: CheckoutLine[] }, orderId: number | null): Notice {
  const onlyPlans = orderId === null && linesByKind(checkout.lines).plans.length > 0;
  return commerceNotice(userId, 'order', () => ({
    title: orderId === null ? m.commerce_notice_payment_paid_title() : m.commerce_notice_order_paid_title({ orderId }),
    body: paidMessage(checkout.amountBirr, orderId, checkout.lines),
    link:
      orderId !== null
        ? { text: m.commerce_notice_see_orders(), path: '/pending-orders' }
        : onlyPlans
          ? { text: m.commerce_notice_see_plans(), path: '/subscriptions' }
          : { text: m.commerce_notice_see_payments(), path: '/payment-updates' },
  }));
}

/** A payment the provider refused: its amount and why (`reason` renders in the current language). */
export function failedNotice(userId: string, amountBirr: number, reason: () => string): Notice {
  return commerceNotice(userId, 'order', () => ({
    title: m.commerce_notice_payment_failed_title(),
    body: declinedMessage(amountBirr, reason()),
    link: { text: m.commerce_notice_see_payments(), path: '/payment-updates' },
  }));
}
