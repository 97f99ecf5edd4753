/**
 * What the shop's paid lines become: a checkout's products become one order, its plans become
 * subscriptions. The shop also prices every checkout request no other fulfiller claims (the cart's
 * `{items}`). Registered with payments when the process imports this module
 * (platform/process/fulfillers.server.ts).
 */
import { orderItems, orders, subscriptions } from '#db/schema.ts';
import { registerFulfiller } from '#features/payments/fulfillers.server.ts';
import { priceCheckout } from './shop.server.ts';

registerFulfiller('product', {
  price: (db, _user, body) => priceCheckout(db, body),
  async fulfil(tx, { userId, checkoutSessionId, lines, now }) {
    const [order] = await tx
      .insert(orders)
      .values({ userId, checkoutSessionId, totalBirr: lines.reduce((sum, l) => sum + l.priceBirr * l.quantity, 0), createdAt: now })
      .onConflictDoNothing({ target: orders.checkoutSessionId })
      .returning({ id: orders.id });
    if (!order) return;
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order.id,
        shopProductId: l.shopProductId,
        productName: l.name,
        priceBirr: l.priceBirr,
        quantity: l.quantity,
      })),
    );
    return { orderId: order.id };
  },
});

registerFulfiller('plan', {
  async fulfil(tx, { userId, checkoutSessionId, lines, now }) {
    await tx.insert(subscriptions).values(lines.map((l) => ({ userId, name: l.name, checkoutSessionId, createdAt: now })));
  },
});
