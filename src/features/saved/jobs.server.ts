/** The saved searches' background job: the daily digest emails, checked every minute (due from DIGEST_HOUR). */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { sendDueDigests } from './saved-search-digest.server.ts';

registerSchedule('saved-search-digests', 60_000, sendDueDigests);
