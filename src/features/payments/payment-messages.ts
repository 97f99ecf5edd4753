/**
 * The words of payment events: a paid checkout, a declined payment, a decided refund and its wallet
 * entry. Each is stored in English when the event happens and made again in a page's language from
 * the checkout or refund it names (payment-updates.server.ts, wallet.server.ts), so both use these.
 */
import type { CheckoutLine, PromotionLine, RefundMethod, ShopLine } from '#db/schema.ts';
import { formatBirr } from '#platform/i18n/format.ts';
import type { Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

const names = (lines: CheckoutLine[]) => lines.map((l) => l.name).join(', ');

/** What a checkout line becomes when paid: a product (an order), a plan (a subscription) or a promotion. */
export type LineKind = 'product' | 'plan' | 'promotion';

/** The kinds in the order a fulfilment makes them and a payment update names them. */
export const LINE_KINDS: readonly LineKind[] = ['product', 'plan', 'promotion'];

export const lineKind = (line: CheckoutLine): LineKind => line.kind ?? 'product';

/** A checkout's lines by what they become when paid: an order, subscriptions, promotions. */
export function linesByKind(lines: CheckoutLine[]): { products: ShopLine[]; plans: ShopLine[]; promotions: PromotionLine[] } {
  const products: ShopLine[] = [];
  const plans: ShopLine[] = [];
  const promoted: PromotionLine[] = [];
  for (const line of lines) {
    if (line.kind === 'promotion') promoted.push(line);
    else if (line.kind === 'plan') plans.push(line);
    else products.push(line);
  }
  return { products, plans, promotions: promoted };
}

/**
 * The payment update's words for a paid checkout, in the request's language. Stored in English;
 * shown in each page's language (payment-updates.server.ts makes them again from the checkout).
 */
export function paidMessage(amountBirr: number, orderId: number | null, lines: CheckoutLine[]): string {
  const { products, plans, promotions: promoted } = linesByKind(lines);
  const parts: string[] = [];
  if (orderId !== null) parts.push(m.account_update_part_order({ orderId, products: names(products) }));
  if (plans.length > 0) parts.push(m.account_update_part_plans({ count: plans.length, plans: names(plans) }));
  for (const p of promoted) parts.push(m.promotion_update_part({ days: p.days, name: p.name }));
  const what = parts.length === 2 ? m.account_update_and({ first: parts[0]!, second: parts[1]! }) : parts.join(', ');
  return m.account_update_paid_message({ amount: formatBirr(amountBirr), what });
}

/** The payment update's words for a declined payment, in the request's language. */
export function declinedMessage(amountBirr: number, reason: string): string {
  return m.account_update_declined_message({ amount: formatBirr(amountBirr), reason });
}

/** The wallet entry's words for an approved refund, in `locale` (the request's by default). */
export function walletRefundReason(refund: { orderId: number; productName: string }, locale?: Locale): string {
  return m.account_wallet_refund_reason({ orderId: refund.orderId, products: refund.productName }, locale ? { locale } : {});
}

/** The payment update's words for a decided refund, in the request's language. */
export function refundUpdateText(
  verdict: 'approve' | 'decline',
  refund: { orderId: number; amountBirr: number; method: RefundMethod | null },
): string {
  const amount = formatBirr(refund.amountBirr);
  if (verdict === 'decline') return m.account_update_refund_declined_message({ amount, orderId: refund.orderId });
  return refund.method === 'chapa'
    ? m.account_update_refund_chapa_message({ amount, orderId: refund.orderId })
    : m.account_update_refund_approved_message({ amount, orderId: refund.orderId });
}
