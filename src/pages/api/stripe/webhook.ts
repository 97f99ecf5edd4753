import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { fail } from '#platform/http/result.ts';
import { api, jsonError, jsonOk, refuse } from '#platform/http/http.server.ts';
import { config } from '#platform/config/config.server.ts';

/** The route; its 503's words are made per request. */
const route = (unavailable: string) =>
  api(
    'stripe/webhook',
    async ({ request, locals }) => {
      const stripe = config().stripe;
      if (!stripe) refuse(fail(404, m.shop_stripe_not_configured()));
      const raw = await request.text();
      const { handleStripeWebhook, sharedStripeClient } = await import('#features/payments/providers/stripe.server.ts');
      const result = await handleStripeWebhook(locals.db, raw, request.headers.get('stripe-signature'), stripe, sharedStripeClient(stripe));
      return result.status === 200 ? jsonOk(result.body) : jsonError(result.status, result.body.error ?? m.shop_stripe_not_handled());
    },
    unavailable,
  );

/**
 * `POST /api/stripe/webhook`: Stripe's events, verified with STRIPE_WEBHOOK_SECRET over the raw
 * body. `checkout.session.completed` (and `async_payment_succeeded`) fulfil the checkout, once.
 * Without Stripe keys this route does not exist (404) and no Stripe code is loaded. An event that
 * could not be processed is answered 503, so Stripe delivers it again later.
 */
export const POST: APIRoute = (context) => route(m.shop_stripe_retry())(context);
