/**
 * The queue's decisions from /admin: verify one, reject one with a reason code and a note, verify
 * the selected ones (one transaction a listing, as `reviewListing` decides each; a summary after).
 */
import type { Database } from '#db/client.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { adminsOnly, admin as isAdmin } from '#features/accounts/policy.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';
import { nextAfterBulk, type QueueDecision, type QueueFlash } from './queue.ts';

/** What was done, and the item to come back to (the next one), or null for the list's start. */
export type QueueOutcome = { flash: QueueFlash; next: number | null };

export async function decideQueued(db: Database, admin: SessionUser, input: QueueDecision): Promise<Result<QueueOutcome>> {
  if (!isAdmin(admin)) return adminsOnly();
  if (input.action === 'verify-selected') {
    const ids = [...new Set(input.ids)];
    if (ids.length === 0) return fail(400, m.adminq_flash_none());
    let verified = 0;
    for (const id of ids) if ((await reviewListing(db, admin, id, { verdict: 'verify' })).ok) verified++;
    return ok({ flash: { done: 'bulk', verified, total: ids.length }, next: nextAfterBulk(input.order ?? [], ids) });
  }
  const review =
    input.action === 'verify' ? ({ verdict: 'verify' } as const) : ({ verdict: 'reject', code: input.code, reason: input.reason } as const);
  const decided = await reviewListing(db, admin, input.id, review);
  if (!decided.ok) return decided;
  return ok({ flash: { done: input.action === 'verify' ? 'verified' : 'rejected', item: input.id }, next: input.next ?? null });
}
