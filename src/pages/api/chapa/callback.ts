import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { fail } from '#platform/http/result.ts';
import { api, jsonError, jsonOk, refuse } from '#platform/http/http.server.ts';
import { config } from '#platform/config/config.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('payments');

/** The route; its 503's words are made per request. */
const route = (unavailable: string) =>
  api(
    'chapa/callback',
    async ({ url, locals }) => {
      const chapa = config().chapa;
      if (!chapa) refuse(fail(404, m.shop_chapa_not_configured()));
      const { callbackTxRef, settleChapaCheckout, ChapaUnavailable } = await import('#features/payments/providers/chapa.server.ts');
      const txRef = callbackTxRef(url);
      if (!txRef) refuse(fail(400, m.shop_chapa_no_tx_ref()));
      try {
        const settled = await settleChapaCheckout(locals.db, chapa, txRef, locals.now);
        return jsonOk({ received: true, state: settled.state });
      } catch (error) {
        if (!(error instanceof ChapaUnavailable)) throw error;
        log.error(`[chapa] callback for ${txRef}: ${error.message}`);
        return jsonError(503, unavailable);
      }
    },
    unavailable,
  );

/**
 * `GET /api/chapa/callback?tx_ref=…` (Chapa adds `trx_ref`, `ref_id` and `status`): Chapa's call
 * after a payment. Its query is not trusted: the transaction is settled by asking Chapa's verify
 * endpoint, once however often it is called. Answers `{received, state}`; an unknown `tx_ref`
 * changes nothing.
 */
export const GET: APIRoute = (context) => route(m.shop_stripe_retry())(context);
export const POST = GET;
