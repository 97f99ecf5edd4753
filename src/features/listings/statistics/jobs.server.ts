/**
 * The statistics' background job: earlier days' salts, visitors and address counts are forgotten
 * every minute, even on a day nobody counts (listing-stats.server.ts).
 */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { forgetEarlierVisitors } from './listing-stats.server.ts';

registerSchedule('forget-earlier-visitors', 60_000, forgetEarlierVisitors);
