import { readFormData, refuse, answer, api, limitWrites, pathId, requireUser } from '#platform/http/http.server.ts';
import { ownListingJson } from '#features/listings/listing-input.server.ts';
import { applyListingEdit } from '#features/listings/listing-edit-input.server.ts';
import { canEditListing, removeListing } from '#features/listings/seller-listings.server.ts';
import { m } from '#paraglide/messages.js';

/** `DELETE /api/delete/products/{id}/`: the owner (or an admin) deletes a listing. */
export const DELETE = api('delete-listing', async (context) => {
  const user = requireUser(context);
  const id = pathId(context, m.form_srv_not_found());
  return answer(await removeListing(context.locals.db, user, id), { status: 204 });
});

/**
 * `PATCH /api/delete/products/{id}/` (multipart: spec 7's product_name, company_name, description,
 * location, discount, optional profile_photo and product_photo, and any other field of the listing
 * form; see listing-edit-input.server.ts): answers the updated listing. A verified deal stays public
 * as it was while the edit waits for review (`pending_edit`); any other listing waits again. Rate-limited like new listings; the listing and its owner are
 * checked before the body is read, so someone else's listing is a 403 whatever was sent.
 */
export const PATCH = api('edit-listing', async (context) => {
  const user = requireUser(context);
  const id = pathId(context, m.form_srv_not_found());
  await limitWrites(context, 'edit');
  const allowed = await canEditListing(context.locals.db, user, id);
  if (!allowed.ok) refuse(allowed);
  const form = await readFormData(context.request);
  if (!form.ok) refuse(form);
  return answer(await applyListingEdit(context.locals.db, user, id, form.value), { body: ownListingJson });
});
