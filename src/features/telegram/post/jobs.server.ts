/** The background work of posting from the bot: drafts nobody touched for 24 hours are forgotten. */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { forgetExpiredDrafts } from './post-store.server.ts';

registerSchedule('forget-telegram-drafts', 3_600_000, forgetExpiredDrafts);
