/**
 * Placeholder addresses: an account made without an email (sign-in with Telegram) gets one under
 * the reserved `.invalid` top-level domain (RFC 2606). It can never receive mail, and the mailer
 * never tries; accounts makes them (telegram-login.ts), the mailer and the pages only recognise them.
 */

/** The domain of placeholder addresses (kept as it is: existing accounts carry it). */
export const PLACEHOLDER_DOMAIN = 'telegram.invalid';

/** Whether an address is a placeholder (no email given). */
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return Boolean(email?.trim().toLowerCase().endsWith(`@${PLACEHOLDER_DOMAIN}`));
}
