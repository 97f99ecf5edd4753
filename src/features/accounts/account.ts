/**
 * The inputs of the account and admin pages, one zod schema each: paging an account list,
 * asking for a refund, cancelling a subscription, an admin's decision on a shop order or refund,
 * an admin's review of a listing, and a seller's action on their own post. Pure and isomorphic;
 * the services take their output.
 */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';
import { idField, withoutNul } from '#platform/http/input-guards.ts';

/** What a form whose hidden fields were tampered with (or a stale page) is told. */
export const NOT_UNDERSTOOD = m.account_not_understood;

/** A message made when the check runs, so in the language of the request. */
const say = (message: () => string) => ({ error: () => message() });

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
        .number(say(() => m.account_paging_number({ name: 'page' })))
        .int(say(() => m.account_paging_whole({ name: 'page' })))
        .min(
          1,
          say(() => m.account_paging_min({ name: 'page' })),
        )
        .max(
          MAX_ACCOUNT_PAGE,
          say(() => m.account_paging_max({ name: 'page', max: String(MAX_ACCOUNT_PAGE) })),
        )
        .default(1),
    ),
    limit: unlessEmpty(
      z.coerce
        .number(say(() => m.account_paging_number({ name: 'limit' })))
        .int(say(() => m.account_paging_whole({ name: 'limit' })))
        .min(
          1,
          say(() => m.account_paging_min({ name: 'limit' })),
        )
        .max(
          MAX_ACCOUNT_PAGE_SIZE,
          say(() => m.account_paging_max({ name: 'limit', max: String(MAX_ACCOUNT_PAGE_SIZE) })),
        )
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
  action: z.literal('refund', say(NOT_UNDERSTOOD)),
  order: idField(NOT_UNDERSTOOD),
});

/** 'Cancel subscription' on the subscriptions page. */
export const cancelSubscriptionSchema = z.object({
  action: z.literal('cancel', say(NOT_UNDERSTOOD)),
  subscription: idField(NOT_UNDERSTOOD),
});

/** An admin's decision on the shop orders page: deliver an order, or approve or decline a refund (`id` is the refund's). */
export const orderDecisionSchema = z.object({
  action: z.enum(['deliver', 'approve', 'decline'], say(NOT_UNDERSTOOD)),
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

/** A refund's or order's state in a sentence ('was already approved'), in the request's language. */
export function refundStatusWord(status: string): string {
  if (status === 'approved') return m.admin_status_approved();
  if (status === 'declined') return m.admin_status_declined();
  if (status === 'requested') return m.admin_status_requested();
  if (status === 'delivered') return m.admin_status_delivered();
  if (status === 'pending') return m.admin_status_pending();
  return status;
}

/** The admin's line after a decision. */
export function decisionText({ action, id, status, changed }: DecisionOutcome): string {
  if (action === 'deliver') return m.admin_order_delivered({ id });
  if (!changed) return m.admin_refund_unchanged({ id, status: refundStatusWord(status) });
  return action === 'approve' ? m.admin_refund_approved({ id }) : m.admin_refund_declined({ id });
}

export const REASON_REQUIRED = m.admin_reason_required;

/** Longest rejection reason a seller is sent. */
export const MAX_REASON_LENGTH = 500;

const reason = withoutNul(
  z
    .string(say(REASON_REQUIRED))
    .trim()
    .min(1, say(REASON_REQUIRED))
    .max(
      MAX_REASON_LENGTH,
      say(() => m.admin_reason_too_long({ max: MAX_REASON_LENGTH })),
    ),
);

/** The verification queue's forms: verify or reject (with a reason) a listing, remove a request or a comment. */
export const moderationSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('verify'), id: idField(NOT_UNDERSTOOD) }),
    z.object({ action: z.literal('reject'), id: idField(NOT_UNDERSTOOD), reason }),
    z.object({ action: z.literal('remove-request'), id: idField(NOT_UNDERSTOOD) }),
    z.object({ action: z.literal('remove-comment'), id: idField(NOT_UNDERSTOOD) }),
    z.object({
      action: z.literal('end-promotion'),
      id: idField(NOT_UNDERSTOOD),
      refund: z.enum(['none', 'unused'], say(NOT_UNDERSTOOD)),
    }),
  ],
  say(NOT_UNDERSTOOD),
);
export type Moderation = z.output<typeof moderationSchema>;

/** The admin's line after a moderation, as a message to call when the page is rendered. */
export const MODERATION_TEXT: Record<Moderation['action'], () => string> = {
  verify: m.admin_verified,
  reject: m.admin_rejected,
  'remove-request': m.admin_request_removed,
  'remove-comment': m.admin_comment_removed,
  'end-promotion': m.admin_promotion_ended,
};

/** What My Posts is told for an id that is none of the seller's posts. */
export const postNotFoundText = m.account_post_not_found;

/**
 * My Posts' forms without scripts: delete a post, or update it (the listing fields and photos
 * stay in the object for the listing edit reader, which checks them).
 */
export const postActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('delete'), id: idField(postNotFoundText) }),
    z.looseObject({ action: z.literal('update'), id: idField(postNotFoundText) }),
  ],
  say(NOT_UNDERSTOOD),
);
export type PostAction = z.output<typeof postActionSchema>;

/** My Posts' lines after an update and a deletion, in the request's language. */
export const postSavedText = m.account_post_saved;
export const postDeletedText = m.account_post_deleted;
