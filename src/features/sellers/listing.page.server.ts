/**
 * What a listing's page (`/listings/{id}-{slug}`) reads: the public listing (a 301 to its current
 * slug), or why there is none: a read that failed (503), a deal its seller deleted (410, with the
 * seller's other deals) or an id that never existed (404). Also the discount as the page shows it,
 * its link-preview words and its schema.org data. It lives with sellers, whose deals it may show.
 */
import type { AstroGlobal } from 'astro';
import { m } from '#paraglide/messages.js';
import { localHref } from '#platform/i18n/locales.ts';
import { categoryByKey } from '#features/listings/categories.ts';
import { discountBadge, discountState } from '#features/listings/discount.ts';
import { listingPath, parseListingId, sellerPath } from '#features/listings/listing-urls.ts';
import { getPublicListing } from '#features/listings/public-listings.server.ts';
import { imageUrl } from '#features/media/media-urls.server.ts';
import { readOrNull, readOutcome, RETRY_AFTER_SECONDS } from '#platform/http/safe.server.ts';
import { config } from '#platform/config/config.server.ts';
import { listingShareUrl, shareDiscountText } from '#features/listings/share.ts';
import { otherDeals, removedListing } from './sellers.server.ts';

/** The listing page's data, or the redirect to its current address. */
export async function loadListingPage(page: AstroGlobal) {
  const { db, now } = page.locals;
  const id = parseListingId(page.params.slug ?? '');
  // A failed read is not a missing listing: it is a 503 to retry, never a 404 that search engines drop.
  const read = id === null ? { ok: true as const, value: null } : await readOutcome('detail', () => getPublicListing(db, id, now));
  const failed = !read.ok;
  const listing = read.ok ? read.value : null;
  if (listing) {
    const canonical = listingPath(listing);
    if (canonical !== page.url.pathname) return page.redirect(canonical, 301);
  } else if (failed) {
    page.response.status = 503;
    page.response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  }
  // A deal its seller deleted is gone for good (410), with the seller's other deals; a never-existing id is a 404.
  const removed = !listing && !failed && id !== null ? await readOrNull('detail-removed', () => removedListing(db, id)) : null;
  if (!listing && !failed) page.response.status = removed ? 410 : 404;

  const state = listing
    ? discountState(
        {
          discount: listing.discount,
          datePosted: listing.datePosted,
          startDays: listing.discountStartDays,
          durationDays: listing.discountDurationDays,
        },
        now,
      )
    : null;
  const badge = listing ? discountBadge(listing.discount) : null;
  const ended = state?.kind === 'expired';
  // Under an ended or removed deal: the seller's other current deals instead of a dead end.
  const others =
    (listing && ended) || removed
      ? await readOrNull('detail-other-deals', () =>
          listing ? otherDeals(db, listing.sellerId, listing.id, now) : otherDeals(db, removed!.sellerId, removed!.listingId, now),
        )
      : null;
  const seller = listing ?? removed;
  const sellerHref = seller ? localHref(sellerPath(seller)) : null;
  const category = listing ? categoryByKey(listing.category) : undefined;
  // Link previews (and search results) name the discount as the page shows it, and the company.
  const description =
    listing && state
      ? m.detail_description_meta_badge({
          product: listing.productName,
          company: listing.companyName,
          location: listing.location,
          badge: shareDiscountText(listing.discount, state),
        })
      : failed
        ? m.detail_not_loaded_meta()
        : m.detail_missing_meta();
  // English pages give the Ethiopian date beside the Gregorian one; Amharic pages already use it.
  const showEthiopian = m.locale_html_lang() === 'en';
  // Absolute URLs are built on SITE_URL, as the Shell builds the canonical link, never on the request's host.
  const site = config().siteUrl;
  // Lite mode: the seller's initials, one small photo (all of them with ?photos=all) and no video player.
  const lite = page.locals.lite;
  const firstPhotoOnly = lite && page.url.searchParams.get('photos') !== 'all';
  const shareHref = listing && state ? listingShareUrl(site, listing, state) : null;
  const jsonLd = listing && {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.productName,
    description: listing.description,
    image: new URL(imageUrl(listing.photo), site).href,
    category: category?.label,
    offers: {
      '@type': 'Offer',
      url: new URL(localHref(listingPath(listing)), site).href,
      availability: state?.kind === 'expired' ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock',
      ...(listing.endsAt ? { validThrough: listing.endsAt.toISOString() } : {}),
      seller: { '@type': 'Organization', name: listing.companyName, address: listing.location },
    },
  };
  return {
    listing,
    failed,
    removed,
    state,
    badge,
    ended,
    others,
    sellerHref,
    category,
    description,
    showEthiopian,
    lite,
    firstPhotoOnly,
    shareHref,
    jsonLd,
  };
}
