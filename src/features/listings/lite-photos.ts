/**
 * Lite mode's deal page shows no photo until the visitor taps "Show photos" (issue 30), and says
 * what the tap costs: the photos' 360 px thumbnails, the width lite mode shows. Pure.
 */
import type { StoredImage } from '#db/schema.ts';

/** What showing these photos downloads, in bytes (their thumbnails); null when an image stored before issue 30 does not know its size. */
export function thumbnailsBytes(images: readonly Pick<StoredImage, 'thumbBytes'>[]): number | null {
  let total = 0;
  for (const { thumbBytes } of images) {
    if (thumbBytes === undefined) return null;
    total += thumbBytes;
  }
  return total;
}

/** Whole kilobytes for a label, at least 1: a photo is never "0 KB". */
export function kilobytes(bytes: number): number {
  return Math.max(1, Math.round(bytes / 1024));
}
