import { ordersEndpoint } from '#server/account.server.ts';

/** `GET /api/orders/pending/`: the signed-in user's pending orders. */
export const GET = ordersEndpoint('pending');
