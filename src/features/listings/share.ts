/**
 * "Share on Telegram" on a listing's page: a plain link to Telegram's share page, which lets the
 * visitor pick a chat and sends the listing's address with a short text. Pure: the text renders in
 * the language asked for (the current page's by default).
 */
import { discountBadge, discountStateText, type DiscountState } from './discount.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { listingPath } from './listing-urls.ts';
import { m } from '#paraglide/messages.js';

/** The listing fields a share link names. */
export interface ShareableListing {
  id: number;
  productName: string;
  companyName: string;
  discount: string | null;
}

/** Telegram's share page for `url`, with `text` as the message; both percent-encoded. */
export function telegramShareUrl(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/**
 * The discount as the detail page shows it: the badge ('20% OFF'), or, when the listing has no
 * percent yet, its state ('Waiting for discount').
 */
export function shareDiscountText(discount: string | null, state: DiscountState): string {
  return discountBadge(discount) ?? discountStateText(state, 'detail');
}

/**
 * The "Share on Telegram" link of a listing, in the current page's language: the listing's absolute
 * canonical address (built on `siteUrl` as the page's canonical link is) and "product — discount —
 * company", the discount worded as the page shows it at the listing's `state`.
 */
export function listingShareUrl(siteUrl: string, listing: ShareableListing, state: DiscountState): string {
  const url = new URL(localHref(listingPath(listing)), siteUrl).href;
  const text = m.detail_share_text({
    product: listing.productName,
    discount: shareDiscountText(listing.discount, state),
    company: listing.companyName,
  });
  return telegramShareUrl(url, text);
}
