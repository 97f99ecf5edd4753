/** Listings in the HTTP API's field names (spec section 3). */
import type { StoredImage } from '#db/schema.ts';
import { listingPath } from './listing-urls.ts';
import { imageUrl, videoUrl } from '#features/media/media-urls.server.ts';
import type { ListingCard } from './listings.server.ts';
import type { PublicListing } from './public-listings.server.ts';

const url = (image: StoredImage | null) => (image ? imageUrl(image) : null);

/** The card-sized fields of a listing in the spec's names (section 3), plus its page URL; never the owner. */
export function cardJson(l: ListingCard & { distanceKm?: number }) {
  return {
    id: l.id,
    url: listingPath(l),
    product_name: l.productName,
    company_name: l.companyName,
    location: l.location,
    category: l.category,
    discount: l.discount,
    discount_duration: l.discountDurationDays,
    discount_start_date: l.discountStartDays,
    date_posted: l.datePosted.toISOString(),
    ends_at: l.endsAt?.toISOString() ?? null,
    verified: true,
    profile_photo: url(l.logo),
    product_photo: url(l.photo),
    contact_phone: l.contactPhone,
    contact_telegram: l.contactTelegram,
    holiday: l.holiday,
    ...(l.distanceKm === undefined ? {} : { distance_km: Math.round(l.distanceKm * 1000) / 1000 }),
  };
}

/** A whole public listing: the card's fields and the rest of section 3. */
export function listingJson(l: PublicListing & { distanceKm?: number }) {
  return {
    ...cardJson(l),
    description: l.description,
    latitude: l.latitude,
    longitude: l.longitude,
    images: l.images.slice(1).map((i) => ({ id: i.id, image: imageUrl(i.image) })),
    product_video: l.video ? videoUrl(l.video) : null,
    contact_tick: l.contactTick,
    web_site: l.webSite,
  };
}
