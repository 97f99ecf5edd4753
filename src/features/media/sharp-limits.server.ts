/**
 * What sharp (libvips) may hold in memory, set once for the whole process when the media module
 * loads (libvips's settings are global: they apply to the seed and the Telegram images too).
 * - Its operation cache (default: up to 50 MB, 20 files, 100 operations) keeps the results of
 *   recent operations for a repeat with the same input and arguments. Every upload is a new image
 *   decoded once, so it never hits here: it is turned off.
 * - Its threads per image: sharp already uses one on glibc (its allocator fragments under many
 *   threads) and one per core elsewhere; one everywhere keeps an image's working memory the same on
 *   any machine. Images are few (uploads, the seed) and small (16 MP at most, media.server.ts).
 * Measured in deploy/README.md ("Memory and sizing").
 */
import sharp from 'sharp';

export const SHARP_LIMITS = { cache: false, concurrency: 1 } as const;

/** Applies {@link SHARP_LIMITS} (idempotent). */
export function limitSharp(): void {
  sharp.cache(SHARP_LIMITS.cache);
  sharp.concurrency(SHARP_LIMITS.concurrency);
}

limitSharp();
