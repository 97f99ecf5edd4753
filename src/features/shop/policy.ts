/**
 * Who may do what with the shop's orders: a buyer sees their own orders and subscriptions and asks
 * for a refund of their own order (someone else's is as good as missing: 404); the delivery queue
 * and refund decisions are the admins'.
 */
import { admin, owns, type Viewer } from '#features/accounts/policy.ts';

type Owned = { userId: string | null };

export const ownsOrder = (user: Viewer, order: Owned): boolean => owns(user, order);
export function mayRequestRefund(user: Viewer, order: Owned): boolean {
  return ownsOrder(user, order);
}
export const mayCancelSubscription = (user: Viewer, subscription: Owned): boolean => owns(user, subscription);

/** Deliver orders, approve or decline refunds: admins. */
export const mayManageOrders = (user: Viewer): boolean => admin(user);
