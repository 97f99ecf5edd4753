/**
 * What /contact-us does for its page: a sent message is stored and the browser goes back to the
 * page (POST-redirect-GET), so a reload never sends it twice; a refused one is shown again.
 */
import type { AstroGlobal } from 'astro';
import { formAction } from '#platform/http/http.server.ts';
import { clientAddressOf } from '#platform/http/rate-limit.server.ts';
import { firstErrors, type Notice } from '#platform/http/result.ts';
import { CONTACT_FIELDS, CONTACT_TEXTS, NO_CONTACT_VALUES, type ContactValues } from './contact.ts';
import { readContactForm, sendContactMessage } from './contact.server.ts';

/** The contact form's post and what the page shows: the values, their errors and the line above them. */
export async function contactPage(page: AstroGlobal) {
  let values: ContactValues = NO_CONTACT_VALUES;
  // The form reads its own body: over the size cap it is not read, and a non-form is an empty form.
  const result = await formAction(page, null, async () => {
    const form = await readContactForm(page.request);
    if (!form.ok) return form;
    values = form.value;
    return sendContactMessage(page.locals.db, { userId: page.locals.user?.id, address: clientAddressOf(page) }, form.value);
  });
  if (result?.ok) return page.redirect('/contact-us?sent=1', 303);
  if (result?.retryAfter) page.response.headers.set('Retry-After', String(result.retryAfter));
  const errors = firstErrors(result?.fields);
  const sent = page.request.method === 'GET' && page.url.searchParams.get('sent') === '1';
  const notice: Notice | null = sent
    ? { kind: 'success', text: CONTACT_TEXTS.sent }
    : result
      ? { kind: 'error', text: result.error }
      : null;
  return { values, errors, notice, firstInvalid: CONTACT_FIELDS.find((field) => errors[field]) };
}
