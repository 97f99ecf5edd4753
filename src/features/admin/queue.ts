/**
 * The verification queue's words and rules that need no database: its filters (GET links), the
 * forms of its decisions, where the admin lands after one (the next item, not the top), and the
 * flash that says what was done. Pure and isomorphic.
 */
import { z } from 'zod';
import { REJECTION_CODES, reviewSchema } from '#features/listings/listing-review.ts';
import { idField } from '#platform/http/input-guards.ts';
import { getLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

/** The queue's filters, as `?show=`: everything, new deals, edits of live deals, sellers with open or upheld reports. */
export const QUEUE_FILTERS = ['all', 'new', 'edited', 'reported'] as const;
export type QueueFilterName = (typeof QUEUE_FILTERS)[number];

/** Items a page shows: a morning's work, short enough for a phone. */
export const QUEUE_PAGE_SIZE = 25;

/** Most deals one "Verify selected" decides (a page's worth, with room). */
export const MAX_BULK = 100;

/** How far apart two deals of the same product and company may be posted to flag a possible duplicate. */
export const DUPLICATE_FLAG_DAYS = 30;

/** The filter a URL asks for (`?show=`), all by default. */
export function readQueueFilter(params: URLSearchParams): QueueFilterName {
  const asked = params.get('show');
  return (QUEUE_FILTERS as readonly (string | null)[]).includes(asked) ? (asked as QueueFilterName) : 'all';
}

/** The anchor of a queue row. */
export const rowAnchor = (id: number): string => `q-${id}`;

/** The query-string keys the queue itself writes (a flash); every other key of the URL is kept. */
const FLASH_KEYS = ['done', 'item', 'verified', 'total'];

/**
 * The path (without the language prefix) to come back to after a decision: the same filter and
 * page, the flash, and the next item's anchor (or the list's start when none follows).
 */
export function queueReturnPath(current: URLSearchParams, flash: Record<string, string | number>, next: number | null): string {
  const params = new URLSearchParams();
  const show = readQueueFilter(current);
  if (show !== 'all') params.set('show', show);
  const page = current.get('page');
  if (page && /^\d{1,4}$/.test(page) && page !== '1') params.set('page', page);
  for (const [key, value] of Object.entries(flash)) if (FLASH_KEYS.includes(key)) params.set(key, String(value));
  return `/admin?${params.toString()}#${next === null ? 'queue' : rowAnchor(next)}`;
}

/** The path of a filter's link: the filter only (a filter starts at page 1, with no flash). */
export const filterPath = (show: QueueFilterName): string => (show === 'all' ? '/admin' : `/admin?show=${show}`);

/** What the page was sent back with after a decision (`?done=`), if anything. */
export type QueueFlash = { done: 'verified' | 'rejected'; item: number } | { done: 'bulk'; verified: number; total: number };

export function readQueueFlash(params: URLSearchParams): QueueFlash | null {
  const number = (key: string) => {
    const raw = params.get(key) ?? '';
    return /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  };
  const done = params.get('done');
  const item = number('item');
  if ((done === 'verified' || done === 'rejected') && item !== null) return { done, item };
  const verified = number('verified');
  const total = number('total');
  if (done === 'bulk' && verified !== null && total !== null && verified <= total) return { done, verified, total };
  return null;
}

/** The flash's words: "Verified: Injera", "Rejected: Injera", "Verified 4 of 5 selected." */
export function flashText(flash: QueueFlash, productName: string | null): string | null {
  if (flash.done === 'bulk') return m.adminq_flash_bulk({ verified: flash.verified, total: flash.total });
  if (productName === null) return null;
  return flash.done === 'verified' ? m.adminq_flash_verified({ name: productName }) : m.adminq_flash_rejected({ name: productName });
}

/** An optional id field (`next`): empty is none. */
const optionalId = z.preprocess((value) => (value === '' ? undefined : value), idField(m.admin_listing_not_found).optional());

/** "12,15,9": the page's ids in order (where the admin lands after a bulk decision). */
const idList = z
  .string()
  .max(2_000)
  .regex(/^[\d,]*$/)
  .transform((text) => text.split(',').filter(Boolean).map(Number).filter(Number.isSafeInteger))
  .optional();

const oneOrMore = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(idField(m.admin_listing_not_found)).max(MAX_BULK),
);

const rejectFields = reviewSchema.options[1].shape;

/** The queue's forms: verify one, reject one (a code, a note or both), verify the selected ones. */
export const queueDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify'), id: idField(m.admin_listing_not_found), next: optionalId }),
  z
    .object({
      action: z.literal('reject'),
      id: idField(m.admin_listing_not_found),
      next: optionalId,
      code: z.preprocess((value) => (value === '' ? undefined : value), rejectFields.code),
      reason: rejectFields.reason,
    })
    .refine((r) => (r.code !== undefined && r.code !== 'other') || (r.reason ?? '') !== '', {
      path: ['reason'],
      error: () => m.admin_reason_required_short(),
    }),
  z.object({ action: z.literal('verify-selected'), ids: oneOrMore, order: idList }),
]);
export type QueueDecision = z.output<typeof queueDecisionSchema>;

/** The actions the queue's forms post (the page's other forms post the older moderation actions). */
export const QUEUE_ACTIONS: readonly string[] = queueDecisionSchema.options.map((o) => o.shape.action.value);

export { REJECTION_CODES };

/** After "Verify selected": the first row of the page after the first selected one that was not selected. */
export function nextAfterBulk(order: readonly number[], selected: readonly number[]): number | null {
  const chosen = new Set(selected);
  const first = order.findIndex((id) => chosen.has(id));
  if (first < 0) return null;
  return order.slice(first).find((id) => !chosen.has(id)) ?? null;
}

/** "3 hours ago", "2 months ago": how long ago `then` was, in the request's language. */
export function agoText(then: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(getLocale(), { numeric: 'auto' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  if (minutes < 48 * 60) return format.format(-Math.round(minutes / 60), 'hour');
  const days = Math.round(minutes / 1_440);
  if (days < 60) return format.format(-days, 'day');
  if (days < 730) return format.format(-Math.round(days / 30), 'month');
  return format.format(-Math.round(days / 365), 'year');
}
