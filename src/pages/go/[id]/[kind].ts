import type { APIRoute } from 'astro';
import { discountState } from '#features/listings/discount.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { phoneTarget, telegramTarget } from '#features/listings/statistics/listing-stats.ts';
import { parseListingId, type ContactTap } from '#features/listings/listing-urls.ts';
import { listingShareUrl } from '#features/listings/share.ts';
import { telegramContactHref, telegramContactKind } from '#features/listings/contact-links.ts';
import { storedContactKind } from '#features/listings/contact-kind.server.ts';
import { config } from '#platform/config/config.server.ts';
import { countListingEvent, tapTargetListing } from '#features/listings/statistics/listing-stats.server.ts';
import { clientAddressOf } from '#platform/http/rate-limit.server.ts';
import { m } from '#paraglide/messages.js';
import { logger } from '#platform/log/log.server.ts';

const log = logger('stats');

const KINDS: readonly ContactTap[] = ['telegram', 'phone', 'share'];
const GO_PATH = /^(?:\/[a-z]{2})?\/go\/([^/]+)\/([^/]+)\/?$/;
const NO_STORE = { 'Cache-Control': 'no-store' };

/** A short page that says the link leads nowhere (never cached: only a 200 page could be). */
function missing(): Response {
  const body = `<!doctype html><html lang="${m.locale_html_lang()}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${m.stats_go_missing_title()}</title><h1>${m.stats_go_missing_title()}</h1><p>${m.stats_go_missing()}</p><p><a href="${localHref('/')}">${m.stats_go_browse()}</a></p>`;
  return new Response(body, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE } });
}

/**
 * `GET /go/{id}/{telegram|phone|share}` (also /am/…): counts the tap for the seller's statistics
 * and sends the visitor on to that listing's own contact (a Telegram person or bot with a message
 * naming the deal prefilled, in the page's language). Nothing in the request chooses where:
 * the target is read from the listing, and an unknown or hidden listing, or one without that
 * contact, is a 404.
 */
export const GET: APIRoute = async (context) => {
  // Read from the path: an Amharic request (/am/go/…) reaches this route by a rewrite, whose
  // params are the original route's.
  const [, id, named] = GO_PATH.exec(context.url.pathname) ?? [];
  const listingId = parseListingId(id ?? '');
  const kind = KINDS.find((k) => k === named);
  if (listingId === null || String(listingId) !== id || !kind) return missing();
  const { db, now } = context.locals;
  const listing = await tapTargetListing(db, listingId);
  if (!listing) return missing();
  const target =
    kind === 'telegram'
      ? // A person or a bot gets a message naming the deal (the site's own address, never the Host header).
        telegramContactHref(
          config().siteUrl,
          listing,
          telegramTarget(listing.contactTelegram),
          telegramContactKind(listing.contactTelegram, await storedContactKind(db, listing.contactTelegram)),
        )
      : kind === 'phone'
        ? phoneTarget(listing.contactPhone)
        : listingShareUrl(
            config().siteUrl,
            listing,
            discountState(
              {
                discount: listing.discount,
                datePosted: listing.datePosted,
                startDays: listing.discountStartDays,
                durationDays: listing.discountDurationDays,
              },
              now,
            ),
          );
  if (!target) return missing();
  try {
    await countListingEvent(db, {
      listingId,
      event: kind,
      viewer: context.locals.user,
      address: clientAddressOf(context),
      userAgent: context.request.headers.get('user-agent'),
      now,
    });
  } catch (error) {
    // The visitor still reaches the seller; only the figure is lost.
    log.error(`[stats] ${kind} tap of listing ${listingId} not counted: ${(error as Error).message}`);
  }
  return new Response(null, { status: 302, headers: { Location: target, ...NO_STORE } });
};
