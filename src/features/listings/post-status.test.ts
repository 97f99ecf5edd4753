/** My Posts' words for a post: its standing, what that means, when it ends, and whether it renews. */
import { describe, expect, it } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { DAY_MS, discountEnd } from './discount.ts';
import { HOUR, NOW, at } from './discount.test-kit.ts';
import { endsInText, offersRenew, postStanding, standingNote, type OwnPost } from './post-status.ts';

/** A verified deal posted `postedAgo` ms before NOW, running `days` days (stored end as the form derives it). */
function deal(postedAgo: number, days: number | null, over: Partial<OwnPost> = {}): OwnPost {
  const datePosted = at(-postedAgo);
  const base = { status: 'verified' as const, discount: '20', datePosted, discountStartDays: null, discountDurationDays: days };
  const endsAt = discountEnd({ discount: '20', datePosted, startDays: null, durationDays: days });
  return { ...base, endsAt, ...over };
}
/** A deal whose end is `offset` ms from NOW (negative: already ended). */
const endingIn = (offset: number, over: Partial<OwnPost> = {}) => deal(10 * DAY_MS - offset, 10, over);

describe('post standing', () => {
  it('puts the review first, then hidden, then ended or live', () => {
    expect(postStanding(endingIn(-DAY_MS, { status: 'pending' }), true, NOW)).toBe('pending');
    expect(postStanding(endingIn(3 * DAY_MS, { status: 'rejected' }), false, NOW)).toBe('rejected');
    expect(postStanding(endingIn(-DAY_MS), true, NOW)).toBe('hidden');
    expect(postStanding(endingIn(-DAY_MS), false, NOW)).toBe('ended');
    expect(postStanding(endingIn(0), false, NOW)).toBe('ended');
    expect(postStanding(endingIn(1), false, NOW)).toBe('live');
    expect(postStanding(deal(40 * DAY_MS, null), false, NOW)).toBe('live');
  });

  it('says in one line what each standing means, in both languages', () => {
    expect(standingNote('pending')).toBe(
      'An admin checks every new deal before it goes public, usually within a day. You will hear by Telegram or email.',
    );
    expect(standingNote('rejected')).toBe('Fix it with Update and it is checked again.');
    expect(standingNote('hidden')).toBe('Buyers cannot see this deal while it is hidden.');
    expect(standingNote('ended')).toContain('Renew runs it again');
    expect(standingNote('live')).toBe('Live: buyers can see this deal now.');
    for (const standing of ['pending', 'rejected', 'hidden', 'ended', 'live'] as const) {
      expect(inLocale('am', () => standingNote(standing))).toMatch(/[\u1200-\u137f]/);
    }
  });
});

describe('when a post ends, in words', () => {
  it('counts the days left as the ending-soon cards do, and "Ends today" on its last market day', () => {
    expect(endsInText(endingIn(3 * DAY_MS), NOW)).toBe('3 days left');
    expect(endsInText(endingIn(DAY_MS + 1), NOW)).toBe('2 days left');
    // NOW is 12:00 in Addis Ababa: 17:00 today ends today, 01:00 tomorrow is a day left.
    expect(endsInText(endingIn(5 * HOUR), NOW)).toBe('Ends today');
    expect(endsInText(endingIn(13 * HOUR), NOW)).toBe('1 day left');
  });

  it('says how many calendar days ago an ended deal ended', () => {
    expect(endsInText(endingIn(0), NOW)).toBe('Ended today');
    expect(endsInText(endingIn(-10 * HOUR), NOW)).toBe('Ended today'); // 02:00 today in Addis Ababa
    expect(endsInText(endingIn(-13 * HOUR), NOW)).toBe('Ended 1 day ago'); // 23:00 yesterday
    expect(endsInText(endingIn(-2 * DAY_MS), NOW)).toBe('Ended 2 days ago');
    expect(endsInText(endingIn(-40 * DAY_MS), NOW)).toBe('Ended 40 days ago');
    // A deal still waiting for its discount has ended all the same.
    expect(endsInText(endingIn(-2 * DAY_MS, { discount: 'waiting' }), NOW)).toBe('Ended 2 days ago');
  });

  it("uses the spec's discount words before the start, while waiting, and with no end", () => {
    const later = { ...deal(0, null), discountStartDays: 2, endsAt: null };
    expect(endsInText(later, NOW)).toBe('2 days left to begin');
    expect(endsInText(endingIn(3 * DAY_MS, { discount: 'waiting' }), NOW)).toBe('Waiting for discount');
    expect(endsInText(deal(40 * DAY_MS, null), NOW)).toBe('Ongoing');
  });

  it('reads in Amharic on Amharic pages', () => {
    expect(inLocale('am', () => endsInText(endingIn(3 * DAY_MS), NOW))).toBe('3 ቀን ቀረው');
    expect(inLocale('am', () => endsInText(endingIn(-2 * DAY_MS), NOW))).toBe('ከ2 ቀን በፊት አብቅቷል');
    expect(inLocale('am', () => endsInText(endingIn(-HOUR), NOW))).toBe('ዛሬ አብቅቷል');
  });
});

describe('Renew on My Posts', () => {
  it('is offered for a verified deal that ended, however long ago, or ends within a day', () => {
    expect(offersRenew(endingIn(-40 * DAY_MS), false, NOW)).toBe(true);
    expect(offersRenew(endingIn(-HOUR), false, NOW)).toBe(true);
    expect(offersRenew(endingIn(12 * HOUR), false, NOW)).toBe(true);
    expect(offersRenew(endingIn(DAY_MS), false, NOW)).toBe(true);
    expect(offersRenew(endingIn(3 * DAY_MS), false, NOW)).toBe(false);
    expect(offersRenew(deal(40 * DAY_MS, null), false, NOW)).toBe(false);
  });

  it('is not offered for a hidden, waiting or rejected deal', () => {
    expect(offersRenew(endingIn(-DAY_MS), true, NOW)).toBe(false);
    expect(offersRenew(endingIn(-DAY_MS, { status: 'pending' }), false, NOW)).toBe(false);
    expect(offersRenew(endingIn(-DAY_MS, { status: 'rejected' }), false, NOW)).toBe(false);
  });
});
