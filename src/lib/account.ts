/**
 * The inputs of the account and admin pages, one zod schema each: paging an account list,
 * asking for a refund, cancelling a subscription, an admin's decision on a shop order or refund,
 * an admin's review of a listing, and a seller's action on their own post. Pure and isomorphic;
 * the services take their output.
 */
import { z } from 'zod';
import { MAX_REASON_LENGTH } from './listing-review.ts';
import { idField, withoutNul } from './input-guards.ts';

/** What a form whose hidden fields were tampered with (or a stale page) is told. */
export const NOT_UNDERSTOOD = 'That request was not understood.';

/** Rows per page of an account list on its page, and by default on its JSON endpoint. */
const ACCOUNT_PAGE_SIZE = 20;
const MAX_ACCOUNT_PAGE_SIZE = 100;
/** Far beyond any real account; keeps OFFSET and page * size small numbers. */
const MAX_ACCOUNT_PAGE = 10_000;

/** A query value left empty (`?page=`) counts as not given. */
const unlessEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);

/** `?page=&limit=` of an account JSON endpoint, as a page request; bad values are reported by name (400). */
export const accountPagingSchema = z
  .object({
    page: unlessEmpty(
      z.coerce
        .number({ message: 'page must be a number' })
        .int('page must be a whole number')
        .min(1, 'page must be 1 or more')
        .max(MAX_ACCOUNT_PAGE, `page must be at most ${MAX_ACCOUNT_PAGE}`)
        .default(1),
    ),
    limit: unlessEmpty(
      z.coerce
        .number({ message: 'limit must be a number' })
        .int('limit must be a whole number')
        .min(1, 'limit must be 1 or more')
        .max(MAX_ACCOUNT_PAGE_SIZE, `limit must be at most ${MAX_ACCOUNT_PAGE_SIZE}`)
        .default(ACCOUNT_PAGE_SIZE),
    ),
  })
  .transform(({ page, limit }) => ({ page, pageSize: limit }));

/** The page of an account page's list from its URL: page 1 for anything unusable (pages never error on it). */
export function accountPageOf(params: URLSearchParams): { page: number; pageSize: number } {
  const n = Number(params.get('page'));
  return { page: Number.isInteger(n) && n >= 1 && n <= MAX_ACCOUNT_PAGE ? n : 1, pageSize: ACCOUNT_PAGE_SIZE };
}

/** 'Request refund' on an order card (pending and completed orders). */
export const refundRequestSchema = z.object({
  action: z.literal('refund', NOT_UNDERSTOOD),
  order: idField(NOT_UNDERSTOOD),
});

/** 'Cancel subscription' on the subscriptions page. */
export const cancelSubscriptionSchema = z.object({
  action: z.literal('cancel', NOT_UNDERSTOOD),
  subscription: idField(NOT_UNDERSTOOD),
});

/** An admin's decision on the shop orders page: deliver an order, or approve or decline a refund (`id` is the refund's). */
export const orderDecisionSchema = z.object({
  action: z.enum(['deliver', 'approve', 'decline'], NOT_UNDERSTOOD),
  id: idField(NOT_UNDERSTOOD),
});
export type OrderDecision = z.output<typeof orderDecisionSchema>;

/** What a decision did: the order or refund it touched, its state after, and whether it changed. */
export interface DecisionOutcome {
  action: OrderDecision['action'];
  id: number;
  status: string;
  changed: boolean;
}

/** The admin's line after a decision. */
export function decisionText({ action, id, status, changed }: DecisionOutcome): string {
  if (action === 'deliver') return `Order #${id} is marked delivered.`;
  if (!changed) return `Refund #${id} was already ${status}; nothing changed.`;
  return action === 'approve' ? `Refund #${id} approved: the wallet is credited.` : `Refund #${id} declined.`;
}

export const REASON_REQUIRED = 'Please give the seller a reason for the rejection.';

const reason = withoutNul(
  z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(MAX_REASON_LENGTH, `A reason can be at most ${MAX_REASON_LENGTH} characters.`),
);

/** The verification queue's forms: verify or reject (with a reason) a listing, remove a request or a comment. */
export const moderationSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('verify'), id: idField(NOT_UNDERSTOOD) }),
    z.object({ action: z.literal('reject'), id: idField(NOT_UNDERSTOOD), reason }),
    z.object({ action: z.literal('remove-request'), id: idField(NOT_UNDERSTOOD) }),
    z.object({ action: z.literal('remove-comment'), id: idField(NOT_UNDERSTOOD) }),
  ],
  { error: NOT_UNDERSTOOD },
);
export type Moderation = z.output<typeof moderationSchema>;

export const MODERATION_TEXT: Record<Moderation['action'], string> = {
  verify: 'Listing verified: it is public now.',
  reject: 'Listing rejected; the seller has been told why.',
  'remove-request': 'Request removed.',
  'remove-comment': 'Comment removed.',
};

export const POST_NOT_FOUND = 'That post was not found.';

/**
 * My Posts' forms without scripts: delete a post, or update it (the listing fields and photos
 * stay in the object for the listing edit reader, which checks them).
 */
export const postActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('delete'), id: idField(POST_NOT_FOUND) }),
    z.looseObject({ action: z.literal('update'), id: idField(POST_NOT_FOUND) }),
  ],
  { error: NOT_UNDERSTOOD },
);
export type PostAction = z.output<typeof postActionSchema>;

export const POST_SAVED = 'Saved. Your post is waiting for verification again.';
export const POST_DELETED = 'Your post was deleted.';
