import { checkoutRequestSchema } from '#lib/checkout-request.ts';
import { answer, api, readBody, requireUser } from '#server/http.server.ts';
import { paymentProvider, startCheckout } from '#server/payments.server.ts';

/**
 * `POST /api/create-checkout-session/` with `{items:[{id,name,price,quantity}]}`: answers
 * `{id, url}` (201). Every item is priced from the database; names and prices in the body are
 * ignored. 400 for unknown ids or quantities other than 1, 401 signed out, 502 when the payment
 * provider cannot start the checkout.
 */
export const POST = api(
  'create-checkout-session',
  async (context) => {
    const user = requireUser(context, 'Sign in to check out.');
    const checkout = await readBody(context, checkoutRequestSchema);
    return answer(await startCheckout(context.locals.db, user, checkout, await paymentProvider(), context.locals.now), { status: 201 });
  },
  'Checkout could not start. Please try again in a minute.',
);
