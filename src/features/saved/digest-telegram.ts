/**
 * The saved-search digest as one Telegram message (decision 27): the new deals of the account's
 * searches, at most {@link TELEGRAM_DIGEST_DEALS} in all (taken in turn from each search), each a
 * line linking to the deal, and a "See all" button per search to its list. Pure: the words render
 * in the current language, `link` makes a path of this site absolute.
 */
import { escapeTelegramHtml as escapeHtml, type TelegramNotice } from '#features/accounts/notices/notices.ts';
import { WAITING } from '#features/listings/discount.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { m } from '#paraglide/messages.js';
import type { DigestSection } from './saved-search-digest.server.ts';
import { savedSearchListPath, savedSearchTitle } from './saved.ts';

/** Deals one Telegram digest names (the email names up to 10 a search). */
export const TELEGRAM_DIGEST_DEALS = 10;
/** Telegram refuses a message longer than 4096 characters; the sections that do not fit are left to their buttons. */
const MAX_TEXT = 4000;

/** How many deals of each section the message names: one from each in turn, up to `max` in all. */
export function dealsPerSection(sections: readonly { deals: readonly unknown[] }[], max = TELEGRAM_DIGEST_DEALS): number[] {
  const counts = sections.map(() => 0);
  let left = max;
  for (let round = 0; left > 0; round++) {
    let named = false;
    sections.forEach((section, i) => {
      if (left > 0 && section.deals.length > round) {
        counts[i]!++;
        left--;
        named = true;
      }
    });
    if (!named) break;
  }
  return counts;
}

export function digestTelegram(sections: DigestSection[], link: (path: string) => string): TelegramNotice {
  const counts = dealsPerSection(sections);
  let text = `<b>${escapeHtml(m.saved_digest_subject())}</b>`;
  sections.forEach(({ search, deals, total }, i) => {
    const shown = deals.slice(0, counts[i]);
    const lines = [`<b>${escapeHtml(savedSearchTitle(search))}</b>`];
    for (const deal of shown) {
      const discount = deal.discount === WAITING ? m.saved_digest_waiting() : m.saved_digest_off({ value: deal.discount });
      const name = `${escapeHtml(deal.productName)} — ${escapeHtml(deal.companyName)}`;
      lines.push(`• <a href="${escapeHtml(link(listingPath(deal)))}">${name}</a> (${escapeHtml(discount)})`);
    }
    if (total > shown.length) lines.push(escapeHtml(m.commerce_notice_digest_more({ count: String(total - shown.length) })));
    const part = `\n\n${lines.join('\n')}`;
    if (text.length + part.length <= MAX_TEXT) text += part;
  });
  const buttons = sections.map(({ search }) => [
    { text: m.commerce_notice_digest_see_all({ search: savedSearchTitle(search) }), url: link(savedSearchListPath(search)) },
  ]);
  return { text, buttons };
}
