/**
 * What an admin does from /admin: review a listing, remove a request or a comment, end a promotion.
 */
import type { Database } from '#db/client.ts';
import type { Moderation } from '#features/accounts/account.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { removeComment } from '#features/community/comments.server.ts';
import { admin as isAdmin, adminsOnly } from '#features/accounts/policy.ts';
import { m } from '#paraglide/messages.js';
import { removeRequest } from '#features/community/requests.server.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { endPromotion } from '#features/promotions/promotions.server.ts';

/** Carries out one moderation; the result names what was done. */
export async function moderate(
  db: Database,
  admin: SessionUser,
  input: Moderation,
  now = new Date(),
): Promise<Result<Moderation['action']>> {
  if (!isAdmin(admin)) return adminsOnly();
  const { action, id } = input;
  if (input.action === 'end-promotion') {
    const ended = await endPromotion(db, admin, { id, refund: input.refund }, now);
    return ended.ok ? ok(input.action) : ended;
  }
  if (action === 'remove-request' || action === 'remove-comment') {
    const removed = action === 'remove-request' ? await removeRequest(db, id) : await removeComment(db, id);
    return removed ? ok(action) : fail(404, m.admin_already_gone());
  }
  const reviewed = await reviewListing(
    db,
    admin,
    id,
    input.action === 'reject' ? { verdict: 'reject', reason: input.reason } : { verdict: 'verify' },
  );
  return reviewed.ok ? ok(action) : reviewed;
}
