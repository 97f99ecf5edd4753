import type { APIRoute } from 'astro';
import { readId } from '../../../../../lib/input-guards.ts';
import { jsonError, jsonOk } from '../../../../../lib/server/api.server.ts';
import { readListingEdit } from '../../../../../lib/server/listing-input.server.ts';
import { editListing, removeListing } from '../../../../../lib/server/seller-listings.server.ts';
import { ownListingJson } from '../../../../../lib/server/listing-input.server.ts';


/** `DELETE /api/delete/products/{id}/`: the owner (or an admin) deletes a listing. */
export const DELETE: APIRoute = async ({ params, locals }) => {
  if (!locals.user) return jsonError(401, 'Please sign in.');
  const listingId = readId(params.id, 'Listing not found.');
  if (!listingId.ok) return jsonError(listingId.status, listingId.error);
  const id = listingId.id;
  const result = await removeListing(locals.db, locals.user, id);
  return result.ok ? new Response(null, { status: 204 }) : jsonError(result.status, result.error);
};

/**
 * `PATCH /api/delete/products/{id}/` (multipart: product_name, company_name, description, location,
 * discount, optional profile_photo and product_photo): answers the updated listing, which is back
 * to waiting for verification.
 */
export const PATCH: APIRoute = async ({ params, request, locals }) => {
  if (!locals.user) return jsonError(401, 'Please sign in.');
  const listingId = readId(params.id, 'Listing not found.');
  if (!listingId.ok) return jsonError(listingId.status, listingId.error);
  const id = listingId.id;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return jsonError(400, 'The request body must be multipart form data.');
  }
  const input = await readListingEdit(form);
  if (!input.ok) return jsonError(input.status, input.error, Object.fromEntries(Object.entries(input.errors).map(([k, v]) => [k, [v]])));
  const result = await editListing(locals.db, locals.user, id, input.value);
  return result.ok ? jsonOk(ownListingJson(result.value)) : jsonError(result.status, result.error);
};
