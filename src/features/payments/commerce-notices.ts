/**
 * The words of a money notice (decision 27: a payment, an order, a refund, a promotion) and its
 * Telegram form: a bold title, one sentence, and a button to the page that shows it. Pure; the
 * notice is put together in commerce-notices.server.ts.
 */
import { escapeTelegramHtml as escapeHtml, type TelegramNotice } from '#features/accounts/notices/notices.ts';

/** One notice in one language: a title (the email's subject), a sentence, and the page to see it on. */
export interface NoticeWords {
  title: string;
  body: string;
  link: { text: string; path: string };
}

/** The Telegram message of a notice: its title in bold, its sentence, a button to `url`. */
export function telegramNotice(words: NoticeWords, url: string): TelegramNotice {
  return {
    text: `<b>${escapeHtml(words.title)}</b>\n${escapeHtml(words.body)}`,
    buttons: [[{ text: words.link.text, url }]],
  };
}

/** The email's text of a notice in one language: its sentence, then the link. */
export function emailText(words: NoticeWords, url: string): string {
  return `${words.body}\n\n${words.link.text}: ${url}`;
}
