/**
 * Every job list of the app, imported for its registrations (registerJob / registerSchedule). Only
 * the process (and src/middleware.ts) imports features' job lists: a new one is added here, and to
 * the exact list in jobs-list.test.ts.
 */
import '#platform/jobs/jobs.server.ts';
import '#features/media/jobs.server.ts';
import '#features/listings/jobs.server.ts';
import '#features/listings/renewals/jobs.server.ts';
import '#features/listings/statistics/jobs.server.ts';
import '#features/saved/jobs.server.ts';
import '#features/promotions/jobs.server.ts';
import '#features/telegram/jobs.server.ts';
import '#features/telegram/contact-kinds-jobs.server.ts';
import '#features/telegram/moderation/jobs.server.ts';
import '#features/telegram/post/jobs.server.ts';
import '#features/accounts/notices/jobs.server.ts';
