/**
 * The listing row: what a listing is made of when written, the derived schedule stored with it,
 * the columns a card shows, and its gallery. The public reads are in public-listings, nearby-listings
 * and sitemap-listings.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { HolidayKey } from './holidays.ts';
import type { ListingFields } from './listing-schema.ts';
import type { Database } from '#db/client.ts';
import { listingImages, listings, sellers, users, type StoredImage, type StoredVideo } from '#db/schema.ts';
import { discountEnd, discountStart } from './discount.ts';
import type { ListingImage } from './listing-card.ts';
import { searchColumns } from './search-index.server.ts';
import { contactKindColumn } from './contact-kind.server.ts';
import { rememberWords } from '#features/search/search.server.ts';
import { coveredWrite } from '#platform/cache/page-dependencies.server.ts';

export type { ListingCard, ListingImage } from './listing-card.ts';

/**
 * What a listing is made of when it is written (ids, status and derived dates aside): the form's
 * parsed texts, except that the seed and tests may write any discount and contact.
 */
export interface ListingDraft extends Pick<
  ListingFields,
  | 'productName'
  | 'companyName'
  | 'description'
  | 'location'
  | 'latitude'
  | 'longitude'
  | 'category'
  | 'discountDurationDays'
  | 'discountStartDays'
> {
  ownerId: string;
  discount: string;
  logo: StoredImage | null;
  photo: StoredImage;
  video: StoredVideo | null;
  images: StoredImage[];
  contactPhone: string | null;
  contactTelegram: string | null;
  contactTick: string | null;
  webSite: string | null;
  /** The holiday a holiday deal is for; absent or null for none. */
  holiday?: HolidayKey | null;
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
  const status = options.status ?? 'pending';
  // A deal waiting for review is on no public page (nor is its seller's page new): no cached page
  // changes (decision 30). Any other insert empties every page, as a listing write that names none does.
  if (status === 'pending')
    return coveredWrite(
      ['listings', 'listing_images', 'sellers'],
      () => insertRows(tx, draft, options),
      () => [],
    );
  return insertRows(tx, draft, options);
}

async function insertRows(tx: Writer, draft: ListingDraft, options: Parameters<typeof insertListing>[2] = {}): Promise<number> {
  const datePosted = options.datePosted ?? new Date();
  const { images, ...fields } = draft;
  const sellerId = await sellerIdOf(tx, draft.ownerId);
  const [row] = await tx
    .insert(listings)
    .values({
      ...fields,
      sellerId,
      // A listing made for a banned account (by any path) is as hidden as the rest of its listings.
      sellerBanned: sql`exists (select 1 from ${users} where ${users.id} = ${draft.ownerId} and ${users.bannedAt} is not null)`,
      datePosted,
      ...listingSchedule(datePosted, draft.discountStartDays, draft.discountDurationDays),
      ...searchColumns(draft),
      status: options.status ?? 'pending',
      rejectionReason: options.rejectionReason ?? null,
      reviewedAt: options.status && options.status !== 'pending' ? datePosted : null,
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('Listing insert returned no row');
  await rememberWords(tx, draft);
  if (images.length > 0) {
    await tx.insert(listingImages).values(images.map((image, position) => ({ listingId: row.id, position, image })));
  }
  return row.id;
}

/** The seller page of an account, made with its first listing. */
export async function sellerIdOf(tx: Writer, userId: string): Promise<number> {
  const [seller] = await tx
    .insert(sellers)
    .values({ userId })
    // A no-op update, so the existing row's id is returned.
    .onConflictDoUpdate({ target: sellers.userId, set: { userId } })
    .returning({ id: sellers.id });
  if (!seller) throw new Error('Seller upsert returned no row');
  return seller.id;
}

/** The columns a listing card needs; never the owner (the public seller page's id instead). */
export const cardColumns = {
  id: listings.id,
  sellerId: listings.sellerId,
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
  /** What the Telegram contact is (a person, a channel), when known: the button's words. */
  contactKind: contactKindColumn,
  holiday: listings.holiday,
};

/**
 * The condition every public read starts from: verified listings that are not hidden (reports, an
 * admin) and whose seller is not banned. The status is a literal so the partial indexes match.
 */
export const isPublic = sql`(${listings.status} = 'verified' and ${listings.hiddenAt} is null and not ${listings.sellerBanned})`;

/**
 * A listing's extra images (after its main photo), in position order, as a column of its own row:
 * the gallery costs no query of its own (listing_images_listing_position_idx a row). Table-qualified
 * by hand: the outer listing must not be taken for the image.
 */
export const galleryColumn = sql<
  { id: number; image: StoredImage }[]
>`(select coalesce(json_agg(json_build_object('id', gallery.id, 'image', gallery.image) order by gallery.position), '[]'::json) from ${listingImages} gallery where gallery.listing_id = ${listings}.id)`;

/** A row read with `gallery: galleryColumn`, with its gallery as the pages show it (main photo first). */
export function withGallery<T extends { photo: StoredImage; gallery: { id: number; image: StoredImage }[] }>({
  gallery,
  ...row
}: T): Omit<T, 'gallery'> & { images: ListingImage[] } {
  return { ...row, images: [{ id: 'photo', image: row.photo }, ...gallery.map((g) => ({ id: String(g.id), image: g.image }))] };
}

/** Each listing with its gallery (main photo first), one query for the whole page. */
export async function withGalleries<T extends { id: number; photo: StoredImage }>(
  db: Database,
  items: T[],
): Promise<(T & { images: ListingImage[] })[]> {
  const extra = await imagesOfListings(
    db,
    items.map((r) => r.id),
  );
  return items.map((r) => ({ ...r, images: [{ id: 'photo', image: r.photo }, ...(extra.get(r.id) ?? [])] }));
}

/** Extra images of several listings in one query (the new-products list shows them on cards). */
async function imagesOfListings(db: Database, ids: number[]): Promise<Map<number, ListingImage[]>> {
  const map = new Map<number, ListingImage[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ listingId: listingImages.listingId, id: listingImages.id, image: listingImages.image })
    .from(listingImages)
    .where(inArray(listingImages.listingId, ids))
    .orderBy(asc(listingImages.listingId), asc(listingImages.position));
  for (const row of rows) {
    const list = map.get(row.listingId) ?? [];
    list.push({ id: String(row.id), image: row.image });
    map.set(row.listingId, list);
  }
  return map;
}
