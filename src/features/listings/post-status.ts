/**
 * A seller's post as My Posts words it: where it stands for buyers (waiting, rejected, hidden,
 * ended, live), one plain line on what that means, when its discount ends in words, and whether
 * it offers Renew. Pure: the clock is passed in, the words come in the page's language.
 */
import { discountEnd, discountState, discountStateText, marketDayNumber, type DiscountInput } from './discount.ts';
import { isRenewable } from './renewals/renewals.ts';
import { m } from '#paraglide/messages.js';

/** Where a post stands for buyers. */
export type PostStanding = 'pending' | 'rejected' | 'hidden' | 'ended' | 'live';

/** What My Posts knows of one of its posts. */
export interface OwnPost {
  status: 'pending' | 'verified' | 'rejected';
  discount: string;
  datePosted: Date;
  discountStartDays: number | null;
  discountDurationDays: number | null;
  endsAt: Date | null;
}

const discountInput = (post: OwnPost): DiscountInput => ({
  discount: post.discount,
  datePosted: post.datePosted,
  startDays: post.discountStartDays,
  durationDays: post.discountDurationDays,
});

/** When the post's discount ends (the stored end, else the form's maths), or null without one. */
function endOf(post: OwnPost): Date | null {
  return post.endsAt ?? discountEnd(discountInput(post));
}

/** Whether the post's discount has an end and it has passed. */
export function hasEnded(post: OwnPost, now: Date): boolean {
  const end = endOf(post);
  return end !== null && end.getTime() <= now.getTime();
}

/** Where the post stands: its review first, then hidden (reports, an admin), then ended or live. */
export function postStanding(post: OwnPost, hidden: boolean, now: Date): PostStanding {
  if (post.status !== 'verified') return post.status;
  if (hidden) return 'hidden';
  return hasEnded(post, now) ? 'ended' : 'live';
}

/**
 * When the post ends, in words: 'Ended today' / 'Ended 2 days ago' once passed (calendar days in
 * marketplace time), else the spec's discount state words (section 4): 'Ends today', '3 days left',
 * '2 days left to begin', 'Waiting for discount', 'Ongoing' (no end date).
 */
export function endsInText(post: OwnPost, now: Date): string {
  const end = endOf(post);
  if (end !== null && end.getTime() <= now.getTime()) {
    const days = marketDayNumber(now) - marketDayNumber(end);
    return days <= 0 ? m.form_myposts_ended_today() : m.form_myposts_ended_days_ago({ count: days });
  }
  const state = discountState(discountInput(post), now);
  if (state.kind === 'active' && !state.endsToday && state.daysToEnd > 0) return m.listings_days_left({ count: state.daysToEnd });
  return discountStateText(state, state.kind === 'waiting' ? 'detail' : 'card');
}

/** What the post's standing means, in one plain line (a rejection's reason is shown beside it). */
export function standingNote(standing: PostStanding): string {
  switch (standing) {
    case 'pending':
      return m.form_myposts_pending_note();
    case 'rejected':
      return m.form_myposts_rejected_note();
    case 'hidden':
      return m.form_myposts_hidden_note();
    case 'ended':
      return m.form_myposts_ended_note();
    case 'live':
      return m.form_myposts_live_note();
  }
}

/**
 * Whether My Posts offers Renew: a verified deal buyers may see again (not hidden) that ended, at
 * any time, or ends within a day (renewals.ts `isRenewable`, the rule /renew applies too). A
 * waiting or rejected deal never renews: its review comes first.
 */
export function offersRenew(post: OwnPost, hidden: boolean, now: Date): boolean {
  return !hidden && isRenewable(post, now);
}
