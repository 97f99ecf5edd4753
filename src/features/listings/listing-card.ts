/**
 * The shapes public lists hand to their components: a listing as its card shows it, and one image of
 * its gallery. Pure types, so components take them as props without importing the server module
 * that reads them.
 */
import type { StoredImage, TelegramContactKind } from '#db/schema.ts';
import type { HolidayKey } from './holidays.ts';

/** A listing as a card (and the detail page) shows it. */
export type ListingCard = {
  id: number;
  sellerId: number;
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
  /** What the Telegram contact is, once the bot asked Telegram (contact-kind.server.ts); else null. */
  contactKind?: TelegramContactKind | null;
  holiday: HolidayKey | null;
};

export interface ListingImage {
  /** 'photo' for the main product photo, else the listing_images id: the comments page's image id. */
  id: string;
  image: StoredImage;
}
