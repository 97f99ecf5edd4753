/**
 * Whether the media storage answers, for /readyz (issue 32): the bucket's HEAD within two seconds
 * when MEDIA_STORAGE=s3, asked at most every five seconds; this machine's folder always answers.
 */
import { cachedFor } from '#platform/health/cached-for.ts';
import { logger } from '#platform/log/log.server.ts';
import { mediaStorage } from './media-storage.server.ts';

const log = logger('media');

/** How long the bucket has to answer. */
export const MEDIA_PING_MS = 2000;
/** How long an answer is kept. */
export const MEDIA_CHECK_EVERY_MS = 5000;

async function ping(): Promise<boolean> {
  const storage = mediaStorage();
  if (!storage.ping) return true;
  try {
    await storage.ping(AbortSignal.timeout(MEDIA_PING_MS));
    return true;
  } catch (error) {
    log.error({ dependency: 'media' }, `[media] the bucket does not answer: ${(error as Error).message}`);
    return false;
  }
}

let check: (() => Promise<boolean>) | undefined;

/** True when the media storage answered (the last five seconds' answer). */
export function mediaReachable(): Promise<boolean> {
  check ??= cachedFor(MEDIA_CHECK_EVERY_MS, ping);
  return check();
}
