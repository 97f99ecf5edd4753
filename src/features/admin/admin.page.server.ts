/**
 * The /admin page (admins only): a decision through `formAction`, then the verification queue (its
 * counts, filter and page, each row with its seller's history and flags), the latest requests and
 * comments, and the running promotions. A queue decision without JavaScript comes back with a 303
 * to the same filter at the next item's anchor, with a flash ("Verified: Injera"); the other
 * moderations (requests, comments, promotions) render their notice in place, as before.
 */
import type { AstroGlobal } from 'astro';
import { MODERATION_TEXT, moderationSchema } from '#features/accounts/account.ts';
import { latestComments } from '#features/community/comments.server.ts';
import { listRequests } from '#features/community/requests.server.ts';
import { pageNumber } from '#features/listings/listing-query.ts';
import { activePromotions } from '#features/promotions/promotions.server.ts';
import { formAction, readBodyValues, requireUser } from '#platform/http/http.server.ts';
import { noticeOf, parseWith, type Notice, type Result } from '#platform/http/result.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { moderate } from './moderation.server.ts';
import { decideQueued, type QueueOutcome } from './queue-decisions.server.ts';
import { adminQueue, productNameOf } from './queue.server.ts';
import { flashText, QUEUE_ACTIONS, queueDecisionSchema, queueReturnPath, readQueueFilter, readQueueFlash } from './queue.ts';

type Posted = { queue: true; result: Result<QueueOutcome> } | { queue: false; result: Result<string> };

export async function adminPage(page: AstroGlobal) {
  const { db, now } = page.locals;
  const admin = requireUser(page);
  const posted = await formAction(page, null, async (): Promise<Result<Posted>> => {
    const values = await readBodyValues(page.request);
    if (!values.ok) return values;
    const action = (values.value as { action?: unknown } | null)?.action;
    if (typeof action === 'string' && QUEUE_ACTIONS.includes(action)) {
      const input = parseWith(queueDecisionSchema, values.value);
      return { ok: true, value: { queue: true, result: input.ok ? await decideQueued(db, admin, input.value) : input } };
    }
    const input = parseWith(moderationSchema, values.value);
    return { ok: true, value: { queue: false, result: input.ok ? await moderate(db, admin, input.value, now) : input } };
  });
  const outcome = posted?.ok ? posted.value : null;
  if (outcome?.queue && outcome.result.ok) {
    const { flash, next } = outcome.result.value;
    return page.redirect(localHref(queueReturnPath(page.url.searchParams, flash, next)), 303);
  }
  const failed = (posted && !posted.ok && posted) || (outcome && !outcome.result.ok && outcome.result) || null;
  if (failed) page.response.status = failed.status;
  const show = readQueueFilter(page.url.searchParams);
  const flash = readQueueFlash(page.url.searchParams);
  const flashed = flash ? flashText(flash, flash.done === 'bulk' ? null : await productNameOf(db, flash.item)) : null;
  let notice: Notice | null = failed ? noticeOf(failed, '') : null;
  if (!notice && outcome && !outcome.queue && outcome.result.ok) {
    notice = noticeOf(outcome.result, (action) => MODERATION_TEXT[action as keyof typeof MODERATION_TEXT]());
  }
  const running = await activePromotions(db, admin, now);
  return {
    now,
    show,
    notice,
    flash: flashed,
    queue: await adminQueue(db, { show, page: pageNumber(page.url.searchParams) }),
    requests: (await listRequests(db, 30)).items,
    comments: await latestComments(db, 30),
    promoted: running.ok ? running.value : [],
  };
}
