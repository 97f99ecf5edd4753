import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { fail } from '#platform/http/result.ts';
import { api, jsonError, jsonOk, refuse } from '#platform/http/http.server.ts';
import { config } from '#platform/config/config.server.ts';

/** The route; its 503's words are made per request. */
const route = (unavailable: string) =>
  api(
    'chapa/webhook',
    async ({ request, locals }) => {
      const chapa = config().chapa;
      if (!chapa) refuse(fail(404, m.shop_chapa_not_configured()));
      // The signature is over the raw bytes: read them before anything parses the body.
      const raw = await request.text();
      const { handleChapaWebhook } = await import('#features/payments/providers/chapa.server.ts');
      const result = await handleChapaWebhook(locals.db, chapa, raw, request.headers.get('x-chapa-signature'), locals.now);
      return result.status === 200 ? jsonOk(result.body) : jsonError(result.status, result.body.error ?? unavailable);
    },
    unavailable,
  );

/**
 * `POST /api/chapa/webhook`: Chapa's events, signed with CHAPA_WEBHOOK_SECRET (`x-chapa-signature`,
 * the hex HMAC-SHA256 of the raw body). 401 without a valid signature (nothing changes); a signed
 * event is settled by asking Chapa's verify endpoint (never on the event's own word), once however
 * often it is delivered; an unknown `tx_ref` is acknowledged (200) and changes nothing. 503 when
 * Chapa could not be asked, so it delivers again. Without Chapa keys this route is a 404.
 */
export const POST: APIRoute = (context) => route(m.shop_stripe_retry())(context);
