/** The listings' background job: listings indexed by an older search version are re-indexed. */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { reindexStaleListings } from './search-index.server.ts';

registerSchedule('search-reindex', 60_000, reindexStaleListings);
