import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { CHECKOUT_FORM_PAGES, checkoutRequestFromForm } from '#features/payments/checkout-request.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { isLocale } from '#paraglide/runtime.js';
import { inLocale } from '#platform/i18n/locale.server.ts';
import {
  answer,
  api,
  formValues,
  isFormPost,
  readBodyValues,
  readFormData,
  refuse,
  requireUser,
  signInPath,
} from '#platform/http/http.server.ts';
import { paymentProvider, startCheckout } from '#features/payments/payments.server.ts';

/** The page a form's checkout came from (to go back to when it cannot start). */
function backPage(value: unknown): (typeof CHECKOUT_FORM_PAGES)[number] {
  return CHECKOUT_FORM_PAGES.find((page) => page === value) ?? '/shop';
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** A page of this site, whole: an absolute URL keeps the form page's language (not Accept-Language's). */
const sitePage = (path: string, url: URL) => new URL(localHref(path), url).href;

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'create-checkout-session',
    async (context) => {
      const { locals, request, url } = context;
      if (isFormPost(request)) {
        // A plain form (no script): every answer is a redirect, to the payment page or back.
        const form = await readFormData(request);
        if (!form.ok) refuse(form);
        const values = formValues(form.value);
        const back = backPage(values.back);
        const user = locals.user;
        // The form says its page's language: the payment page returns to it, and so does a refusal.
        const lang = typeof values.lang === 'string' && isLocale(values.lang) ? values.lang : locals.locale;
        return inLocale(lang, async () => {
          if (!user) return seeOther(sitePage(signInPath(new URL(back, url)), url));
          const started = await startCheckout(locals.db, user, checkoutRequestFromForm(values), await paymentProvider(), locals.now);
          if (started.ok) return seeOther(new URL(started.value.url, url).href);
          return seeOther(sitePage(`${back}?checkout_failed=${started.status}#checkout-failed`, url));
        });
      }
      const user = requireUser(context, m.shop_sign_in_to_checkout());
      const body = await readBodyValues(request);
      if (!body.ok) refuse(body);
      return answer(await startCheckout(locals.db, user, body.value, await paymentProvider(), locals.now), { status: 201 });
    },
    unavailable,
  );

/**
 * `POST /api/create-checkout-session/` with `{items:[{id,name,price,quantity}]}` (the cart) or
 * `{promotion:{listingId, days}}` (a seller's promotion): answers `{id, url}` (201). Every line is
 * priced from the database; names and prices in the body are ignored. 400 for unknown ids or
 * quantities other than 1, 401 signed out, 502 when the payment provider cannot start the
 * checkout. A plain form post (`items=…`, or `listing_id` and `days`) is answered with a redirect
 * to the payment page, or back to its page with `?checkout_failed={status}`. Texts are in the
 * language of Accept-Language (the cart's page).
 */
export const POST: APIRoute = (context) => route(m.shop_checkout_unavailable())(context);
