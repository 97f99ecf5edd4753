/**
 * What My Posts does for its page: the signed-in seller's Update/Delete posts (plain forms; the
 * same services back the API) and one page of their own listings, searchable. The page adds what
 * features above this one know of the listed deals (promotions, reports, figures).
 */
import type { AstroGlobal } from 'astro';
import { postActionSchema, postDeletedText, postSavedText, type PostAction } from '#features/accounts/account.ts';
import { pageNumber, searchText } from '#features/listings/listing-query.ts';
import { actOnOwnPost } from '#features/listings/own-posts.server.ts';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { parseId } from '#platform/http/input-guards.ts';
import { clientAddressOf } from '#platform/http/rate-limit.server.ts';
import { firstErrors, noticeOf, type Notice } from '#platform/http/result.ts';
import { readOrNull } from '#platform/http/safe.server.ts';
import { m } from '#paraglide/messages.js';
import { listOwnListings } from './seller-listings.server.ts';
import { editBase } from './listing-revisions.server.ts';

const DONE = { saved: postSavedText, deleted: postDeletedText, renewed: m.renewals_done_notice } as const;

/** A promotion's checkout that could not start comes back here with its status. */
function checkoutFailedText(status: string): string {
  return status === '429' ? m.shop_too_often() : status === '502' ? m.shop_provider_failed() : m.promotion_checkout_failed();
}

/** The post (if any), the line to show, which post's form is open and its problems, and the listed posts. */
export async function loadMyPostsPage(page: AstroGlobal) {
  const { db } = page.locals;
  const user = requireUser(page);
  const params = page.url.searchParams;
  const tried: { input?: PostAction } = {};
  const posted = await formAction(page, postActionSchema, (input) => {
    tried.input = input;
    return actOnOwnPost(db, user, input, clientAddressOf(page));
  });
  const done = params.get('done');
  const checkoutFailed = params.get('checkout_failed');
  const notice: Notice | null =
    (posted && noticeOf(posted, (action) => (action === 'delete' ? postDeletedText() : postSavedText()))) ??
    (done === 'saved' || done === 'deleted' || done === 'renewed'
      ? { kind: 'success', text: DONE[done]() }
      : checkoutFailed
        ? { kind: 'error', text: checkoutFailedText(checkoutFailed) }
        : null);
  // A refused update keeps its post's form open, with the problems under its fields.
  const failedUpdate = posted && !posted.ok && tried.input?.action === 'update' ? posted : null;
  const editId = failedUpdate ? tried.input?.id : posted?.ok ? null : parseId(params.get('edit'));
  const { text: search, findsNothing } = searchText(params.get('search'));
  const paging = { page: pageNumber(params), pageSize: 24 };
  const posts = await readOrNull('myposts', async () =>
    findsNothing ? { items: [], page: paging.page, hasMore: false } : listOwnListings(db, user.id, { search }, paging),
  );
  if (!posts) page.response.status = 503;
  // The open edit form starts from the waiting edit of a live deal, else the post as it is.
  const editing = editId && posts?.items.some((p) => p.id === editId) ? await editBase(db, editId) : null;
  const withEdit = posts && { ...posts, items: posts.items.map((p) => ({ ...p, edit: p.id === editId ? editing : null })) };
  return {
    notice,
    editId,
    editErrors: firstErrors(failedUpdate?.fields),
    search,
    posts: withEdit,
    postIds: posts?.items.map((p) => p.id) ?? [],
  };
}
