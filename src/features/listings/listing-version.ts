/**
 * A listing as one whole version (texts and media) and an edit of it: what My Posts and
 * `PATCH /api/delete/products/{id}/` change. An edit of a verified listing becomes a revision that
 * waits for an admin while the verified version stays public (issue 29); other listings change in
 * place. Pure: the server applies an edit to the version it reads, in its transaction.
 */
import type { ListingVersion, StoredImage, StoredVideo } from '#db/schema.ts';
import { WAITING } from './discount.ts';

export type { ListingVersion } from '#db/schema.ts';

/** The text fields of a version (everything but its media). */
export type VersionTexts = Omit<ListingVersion, 'logo' | 'photo' | 'video' | 'images'>;

/** What an edit changes: any text field, a new logo, photo or video, images added or removed. */
export interface ListingEdit extends Partial<VersionTexts> {
  logo?: StoredImage;
  photo?: StoredImage;
  /** A new video, or null to remove the video. */
  video?: StoredVideo | null;
  /** Additional images appended after the kept ones. */
  addImages?: StoredImage[];
  /** Keys of additional images to remove. */
  removeImages?: string[];
}

/** The version an edit makes of `base`: a waiting discount has no days. */
export function applyEdit(base: ListingVersion, edit: ListingEdit): ListingVersion {
  const { logo, photo, video, addImages = [], removeImages = [], ...texts } = edit;
  const defined = Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined)) as Partial<VersionTexts>;
  const next: ListingVersion = {
    ...base,
    ...defined,
    logo: logo ?? base.logo,
    photo: photo ?? base.photo,
    video: video === undefined ? base.video : video,
    images: [...base.images.filter((image) => !removeImages.includes(image.key)), ...addImages],
  };
  if (next.discount === WAITING) {
    next.discountDurationDays = null;
    next.discountStartDays = null;
  }
  return next;
}

/** Every stored media key of a version (the video's poster included). */
export function versionMediaKeys(version: ListingVersion): Set<string> {
  const images = [version.logo, version.photo, ...version.images, version.video?.poster ?? null];
  const keys = images.filter((m): m is StoredImage => m !== null).map((m) => m.key);
  if (version.video) keys.push(version.video.key);
  return new Set(keys);
}
