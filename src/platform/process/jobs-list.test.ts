/**
 * Every background job of the app, by name: the queued jobs and the periodic ones with their
 * periods. A job added or removed anywhere must be added or removed here (and in jobs-list.server.ts).
 */
import { describe, expect, it } from 'vitest';
import { registeredJobNames, registeredSchedules } from '#platform/jobs/registry.server.ts';
import './jobs-list.server.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the jobs list', () => {
  it('registers every queued job', () => {
    expect(registeredJobNames().toSorted()).toEqual([
      'alert-digest', // telegram: a chat's alerts past the daily cap, at the end of the day
      'listing-reviewed', // telegram/moderation: every admin's copy of a decided listing shows the decision
      'listing-submitted', // telegram/moderation: a new or edited listing to the admins' chats
      'listing-verified', // telegram: alerts and the channel post of a verified listing
      'notice', // accounts/notices: one account notice, by Telegram and/or email
      'promotion-ended', // promotions: tells a seller their promotion's days ran out, once
      'report-decided', // telegram/moderation: every admin's copy of a decided report shows the decision
      'report-queued', // telegram/moderation: a reported item reaching the queue, to the admins' chats
      'telegram-contact-kind', // telegram: what a seller's Telegram contact is (person, bot, channel), asked once
    ]);
  });

  // 'backup' (platform/process/backups.server.ts) is registered only when BACKUP_DIR is set: backups.test.ts.
  it('registers every periodic job, with its period', () => {
    const schedules = registeredSchedules().map((s) => ({ name: s.name, everyMs: s.everyMs }));
    expect(schedules.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'forget-earlier-visitors', everyMs: MINUTE }, // listings/statistics
      { name: 'forget-finished-jobs', everyMs: HOUR }, // platform/jobs
      { name: 'forget-telegram-buttons', everyMs: HOUR }, // telegram: buttons older than 60 days
      { name: 'forget-telegram-drafts', everyMs: HOUR }, // telegram/post: drafts 24 h after their last change
      { name: 'forget-telegram-updates', everyMs: HOUR }, // telegram
      { name: 'listing-transitions', everyMs: 10_000 }, // listings: pages of lists the clock changed
      { name: 'planner-statistics', everyMs: 6 * HOUR }, // platform/jobs: VACUUM (ANALYZE)
      { name: 'promotion-endings', everyMs: MINUTE }, // promotions: queues the promotions that ran out
      { name: 'rekey-followed-words', everyMs: MINUTE }, // telegram: followed words of an older search version
      { name: 'renewal-reminders', everyMs: MINUTE }, // listings/renewals
      { name: 'saved-search-digests', everyMs: MINUTE }, // saved
      { name: 'search-reindex', everyMs: MINUTE }, // listings: listings of an older search version
      { name: 'staged-uploads-expiry', everyMs: HOUR }, // media/resumable: uploads 24 h old that no listing took
      { name: 'telegram-contact-kinds', everyMs: 10 * MINUTE }, // telegram: contacts of unknown kind, a few at a time
    ]);
  });
});
