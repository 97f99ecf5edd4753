/**
 * What the two renew pages do: /renew/{token}, the emailed "Run it again" link (its GET shows the
 * deal and a button, only the button's POST renews), and /renew, My Posts' Renew button.
 */
import type { AstroGlobal } from 'astro';
import { Refusal, formAction, limitWrites, requireUser } from '#platform/http/http.server.ts';
import { slowDown } from '#platform/http/rate-limit.server.ts';
import { ok } from '#platform/http/result.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { renewFormSchema } from './renewals.ts';
import { REFUSAL_STATUS, refusalText, renewOwnListing, renewWithToken, renewalLink } from './renewals.server.ts';

/** The emailed link: what its button's post did, or the deal it offers; the refusal sets the status. */
export async function renewLinkPage(page: AstroGlobal) {
  const { db, now } = page.locals;
  const token = page.params.token ?? '';
  // The button posts nothing: that it was pressed is all it says.
  const posted = await formAction(page, null, async () => ok(await renewWithToken(db, token, now)));
  const renewed = posted?.ok ? posted.value : null;
  const link = renewed ? null : await renewalLink(db, token, now);
  const refusal = renewed && !renewed.ok ? renewed.reason : link && !link.ok ? link.reason : null;
  if (refusal) page.response.status = REFUSAL_STATUS[refusal];
  const deal = link?.ok ? link.value : null;
  const ended = deal?.endsAt ? deal.endsAt.getTime() <= now.getTime() : false;
  return { renewed, refusal, deal, ended };
}

/**
 * My Posts' Renew: back to My Posts once renewed (a GET goes there straight away), else the
 * problem to show here. Too many writes is a 429 page with `Retry-After`, not the bare JSON.
 */
export async function renewOwnPage(page: AstroGlobal): Promise<Response | string> {
  const user = requireUser(page);
  if (page.request.method !== 'POST') return page.redirect(localHref('/myposts'), 303);
  try {
    await limitWrites(page, 'edit');
  } catch (error) {
    if (!(error instanceof Refusal) || error.response.status !== 429) throw error;
    page.response.status = 429;
    page.response.headers.set('Retry-After', error.response.headers.get('Retry-After') ?? '60');
    return slowDown();
  }
  const posted = await formAction(page, renewFormSchema, async (input) =>
    ok(await renewOwnListing(page.locals.db, user.id, input.id, page.locals.now)),
  );
  if (!posted?.ok) {
    page.response.status = 400;
    return m.renewals_not_renewable();
  }
  const renewed = posted.value;
  if (renewed.ok) return page.redirect(`${localHref('/myposts?done=renewed')}#post-${renewed.value.id}`, 303);
  page.response.status = REFUSAL_STATUS[renewed.reason];
  return refusalText(renewed.reason);
}
