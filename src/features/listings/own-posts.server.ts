/**
 * My Posts without scripts: a seller deletes or updates their own post from the page's plain
 * forms. The same services back `PATCH` and `DELETE /api/delete/products/{id}/`.
 */
import type { Database } from '#db/client.ts';
import type { PostAction } from '#features/accounts/account.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { applyListingEdit } from './listing-edit-input.server.ts';
import { allowWrite, slowDown } from '#platform/http/rate-limit.server.ts';
import { canEditListing, removeListing } from '#features/listings/seller-listings.server.ts';

/** The form's values back as form data, for the listing edit reader (which reads photos as files). */
function formDataOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one instanceof Blob) form.append(name, one);
      else if (typeof one === 'string' || typeof one === 'number') form.append(name, String(one));
    }
  }
  return form;
}

/**
 * Deletes or updates one of the user's posts (an admin may act on any). An update is rate-limited
 * like new listings, and the post and its owner are checked before any photo is decoded.
 */
export async function actOnOwnPost(
  db: Database,
  user: SessionUser,
  input: PostAction,
  address: string | null,
): Promise<Result<PostAction['action']>> {
  if (input.action === 'delete') {
    const removed = await removeListing(db, user, input.id);
    return removed.ok ? ok(input.action) : removed;
  }
  const limit = await allowWrite(db, 'edit', { userId: user.id, address });
  if (!limit.allowed) return fail(429, slowDown());
  const allowed = await canEditListing(db, user, input.id);
  if (!allowed.ok) return allowed;
  const edited = await applyListingEdit(db, user, input.id, formDataOf(input));
  return edited.ok ? ok(input.action) : edited;
}
