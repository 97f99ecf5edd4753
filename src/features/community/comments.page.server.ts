/**
 * What /comments does for its page (`/comments?listing={id}&image={photo|imageId}`): a signed-in
 * visitor's comment on one product image, then the image and its comments.
 */
import type { AstroGlobal } from 'astro';
import { parseListingId } from '#features/listings/listing-urls.ts';
import { getPublicListing } from '#features/listings/public-listings.server.ts';
import { formAction } from '#platform/http/http.server.ts';
import { clientAddressOf } from '#platform/http/rate-limit.server.ts';
import type { Notice } from '#platform/http/result.ts';
import { readOrNull } from '#platform/http/safe.server.ts';
import { commentFormSchema } from './community.ts';
import { listComments, postComment } from './comments.server.ts';

/**
 * A comment's post: a redirect back here once it is in, else what to show (the kept draft and the
 * refusal). A post by a visitor, or about no listing, is read as a GET.
 */
export async function commentActions(page: AstroGlobal): Promise<Response | { draft: string; notice: Notice | null }> {
  const { db, user } = page.locals;
  const listingId = parseListingId(page.url.searchParams.get('listing') ?? '');
  const imageId = page.url.searchParams.get('image') ?? 'photo';
  let draft = '';
  const posted =
    user && listingId !== null
      ? await formAction(page, commentFormSchema, async ({ comment }) => {
          draft = comment;
          return postComment(db, user, clientAddressOf(page), { product_id: listingId, image_id: imageId, comment });
        })
      : null;
  if (posted?.ok) return page.redirect(`/comments?listing=${listingId}&image=${encodeURIComponent(imageId)}&comment=sent`, 303);
  // This page has always answered a refused comment with 400, whatever the reason.
  if (posted) page.response.status = 400;
  // One field: its message is the notice.
  return { draft, notice: posted ? { kind: 'error', text: posted.error } : null };
}

/** The listing, its image and the image's comments (null when they could not be read); 404 without the image. */
export async function loadCommentsPage(page: AstroGlobal) {
  const { db } = page.locals;
  const listingId = parseListingId(page.url.searchParams.get('listing') ?? '');
  const imageId = page.url.searchParams.get('image') ?? 'photo';
  const listing = listingId === null ? null : await readOrNull('comments', () => getPublicListing(db, listingId));
  const image = listing?.images.find((i) => i.id === imageId);
  const list = listing && image ? await readOrNull('comments', () => listComments(db, listing.id, image.id)) : null;
  if (!listing || !image) page.response.status = 404;
  const position = listing && image ? listing.images.indexOf(image) + 1 : 0;
  return { listingId, imageId, listing, image, list, position, sent: page.url.searchParams.get('comment') === 'sent' };
}
