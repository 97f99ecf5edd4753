/**
 * The /admin page (admins only): a moderation decision through `formAction` (verify, reject,
 * remove a request or comment, end a promotion), then the verification queue, the latest
 * requests and comments, and the running promotions.
 */
import type { AstroGlobal } from 'astro';
import { MODERATION_TEXT, moderationSchema } from '#features/accounts/account.ts';
import { latestComments } from '#features/community/comments.server.ts';
import { listRequests } from '#features/community/requests.server.ts';
import { pageNumber } from '#features/listings/listing-query.ts';
import { activePromotions } from '#features/promotions/promotions.server.ts';
import { verificationQueue } from '#features/listings/verification-queue.server.ts';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { noticeOf } from '#platform/http/result.ts';
import { moderate } from './moderation.server.ts';

export async function adminPage(page: AstroGlobal) {
  const { db, now } = page.locals;
  const admin = requireUser(page);
  const posted = await formAction(page, moderationSchema, (input) => moderate(db, admin, input, now));
  const running = await activePromotions(db, admin, now);
  return {
    now,
    notice: posted && noticeOf(posted, (action) => MODERATION_TEXT[action]()),
    queue: await verificationQueue(db, { page: pageNumber(page.url.searchParams), pageSize: 20 }),
    requests: (await listRequests(db, 30)).items,
    comments: await latestComments(db, 30),
    promoted: running.ok ? running.value : [],
  };
}
