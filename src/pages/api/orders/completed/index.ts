import { ordersEndpoint } from '#server/account.server.ts';

/** `GET /api/orders/completed/`: the signed-in user's completed orders. */
export const GET = ordersEndpoint('delivered');
