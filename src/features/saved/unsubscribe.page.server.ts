/**
 * What /unsubscribe/{token} does for its page (no sign-in): a GET says what the link stops; a POST,
 * the page's button or a mail program's RFC 8058 one-click, deletes the saved search, or with
 * `?all=1` every saved search of its account.
 */
import type { AstroGlobal } from 'astro';
import { formAction } from '#platform/http/http.server.ts';
import { ok } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';
import { savedSearchTitle } from './saved.ts';
import { unsubscribe, unsubscribeTarget } from './saved.server.ts';

/** The searches the link stops (null when it is not one, or already used) and the line to show. */
export async function unsubscribePage(page: AstroGlobal) {
  const { db } = page.locals;
  const token = page.params.token ?? '';
  const all = page.url.searchParams.get('all') === '1';
  // A link's secret is 32 bytes in base64url; anything else cannot be one.
  const wellFormed = /^[A-Za-z0-9_-]{43}$/.test(token);
  // A mail program's one-click may post anything: that it posted is what counts.
  const posted = await formAction(page, null, async () => ok(wellFormed ? await unsubscribe(db, token, all) : null));
  const searches = posted?.ok ? posted.value : wellFormed ? await unsubscribeTarget(db, token, all) : null;
  const titles = searches?.map((s) => savedSearchTitle(s)).join('; ') ?? '';
  const text = !searches
    ? m.saved_unsub_gone_text()
    : posted
      ? all
        ? m.saved_unsub_done_all()
        : m.saved_unsub_done({ title: titles })
      : all
        ? m.saved_unsub_what_all({ titles })
        : m.saved_unsub_what({ title: titles });
  return { searches, posted: posted !== null, text };
}
