/**
 * Public URLs of stored media, derived from the key (never stored): `/media/…` through the app, or
 * straight from S3_PUBLIC_URL (a CDN or the bucket) when it is set. Pages render on the server, so
 * this reads the configuration; it never loads the image library the media store uses.
 */
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';

/** Width of the middle size: a full-width photo on a phone at 2x density. */
export const CARD_WIDTH = 720;

/** Where stored media is linked from: S3_PUBLIC_URL, or the app's own media route. */
function mediaBase(): string {
  const { media } = config();
  return (media.storage === 's3' && media.s3.publicUrl) || '/media';
}

/** The origin pages load media from besides their own (for the Content-Security-Policy), if any. */
export function mediaOrigin(): string | undefined {
  const base = mediaBase();
  return base.startsWith('/') ? undefined : new URL(base).origin;
}

/** Side of a card's square picture slot, in CSS pixels; its icons are this and twice this. */
export const ICON_SIZE = 56;

/**
 * Side of a card's product photo, in CSS pixels (issue 30): an 88 px square left of the card's text
 * on a 390 px phone; its squares are this and twice this (`-square`, `-square2x`).
 */
export const CARD_PHOTO_SIZE = 88;

/** The stored widths of an image: full, card, thumbnail, the logo slot's squares and the card photo's squares. */
export type ImageSize = 'full' | 'card' | 'thumb' | 'icon' | 'icon2x' | 'square' | 'square2x';

/** Public URL of a stored image in one of its widths (icons and squares are squares, see {@link ICON_SIZE}, {@link CARD_PHOTO_SIZE}). */
export function imageUrl(image: Pick<StoredImage, 'key'>, size: ImageSize = 'full'): string {
  return size === 'full' ? `${mediaBase()}/${image.key}.webp` : `${mediaBase()}/${image.key}-${size}.webp`;
}

/** `srcset` of the three widths, for `<img sizes>` to choose from. */
export function imageSrcset(image: StoredImage): string {
  const card = Math.min(CARD_WIDTH, image.width);
  return `${imageUrl(image, 'thumb')} ${image.thumbWidth}w, ${imageUrl(image, 'card')} ${card}w, ${imageUrl(image)} ${image.width}w`;
}

/** Public URL of a stored video. */
export function videoUrl(video: Pick<StoredVideo, 'key' | 'ext'>): string {
  return `${mediaBase()}/${video.key}.${video.ext}`;
}

/** A card slot's picture: the icons at 1x and 2x when stored, else the thumbnail (scaled down by the browser). */
export function iconSources(image: StoredImage): { src: string; srcset?: string } {
  if (!image.icons) return { src: imageUrl(image, 'thumb') };
  return { src: imageUrl(image, 'icon'), srcset: `${imageUrl(image, 'icon')} 1x, ${imageUrl(image, 'icon2x')} 2x` };
}

/** The picture a card links when it has no stored image at all. */
export const CARD_PLACEHOLDER = '/placeholder-logo.svg';

/**
 * A card's photo slot: the first image given (the deal's product photo, else the seller's logo) as
 * its 88 and 176 px squares, or its 360 px thumbnail while an image stored before issue 30 waits
 * for its squares (image-icons.server.ts); the placeholder when there is no image.
 */
export function cardPhotoSources(...images: (StoredImage | null | undefined)[]): { src: string; srcset?: string } {
  const image = images.find((candidate) => candidate != null);
  if (!image) return { src: CARD_PLACEHOLDER };
  if (!image.squares) return { src: imageUrl(image, 'thumb') };
  return { src: imageUrl(image, 'square'), srcset: `${imageUrl(image, 'square')} 1x, ${imageUrl(image, 'square2x')} 2x` };
}
