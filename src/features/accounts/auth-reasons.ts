/**
 * Why a visitor is asked to sign in (issue 30): the sign-in and sign-up screens reached from a
 * guest's Save, "Email me new deals like these" or Report say what for. The reason travels as
 * `?reason=` and is read against this list only: the screens never show words from the URL.
 * Pure.
 */
import { safePath } from '#platform/http/safe-path.ts';
import { splitLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

const AUTH_REASONS = ['save-deal', 'save-search', 'report-deal'] as const;
export type AuthReason = (typeof AUTH_REASONS)[number];

const isReason = (value: string | null | undefined): value is AuthReason => AUTH_REASONS.includes(value as AuthReason);

/**
 * The reason of a sign-in screen: `?reason=` when it is one of AUTH_REASONS; else a report form
 * of a deal as `next` (where the protected-pages guard sends a visitor) is "report this deal".
 */
export function authReasonOf(reason: string | null | undefined, next: string): AuthReason | null {
  if (isReason(reason)) return reason;
  const path = safePath(next, '');
  if (!path) return null;
  const url = new URL(path, 'http://sefer.invalid');
  const { pathname } = splitLocale(url.pathname);
  return pathname === '/report' && url.searchParams.get('kind') === 'listing' ? 'report-deal' : null;
}

/** `/login?next=…&reason=…`: signing in for a reason and back to `next` (slashes kept readable, as signInPath). */
export function signInForPath(next: string, reason: AuthReason, screen: 'login' | 'signup' = 'login'): string {
  const back = encodeURIComponent(safePath(next)).replaceAll('%2F', '/');
  return `/${screen}?next=${back}&reason=${reason}`;
}

/** The `&reason=…` to keep on links between the sign-in screens ('' without a reason). */
export const reasonQuery = (reason: AuthReason | null): string => (reason ? `&reason=${reason}` : '');

/** The heading of the sign-in screen for a reason: "Sign in to save this deal". */
export function signInReasonText(reason: AuthReason): string {
  switch (reason) {
    case 'save-deal':
      return m.authreason_sign_in_save_deal();
    case 'save-search':
      return m.authreason_sign_in_save_search();
    case 'report-deal':
      return m.authreason_sign_in_report_deal();
  }
}

/** The heading of the sign-up screen for a reason: "Create your account to save this deal". */
export function signUpReasonText(reason: AuthReason): string {
  switch (reason) {
    case 'save-deal':
      return m.authreason_sign_up_save_deal();
    case 'save-search':
      return m.authreason_sign_up_save_search();
    case 'report-deal':
      return m.authreason_sign_up_report_deal();
  }
}
