/**
 * Money notices (decision 27), for payments, shop and promotions: a feature says what happened in
 * the current language (`words`, rendered once per language) and gets the account's `Notice`: one
 * email in both languages and a Telegram message per language, each linking to the page of the
 * account that shows it. The caller hands it to `notify` in the transaction that made the change.
 */
import type { Notice, NoticeKind } from '#features/accounts/notices/notices.ts';
import { bothLanguages, siteLink } from '#features/accounts/emails.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { locales, type Locale } from '#platform/i18n/locales.ts';
import { emailText, telegramNotice, type NoticeWords } from './commerce-notices.ts';

export type { NoticeWords } from './commerce-notices.ts';

/** The kinds of notice money matters are. */
export type CommerceNoticeKind = Extract<NoticeKind, 'promotion' | 'refund' | 'order'>;

export function commerceNotice(userId: string, kind: CommerceNoticeKind, words: () => NoticeWords): Notice {
  const said = new Map<Locale, NoticeWords>(locales.map((locale) => [locale, inLocale(locale, words)]));
  const url = (locale: Locale) => siteLink(said.get(locale)!.link.path, locale);
  return {
    userId,
    kind,
    email: bothLanguages((locale) => ({ subject: said.get(locale)!.title, text: emailText(said.get(locale)!, url(locale)) })),
    telegram: Object.fromEntries(locales.map((locale) => [locale, telegramNotice(said.get(locale)!, url(locale))])) as Notice['telegram'],
  };
}
