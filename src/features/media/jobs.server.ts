/** Media's background job: staged resumable uploads older than a day are removed. */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { expireStagedUploads } from './resumable/staged-uploads.server.ts';

registerSchedule('staged-uploads-expiry', 60 * 60_000, (_db, now) => expireStagedUploads(now));
