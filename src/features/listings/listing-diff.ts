/**
 * What an edit of a live deal changes, field by field (the admin's verification queue shows it):
 * each text old → new, the place's coordinates, a replaced logo, photo or video, and the additional
 * images added and removed. Pure.
 */
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import type { ListingVersion, VersionTexts } from './listing-version.ts';

/** The text fields the diff compares, in the form's order. */
export const DIFF_TEXT_FIELDS = [
  'productName',
  'companyName',
  'description',
  'location',
  'category',
  'discount',
  'discountStartDays',
  'discountDurationDays',
  'holiday',
  'contactTelegram',
  'contactTick',
  'webSite',
  'contactPhone',
] as const satisfies readonly (keyof VersionTexts)[];
export type DiffTextField = (typeof DIFF_TEXT_FIELDS)[number];

export type ListingChange =
  | { kind: 'text'; field: DiffTextField; before: string | number | null; after: string | number | null }
  | { kind: 'place'; before: { latitude: number; longitude: number }; after: { latitude: number; longitude: number } }
  | { kind: 'image'; field: 'logo' | 'photo'; before: StoredImage | null; after: StoredImage | null }
  | { kind: 'video'; before: StoredVideo | null; after: StoredVideo | null }
  | { kind: 'images'; added: StoredImage[]; removed: StoredImage[] };

/** The changes from `live` to `proposal`, in the form's order; empty when they are the same. */
export function listingChanges(live: ListingVersion, proposal: ListingVersion): ListingChange[] {
  const changes: ListingChange[] = [];
  for (const field of DIFF_TEXT_FIELDS) {
    const before = live[field] ?? null;
    const after = proposal[field] ?? null;
    if (before !== after) changes.push({ kind: 'text', field, before, after });
    if (field === 'location' && (live.latitude !== proposal.latitude || live.longitude !== proposal.longitude)) {
      changes.push({
        kind: 'place',
        before: { latitude: live.latitude, longitude: live.longitude },
        after: { latitude: proposal.latitude, longitude: proposal.longitude },
      });
    }
  }
  for (const field of ['logo', 'photo'] as const) {
    if ((live[field]?.key ?? null) !== (proposal[field]?.key ?? null)) {
      changes.push({ kind: 'image', field, before: live[field], after: proposal[field] });
    }
  }
  if ((live.video?.key ?? null) !== (proposal.video?.key ?? null))
    changes.push({ kind: 'video', before: live.video, after: proposal.video });
  const liveKeys = new Set(live.images.map((i) => i.key));
  const proposedKeys = new Set(proposal.images.map((i) => i.key));
  const added = proposal.images.filter((i) => !liveKeys.has(i.key));
  const removed = live.images.filter((i) => !proposedKeys.has(i.key));
  if (added.length > 0 || removed.length > 0) changes.push({ kind: 'images', added, removed });
  return changes;
}
