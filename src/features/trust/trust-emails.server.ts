/**
 * Trust's email: the seller's note when reports hid one of their deals. The words are trust's; the
 * two-language envelope and the site links are the accounts feature's (`emails.server.ts`).
 */
import type { ReportReason } from '#db/schema.ts';
import { bothLanguages, siteLink, type EmailWords } from '#features/accounts/emails.server.ts';
import { m } from '#paraglide/messages.js';
import { reasonLabelIn } from './reports.ts';

/**
 * The seller's email when reports hid one of their deals, in both languages (we keep no language
 * per account): which deal, the reasons given, and that an admin will review it.
 */
export function listingHiddenEmail(hidden: { productName: string; reasons: ReportReason[] }): EmailWords {
  const name = hidden.productName;
  return bothLanguages((locale) => ({
    subject: m.email_listing_hidden_subject({ name }, { locale }),
    text: m.email_listing_hidden_text(
      {
        name,
        reasons: hidden.reasons.map((reason) => reasonLabelIn(reason, locale)).join(', '),
        url: siteLink('/myposts', locale),
        contactUrl: siteLink('/contact-us', locale),
      },
      { locale },
    ),
  }));
}
