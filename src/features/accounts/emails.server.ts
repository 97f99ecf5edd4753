/**
 * The words of Sefer's emails. An email a person asked for (a code, the note about an existing
 * account) is in the language of their request: the messages follow it by themselves. An email
 * caused by someone else (an admin's decision) goes to a person whose language we do not store: it
 * is written in both languages, Amharic first, in one email (see {@link bothLanguages}).
 */
import { m } from '#paraglide/messages.js';
import { baseLocale, localHref, locales, type Locale } from '#platform/i18n/locales.ts';
import { config } from '#platform/config/config.server.ts';

export interface EmailWords {
  subject: string;
  text: string;
}

/** Which code an emailed code is for (better-auth's email-OTP types). */
export type CodeKind = 'email-verification' | 'sign-in' | 'forget-password' | 'change-email';

const CODE_SUBJECTS: Record<CodeKind, (inputs?: object, options?: { locale?: Locale }) => string> = {
  'email-verification': m.email_code_subject_verification,
  'sign-in': m.email_code_subject_sign_in,
  'forget-password': m.email_code_subject_reset,
  'change-email': m.email_code_subject_change_email,
};

/** An absolute link to a page of this site in `locale`. */
export function siteLink(path: string, locale?: Locale): string {
  return new URL(localHref(path, locale), config().siteUrl).href;
}

/** An emailed code, in the language of the request that asked for it. */
export function codeEmail(kind: CodeKind, code: string, minutes: number): EmailWords {
  return { subject: CODE_SUBJECTS[kind](), text: m.email_code_text({ code, minutes }) };
}

/** To the owner of an email someone tried to sign up with again (in that request's language). */
export function existingAccountEmail(): EmailWords {
  return {
    subject: m.email_existing_subject(),
    text: m.email_existing_text({ signInUrl: siteLink('/login'), resetUrl: siteLink('/forgot-password') }),
  };
}

/** The languages of an email whose reader's language is unknown: Amharic first, then English. */
const BOTH: readonly Locale[] = [...locales].sort((a, b) => (a === baseLocale ? 1 : b === baseLocale ? -1 : 0));

/** One email in every language, Amharic first: subjects joined by " / ", texts one after the other. */
export function bothLanguages(words: (locale: Locale) => EmailWords): EmailWords {
  const each = BOTH.map((locale) => words(locale));
  return {
    subject: each.map((w) => w.subject).join(' / '),
    text: each.map((w) => w.text).join('\n\n* * *\n\n'),
  };
}

/**
 * The seller's email after an admin verified or rejected their listing, in both languages; the
 * link goes to the listing (`listingPath`) when verified, else to My Posts, each in its language.
 */
export function listingReviewEmail(
  review: { productName: string; listingPath: string } & (
    | { status: 'verified' }
    // The reason in each language (a rejection code's sentence), or one text for both.
    | { status: 'rejected'; reason: string | ((locale: Locale) => string) }
  ),
): EmailWords {
  const name = review.productName;
  return bothLanguages((locale) =>
    review.status === 'verified'
      ? {
          subject: m.email_listing_verified_subject({ name }, { locale }),
          text: m.email_listing_verified_text({ name, url: siteLink(review.listingPath, locale) }, { locale }),
        }
      : {
          subject: m.email_listing_rejected_subject({ name }, { locale }),
          text: m.email_listing_rejected_text(
            {
              name,
              reason: typeof review.reason === 'function' ? review.reason(locale) : review.reason,
              url: siteLink('/myposts', locale),
            },
            { locale },
          ),
        },
  );
}
