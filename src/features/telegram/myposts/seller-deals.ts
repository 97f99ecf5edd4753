/**
 * A seller's deals as /myposts shows them: each deal's status in words, its 7-day figures, and
 * which of Renew, End now and Promote it offers. Pure: the words are in the current language (the
 * bot runs each update in the chat's language).
 */
import type { HiddenReason, ListingStatus } from '#db/schema.ts';
import { discountState, discountStateText } from '#features/listings/discount.ts';
import { isLive } from '#features/listings/end-listing.ts';
import { rejectionWords } from '#features/listings/listing-review.ts';
import { isRenewable } from '#features/listings/renewals/renewals.ts';
import { localHref, type Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { escapeHtml } from '../telegram-texts.ts';

/** How many deals one /myposts page shows (one message each), before a "More" button. */
export const DEALS_PER_PAGE = 5;

/** A seller's deal as the bot shows and acts on it. */
export interface SellerDeal {
  id: number;
  ownerId: string;
  productName: string;
  companyName: string;
  status: ListingStatus;
  rejectionReason: string | null;
  hiddenAt: Date | null;
  hiddenReason: HiddenReason | null;
  sellerBanned: boolean;
  discount: string;
  datePosted: Date;
  discountStartDays: number | null;
  discountDurationDays: number | null;
  endsAt: Date | null;
}

/** The last 7 days' figures of a deal. */
export interface DealFigures {
  views7: number;
  telegram7: number;
}

/** Verified, not hidden, its seller not banned: what buyers see. */
export const isPublicDeal = (deal: SellerDeal): boolean => deal.status === 'verified' && deal.hiddenAt === null && !deal.sellerBanned;

/** Whether the deal has an end and it has passed. */
const hasEnded = (deal: SellerDeal, now: Date): boolean => deal.endsAt !== null && deal.endsAt.getTime() <= now.getTime();

/** The deal's status in words: waiting, live (with its days left), ended, hidden, or rejected with the reason. */
export function statusText(deal: SellerDeal, now: Date): string {
  if (deal.status === 'pending') return m.tgmine_status_pending();
  if (deal.status === 'rejected') {
    const reason = deal.rejectionReason ? rejectionWords(deal.rejectionReason) : '';
    return reason ? m.tgmine_status_rejected({ reason }) : m.tgmine_status_rejected_no_reason();
  }
  if (deal.hiddenAt !== null || deal.sellerBanned) {
    return deal.hiddenReason === 'reports' ? m.tgmine_status_hidden_reports() : m.tgmine_status_hidden_admin();
  }
  const state = discountState(
    { discount: deal.discount, datePosted: deal.datePosted, startDays: deal.discountStartDays, durationDays: deal.discountDurationDays },
    now,
  );
  if (hasEnded(deal, now) || state.kind === 'expired') return m.tgmine_status_ended();
  return m.tgmine_status_live({ state: discountStateText(state, 'card') });
}

/** One deal's message (Telegram HTML): its name, company, status and figures. */
export function dealText(deal: SellerDeal, figures: DealFigures, now: Date): string {
  return [
    `<b>${escapeHtml(deal.productName)}</b>`,
    escapeHtml(deal.companyName),
    escapeHtml(statusText(deal, now)),
    escapeHtml(m.tgmine_figures({ views: figures.views7, taps: figures.telegram7 })),
  ].join('\n');
}

/** The actions a deal offers now (Edit on the web is always offered). */
export interface DealActions {
  /** Renewable: public, and ended or ending within a day (renewals.ts). */
  renew: boolean;
  /** Live: public, with a discount, not ended (end-listing.ts). */
  end: boolean;
  /** Public and not ended, as My Posts offers Promote. */
  promote: boolean;
}

export function dealActions(deal: SellerDeal, now: Date): DealActions {
  const visible = isPublicDeal(deal);
  return {
    renew: visible && isRenewable(deal, now),
    end: isLive({ public: visible, discount: deal.discount, endsAt: deal.endsAt }, now),
    promote: visible && !hasEnded(deal, now),
  };
}

/** The web page where the deal's edit form is open, in `locale`. */
export function editUrl(siteUrl: string, listingId: number, locale: Locale): string {
  return `${siteUrl}${localHref(`/myposts?edit=${listingId}#post-${listingId}`, locale)}`;
}
