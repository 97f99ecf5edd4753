/**
 * The listings' background jobs: listings indexed by an older search version are re-indexed; the
 * pages of lists the clock changed (a deal started, ended, entered a window) are dropped.
 */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { dropPagesTheClockChanged, TRANSITIONS_EVERY_MS } from './listing-transitions.server.ts';
import { reindexStaleListings } from './search-index.server.ts';

registerSchedule('search-reindex', 60_000, reindexStaleListings);
registerSchedule('listing-transitions', TRANSITIONS_EVERY_MS, dropPagesTheClockChanged);
