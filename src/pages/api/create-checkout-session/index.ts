import type { APIRoute } from 'astro';
import { jsonError, jsonOk } from '#server/http.server.ts';
import { paymentProvider, startCheckout } from '#server/payments.server.ts';

/**
 * `POST /api/create-checkout-session/` with `{items:[{id,name,price,quantity}]}`: answers
 * `{id, url}` (201). Every item is priced from the database; names and prices in the body are
 * ignored. 400 for unknown ids or quantities other than 1, 401 signed out, 502 when the payment
 * provider cannot start the checkout.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!locals.user) return jsonError(401, 'Sign in to check out.');
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonError(400, 'The request body must be JSON: {"items":[{"id":1,"quantity":1}]}.');
  }
  try {
    const result = await startCheckout(locals.db, locals.user, body, await paymentProvider(), locals.now);
    if (!result.ok) return jsonError(result.status, result.error, result.fields);
    return jsonOk(result.value, { status: 201 });
  } catch (error) {
    console.error('[api/create-checkout-session]', error);
    return jsonError(503, 'Checkout could not start. Please try again in a minute.');
  }
};
