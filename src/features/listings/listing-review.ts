/** An admin's decision on a listing waiting for verification: one input for the API and the admin page. Pure and isomorphic. */
import { z } from 'zod';
import { MAX_REASON_LENGTH } from '#features/accounts/account.ts';
import { m } from '#paraglide/messages.js';
import { baseLocale, getLocale } from '#paraglide/runtime.js';
import { withoutNul } from '#platform/http/input-guards.ts';

/** Longest rejection reason a seller is sent (an accounts rule: the admin pages' forms check it too). */
export { MAX_REASON_LENGTH };

/** `{verdict: 'verify'}` or `{verdict: 'reject', reason}`: a rejection tells the seller why. */
export const reviewSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('verify') }),
  z.object({
    verdict: z.literal('reject'),
    reason: withoutNul(
      z
        .string()
        .trim()
        .min(1, { error: () => m.admin_reason_required_short() })
        // English keeps zod's own words for a long reason; other languages get ours.
        .max(MAX_REASON_LENGTH, {
          error: () => (getLocale() === baseLocale ? undefined : m.admin_reason_too_long({ max: MAX_REASON_LENGTH })),
        }),
    ),
  }),
]);
export type Review = z.infer<typeof reviewSchema>;
