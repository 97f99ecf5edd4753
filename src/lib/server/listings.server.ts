/**
 * Listings: writing them with their derived schedule, and reading public (verified) pages of them.
 * Every public read is one indexed, paged query.
 */
import { and, asc, desc, eq, gt, gte, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listingImages, listings, type StoredImage, type StoredVideo } from '../../db/schema.ts';
import { discountEnd, discountStart, recentSince, windowBounds } from '../discount.ts';

/** What a listing is made of when it is written (ids, status and derived dates aside). */
export interface ListingDraft {
  ownerId: string;
  productName: string;
  companyName: string;
  description: string;
  location: string;
  latitude: number;
  longitude: number;
  category: string;
  discount: string;
  discountDurationDays: number | null;
  discountStartDays: number | null;
  logo: StoredImage | null;
  photo: StoredImage;
  video: StoredVideo | null;
  images: StoredImage[];
  contactPhone: string | null;
  contactTelegram: string | null;
  contactTick: string | null;
  webSite: string | null;
}

/** The discount's start and end, stored so list windows are range scans on an index. */
export function listingSchedule(datePosted: Date, startDays: number | null, durationDays: number | null) {
  const input = { discount: null, datePosted, startDays, durationDays };
  return { startsAt: discountStart(input), endsAt: discountEnd(input) };
}

type Writer = Pick<Database, 'insert'>;

/** Inserts a listing and its extra images; run it inside a transaction. */
export async function insertListing(
  tx: Writer,
  draft: ListingDraft,
  options: { status?: 'pending' | 'verified' | 'rejected'; datePosted?: Date; rejectionReason?: string } = {},
): Promise<number> {
  const datePosted = options.datePosted ?? new Date();
  const { images, ...fields } = draft;
  const [row] = await tx
    .insert(listings)
    .values({
      ...fields,
      datePosted,
      ...listingSchedule(datePosted, draft.discountStartDays, draft.discountDurationDays),
      status: options.status ?? 'pending',
      rejectionReason: options.rejectionReason ?? null,
      reviewedAt: options.status && options.status !== 'pending' ? datePosted : null,
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('Listing insert returned no row');
  if (images.length > 0) {
    await tx
      .insert(listingImages)
      .values(images.map((image, position) => ({ listingId: row.id, position, image })));
  }
  return row.id;
}

/** The columns a listing card needs; never the owner. */
export const cardColumns = {
  id: listings.id,
  productName: listings.productName,
  companyName: listings.companyName,
  location: listings.location,
  category: listings.category,
  discount: listings.discount,
  discountDurationDays: listings.discountDurationDays,
  discountStartDays: listings.discountStartDays,
  datePosted: listings.datePosted,
  startsAt: listings.startsAt,
  endsAt: listings.endsAt,
  logo: listings.logo,
  photo: listings.photo,
  contactPhone: listings.contactPhone,
  contactTelegram: listings.contactTelegram,
};

export type ListingCard = {
  id: number;
  productName: string;
  companyName: string;
  location: string;
  category: string;
  discount: string;
  discountDurationDays: number | null;
  discountStartDays: number | null;
  datePosted: Date;
  startsAt: Date;
  endsAt: Date | null;
  logo: StoredImage | null;
  photo: StoredImage;
  contactPhone: string | null;
  contactTelegram: string | null;
};

export type PublicWindow = 'daily' | 'ending-soon' | 'recent';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

const isPublic = eq(listings.status, 'verified');

/**
 * One page of verified listings, newest first, optionally in one category or a time window.
 * Reads `pageSize + 1` rows to know whether there is a next page, and nothing more.
 */
export async function listPublicListings(
  db: Database,
  filter: { category?: string; window?: PublicWindow; now: Date },
  paging: PageRequest,
): Promise<Page<ListingCard>> {
  const conditions = [isPublic];
  let order = [desc(listings.datePosted), desc(listings.id)];
  if (filter.category) conditions.push(eq(listings.category, filter.category));
  if (filter.window === 'daily' || filter.window === 'ending-soon') {
    const bounds = windowBounds(filter.window, filter.now);
    conditions.push(isNotNull(listings.endsAt), gt(listings.endsAt, bounds.endAfter), lte(listings.endsAt, bounds.endAtOrBefore));
    order = [asc(listings.endsAt), asc(listings.id)];
  } else if (filter.window === 'recent') {
    conditions.push(gte(listings.datePosted, recentSince(filter.now)), lte(listings.datePosted, filter.now));
  }
  const offset = (paging.page - 1) * paging.pageSize;
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(paging.pageSize + 1)
    .offset(offset);
  return { items: rows.slice(0, paging.pageSize), page: paging.page, hasMore: rows.length > paging.pageSize };
}
