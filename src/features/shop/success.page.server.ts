/**
 * Where a checkout returns (/success): the buyer's own session, settled with its provider here if
 * it is not yet (verify, then the same idempotent fulfilment), and what the page says about it:
 * paid, failed to confirm (503), still waiting, refused by the provider, or not paid.
 */
import type { AstroGlobal } from 'astro';
import { confirmCheckout, paymentProvider, type Confirmation } from '#features/payments/payments.server.ts';
import { requireUser } from '#platform/http/http.server.ts';
import { getOwnCheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import type { Fulfilment } from '#features/payments/fulfilment.server.ts';
import { m } from '#paraglide/messages.js';
import { logger } from '#platform/log/log.server.ts';

const log = logger('shop');

/** The words for a payment the provider refused, by its reason. */
export function refusedText(refused: string | null): string {
  if (refused === 'amount_mismatch') return m.shop_chapa_mismatch_text();
  if (refused !== null && ['cancelled', 'canceled', 'abandoned'].includes(refused)) return m.shop_chapa_cancelled_text();
  return m.shop_chapa_declined_text();
}

export async function successPage(page: AstroGlobal) {
  const { db } = page.locals;
  const user = requireUser(page);
  const id = (page.url.searchParams.get('session_id') ?? '').slice(0, 80);
  const session = await getOwnCheckoutSession(db, user.id, id);
  let paid: Fulfilment | null = null;
  let failure: string | null = null;
  let confirmation: Confirmation | null = null;
  if (!session) {
    page.response.status = 404;
  } else {
    try {
      confirmation = await confirmCheckout(db, session, await paymentProvider(), page.locals.now);
      if (confirmation.state === 'paid') paid = confirmation.fulfilment;
      else if (confirmation.state === 'error') failure = confirmation.error;
    } catch (error) {
      log.error({ err: error }, '[success] failed');
      failure = m.shop_confirm_failed();
      page.response.status = 503;
    }
  }
  const refused = confirmation?.state === 'failed' ? confirmation.reason : null;
  return {
    session,
    paid,
    failure,
    waiting: confirmation?.state === 'waiting',
    refused,
    refusedText: refusedText(refused),
    promotionLines: session?.lines.filter((l) => l.kind === 'promotion') ?? [],
  };
}
