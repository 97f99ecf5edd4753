/**
 * Announcements from the Sefer team (/notifications), newest first. A function, so the words are
 * those of the request's language. Pure.
 */
import { m } from '#paraglide/messages.js';

export interface Announcement {
  /** The day it was made, `YYYY-MM-DD` (Addis Ababa). */
  date: string;
  title: string;
  body: string;
  link?: { href: string; label: string };
}

export function announcements(): Announcement[] {
  return [
    {
      date: '2026-11-20',
      title: m.pages_notifications_1(),
      body: m.pages_notifications_2(),
      link: { href: '/terms', label: m.pages_notifications_3() },
    },
    {
      date: '2026-11-18',
      title: m.pages_notifications_4(),
      body: m.pages_notifications_5(),
      link: { href: '/holiday-discounts', label: m.pages_notifications_6() },
    },
    { date: '2026-11-05', title: m.pages_notifications_7(), body: m.pages_notifications_8() },
    {
      date: '2026-10-22',
      title: m.pages_notifications_9(),
      body: m.pages_notifications_10(),
      link: { href: '/upcoming-offers', label: m.pages_notifications_11() },
    },
    { date: '2026-09-11', title: m.pages_notifications_12(), body: m.pages_notifications_13() },
  ];
}

/** An announcement's day as shown ("20 November 2026"), in the request's language. */
export function announcementDate(date: string): string {
  const format = new Intl.DateTimeFormat(m.locale_intl_dates(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Addis_Ababa',
  });
  return format.format(new Date(`${date}T12:00:00+03:00`));
}
