/**
 * The built-in test checkout page (/checkout/[id]): the buyer's own open session, paid with a test
 * card through `formAction`; a paid checkout goes on to /success, a missing one is a 404 and an
 * expired one a 410.
 */
import type { AstroGlobal } from 'astro';
import { formatBirr } from './shop.ts';
import { expireIfStale, getOwnCheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import { cardFormSchema, cardShownBack, type CardField } from '#features/payments/providers/test-card.ts';
import { payWithTestCard } from '#features/payments/providers/test-checkout.server.ts';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { firstErrors } from '#platform/http/result.ts';
import { localHref } from '#platform/i18n/locales.ts';

const successPath = (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`;

/** What the checkout page shows, or the redirect to /success once it is paid. */
export async function checkoutPage(page: AstroGlobal) {
  const { db, now } = page.locals;
  const user = requireUser(page);
  const id = page.params.id ?? '';
  const own = await getOwnCheckoutSession(db, user.id, id);
  // The real clock, like the session's created_at (the request clock may be pinned for tests).
  const session = own && (await expireIfStale(db, own, new Date()));
  const usable = session !== null && session.provider === 'test';
  if (usable && session.status === 'complete') return page.redirect(successPath(session.id), 303);

  let values = { number: '', expiry: '', name: user.name, cvc: '' };
  const paid =
    usable && session.status === 'open'
      ? await formAction(page, cardFormSchema, (card) => {
          values = cardShownBack(card);
          return payWithTestCard(db, user, session, card, now);
        })
      : null;
  if (paid?.ok) return page.redirect(successPath(id), 303);
  if (!usable) page.response.status = 404;
  else if (session.status === 'expired') page.response.status = 410;
  const errors: Partial<Record<CardField, string>> = firstErrors(paid?.fields);
  return {
    user,
    session: usable ? session : null,
    values,
    errors,
    problem: paid && !paid.ok && !paid.fields ? paid.error : null,
    amount: session ? formatBirr(session.amountBirr) : '',
    cancelHref: localHref(`/cancel?session_id=${encodeURIComponent(id)}`),
  };
}
