/**
 * What a seller's page (`/sellers/{id}-{slug}`) does: an admin marks or unmarks the business
 * verified; everyone reads its profile and current deals (paged in SQL).
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { pageNumber, PAGE_SIZE } from '#features/listings/listing-query.ts';
import { parseListingId, sellerPath } from '#features/listings/listing-urls.ts';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { noticeOf, type Notice } from '#platform/http/result.ts';
import { readOrNull, readOutcome, RETRY_AFTER_SECONDS } from '#platform/http/safe.server.ts';
import { m } from '#paraglide/messages.js';
import { sellerDeals, sellerProfile, setSellerVerified } from './sellers.server.ts';

const verifySchema = z.object({ verified: z.enum(['1', '0']) });

/** The admin's Verify/Unverify: a redirect once done, else the notice (a refusal, or what was done). */
export async function sellerActions(page: AstroGlobal): Promise<Response | Notice | null> {
  const { db, now } = page.locals;
  const id = parseListingId(page.params.slug ?? '');
  const posted = await formAction(page, verifySchema, (input) =>
    setSellerVerified(db, requireUser(page), id ?? 0, input.verified === '1', now),
  );
  if (posted?.ok) return page.redirect(`${page.url.pathname}?done=${posted.value.verified ? 'verified' : 'unverified'}`, 303);
  const done = page.url.searchParams.get('done');
  return (
    (posted && noticeOf(posted, () => '')) ??
    (done === 'verified'
      ? { kind: 'success', text: m.sellers_verified_done() }
      : done === 'unverified'
        ? { kind: 'success', text: m.sellers_unverified_done() }
        : null)
  );
}

/**
 * The seller and one page of its deals. A failed read is not a missing seller: a 503 to retry,
 * never a 404 that search engines drop. An old slug moves (301) to the company's current one.
 */
export async function loadSellerPage(page: AstroGlobal) {
  const { db, now } = page.locals;
  const id = parseListingId(page.params.slug ?? '');
  const read = id === null ? { ok: true as const, value: null } : await readOutcome('seller', () => sellerProfile(db, id));
  const seller = read.ok ? read.value : null;
  if (seller) {
    // One address per seller: the slug follows the company's name, old links move with it.
    const canonical = sellerPath(seller);
    if (canonical !== page.url.pathname) return page.redirect(`${canonical}${page.url.search}`, 301);
  } else if (!read.ok) {
    page.response.status = 503;
    page.response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  } else {
    page.response.status = 404;
  }
  const paging = { page: pageNumber(page.url.searchParams), pageSize: PAGE_SIZE };
  const deals = seller ? await readOrNull('seller-deals', () => sellerDeals(db, seller.sellerId, now, paging)) : null;
  return { seller, failed: !read.ok, deals };
}
