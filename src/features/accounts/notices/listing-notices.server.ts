/**
 * The notices about a seller's deals (decision 27): verified, not approved (with the reason),
 * hidden after reports, and the renewal reminder with its one-tap Renew button. Each is one email
 * in both languages (the words the emails always had, given by the caller) and a Telegram message
 * in each language, with the deal's name and any user text escaped for Telegram's HTML, and a link
 * to the deal or to My Posts in the chat's language.
 */
import type { Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { listingReviewEmail, siteLink, type EmailWords } from '#features/accounts/emails.server.ts';
import { escapeTelegramHtml, inEveryLocale, type Notice, type NoticeButton } from './notices.ts';

/** The action of the renewal reminder's Renew button (answered by the bot: telegram/notice-channel.server.ts). */
export const RENEW_ACTION = 'renew';

const bold = (name: string) => `<b>${escapeTelegramHtml(name)}</b>`;

const myPostsButton = (locale: Locale): NoticeButton => ({
  text: m.notice_button_my_posts({}, { locale }),
  url: siteLink('/myposts', locale),
});

/** The seller's notice once an admin verified a deal: a button to the deal's page. */
export function listingVerifiedNotice(deal: { userId: string; productName: string; listingPath: string; email: EmailWords }): Notice {
  return {
    userId: deal.userId,
    kind: 'listing-verified',
    email: deal.email,
    telegram: inEveryLocale((locale) => ({
      text: m.notice_tg_listing_verified({ name: bold(deal.productName) }, { locale }),
      buttons: [[{ text: m.notice_button_view_deal({}, { locale }), url: siteLink(deal.listingPath, locale) }]],
    })),
  };
}

/** The seller's notice once an admin rejected a deal: the reason, and My Posts to fix it. */
export function listingRejectedNotice(deal: {
  userId: string;
  productName: string;
  /** The reason in each language (a rejection code's sentence), or one text for both. */
  reason: string | ((locale: Locale) => string);
  email: EmailWords;
}): Notice {
  return {
    userId: deal.userId,
    kind: 'listing-rejected',
    email: deal.email,
    telegram: inEveryLocale((locale) => ({
      text: m.notice_tg_listing_rejected(
        { name: bold(deal.productName), reason: escapeTelegramHtml(typeof deal.reason === 'function' ? deal.reason(locale) : deal.reason) },
        { locale },
      ),
      buttons: [[myPostsButton(locale)]],
    })),
  };
}

/** The seller's notice when reports hid a deal: the reasons given (in each language), and My Posts. */
export function listingHiddenNotice(deal: {
  userId: string;
  productName: string;
  reasons: (locale: Locale) => string;
  email: EmailWords;
}): Notice {
  return {
    userId: deal.userId,
    kind: 'listing-hidden',
    email: deal.email,
    telegram: inEveryLocale((locale) => ({
      text: m.notice_tg_listing_hidden({ name: bold(deal.productName), reasons: escapeTelegramHtml(deal.reasons(locale)) }, { locale }),
      buttons: [[myPostsButton(locale)]],
    })),
  };
}

/**
 * The reminder a day before a deal ends: a Renew button that spends the same single-use link as
 * the email's, by the link's SHA-256 (`tokenHash`, what the database keeps; the raw link is only in
 * the email), kept in the bot's button table bound to the chat.
 */
export function renewalNotice(deal: { userId: string; productName: string; days: number; tokenHash: string; email: EmailWords }): Notice {
  return {
    userId: deal.userId,
    kind: 'renewal',
    email: deal.email,
    telegram: inEveryLocale((locale) => ({
      text: m.notice_tg_renewal({ name: bold(deal.productName), days: deal.days }, { locale }),
      buttons: [
        [{ text: m.notice_button_renew({ days: deal.days }, { locale }), action: RENEW_ACTION, item: deal.tokenHash }],
        [myPostsButton(locale)],
      ],
    })),
  };
}

/** The seller's notice of an admin's decision on a deal (the email's words: `listingReviewEmail`). */
export function listingReviewNotice(userId: string, review: Parameters<typeof listingReviewEmail>[0]): Notice {
  const email = listingReviewEmail(review);
  return review.status === 'verified'
    ? listingVerifiedNotice({ userId, productName: review.productName, listingPath: review.listingPath, email })
    : listingRejectedNotice({ userId, productName: review.productName, reason: review.reason, email });
}
