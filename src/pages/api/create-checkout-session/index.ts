import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { checkoutRequestSchema } from '#lib/checkout-request.ts';
import { answer, api, readBody, requireUser } from '#server/http.server.ts';
import { paymentProvider, startCheckout } from '#server/payments.server.ts';

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'create-checkout-session',
    async (context) => {
      const user = requireUser(context, m.shop_sign_in_to_checkout());
      const checkout = await readBody(context, checkoutRequestSchema);
      return answer(await startCheckout(context.locals.db, user, checkout, await paymentProvider(), context.locals.now), { status: 201 });
    },
    unavailable,
  );

/**
 * `POST /api/create-checkout-session/` with `{items:[{id,name,price,quantity}]}`: answers
 * `{id, url}` (201). Every item is priced from the database; names and prices in the body are
 * ignored. 400 for unknown ids or quantities other than 1, 401 signed out, 502 when the payment
 * provider cannot start the checkout. Texts are in the language of Accept-Language (the cart's page).
 */
export const POST: APIRoute = (context) => route(m.shop_checkout_unavailable())(context);
