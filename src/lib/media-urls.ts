/**
 * Public URLs of stored media, derived from the key (never stored). Pure, so a page or component
 * builds a URL without loading the image library the media store uses.
 */
import type { StoredImage, StoredVideo } from '#db/schema.ts';

/** Width of the middle size: a full-width photo on a phone at 2x density. */
export const CARD_WIDTH = 720;

/** Public URL of a stored image in one of its three widths. */
export function imageUrl(image: Pick<StoredImage, 'key'>, size: 'full' | 'card' | 'thumb' = 'full'): string {
  return size === 'full' ? `/media/${image.key}.webp` : `/media/${image.key}-${size}.webp`;
}

/** `srcset` of the three widths, for `<img sizes>` to choose from. */
export function imageSrcset(image: StoredImage): string {
  const card = Math.min(CARD_WIDTH, image.width);
  return `${imageUrl(image, 'thumb')} ${image.thumbWidth}w, ${imageUrl(image, 'card')} ${card}w, ${imageUrl(image)} ${image.width}w`;
}

/** Public URL of a stored video. */
export function videoUrl(video: Pick<StoredVideo, 'key' | 'ext'>): string {
  return `/media/${video.key}.${video.ext}`;
}
