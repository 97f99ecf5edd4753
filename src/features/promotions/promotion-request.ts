/** A seller's promotion as a body of `POST /api/create-checkout-session/` (My Posts' Promote). */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';

/** A message made when the check runs, so in the language the request asked for. */
const say = (message: () => string) => ({ error: () => message() });

/** A seller's promotion: one of their listings, for one of the plans' days (priced by the server). */
export const promotionRequestSchema = z.object({
  promotion: z.object({
    listingId: z.coerce
      .number(say(m.account_post_not_found))
      .int(say(m.account_post_not_found))
      .positive(say(m.account_post_not_found))
      .max(2_147_483_647, say(m.account_post_not_found)),
    days: z.coerce
      .number(say(m.promotion_choose_days))
      .int(say(m.promotion_choose_days))
      .min(1, say(m.promotion_choose_days))
      .max(365, say(m.promotion_choose_days)),
  }),
});
export type PromotionRequest = z.infer<typeof promotionRequestSchema>;

/** Whether a checkout body asks for a promotion rather than the shop's items. */
export const isPromotionRequest = (body: unknown): boolean => typeof body === 'object' && body !== null && 'promotion' in body;
