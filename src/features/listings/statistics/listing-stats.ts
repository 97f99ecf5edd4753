/**
 * Seller statistics, the pure part: the marketplace day a count belongs to, who is never counted
 * (crawlers), the visitor's and the client address's daily hashes, the 7- and 30-day sums and the
 * geometry of My Posts' chart.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { isbot } from 'isbot';
import { MARKET_TIME_ZONE } from '#platform/i18n/format.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: MARKET_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Addis Ababa calendar day of `now`, `YYYY-MM-DD` (sorts as text). */
export function statsDay(now: Date): string {
  return dayFormat.format(now);
}

/** The day `days` before (negative: after) `day`, both `YYYY-MM-DD`. */
export function dayBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** The `count` days ending with `day`, oldest first. */
export function lastDays(day: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => dayBefore(day, count - 1 - i));
}

/** Crawlers, link previewers and anything that does not say what it is are never counted. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

/**
 * One visitor on one day: the salt is that day's random secret, thrown away with the day, so the
 * hash says "the same visitor as earlier today" and nothing about who it was.
 */
export function visitorHash(salt: string, address: string | null, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${address ?? ''}\n${userAgent}`)
    .digest('base64url');
}

/**
 * One client address on one day, whatever its user agents: the same day's salt, and of an IPv6
 * address only its first 64 bits (a phone is given a whole /64 and may take any address in it).
 */
export function addressHash(salt: string, address: string | null): string {
  return createHash('sha256')
    .update(`${salt}\naddress\n${clientNetwork(address)}`)
    .digest('base64url');
}

/** An IPv4 address as it is; an IPv6 address as its /64 (an IPv4-mapped one as its IPv4). */
export function clientNetwork(address: string | null): string {
  const plain = (address ?? '').trim().toLowerCase().split('%')[0]!;
  if (!isIPv6(plain)) return plain;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  if (mapped) return mapped;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // A dotted IPv4 tail is two groups.
  const width = (part: string[]) => part.length + (part.at(-1)?.includes('.') ? 1 : 0);
  const first = groups(head);
  const last = groups(tail);
  const zeros = tail === undefined ? 0 : 8 - width(first) - width(last);
  const all = [...first, ...Array<string>(zeros).fill('0'), ...last];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** One day's figures of one listing. */
export interface DailyFigures {
  day: string;
  views: number;
  telegramTaps: number;
  phoneTaps: number;
  shares: number;
}

/** A listing's figures over the last 7 and 30 days, and the 30 days' views, oldest first, for the chart. */
export interface ListingFigures {
  views7: number;
  views30: number;
  telegram7: number;
  telegram30: number;
  phone7: number;
  phone30: number;
  shares7: number;
  shares30: number;
  /** The last 30 days, oldest first (today last). */
  days: string[];
  dailyViews: number[];
}

/** Sums the days of `rows` (any listing's, any order) into the 7 and 30 days ending `today`. */
export function figuresOf(rows: readonly DailyFigures[], today: string): ListingFigures {
  const days = lastDays(today, 30);
  const week = days[23]!;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const figures: ListingFigures = {
    views7: 0,
    views30: 0,
    telegram7: 0,
    telegram30: 0,
    phone7: 0,
    phone30: 0,
    shares7: 0,
    shares30: 0,
    days,
    dailyViews: days.map((d) => byDay.get(d)?.views ?? 0),
  };
  for (const r of rows) {
    if (r.day < days[0]! || r.day > today) continue;
    const inWeek = r.day >= week;
    figures.views30 += r.views;
    figures.telegram30 += r.telegramTaps;
    figures.phone30 += r.phoneTaps;
    figures.shares30 += r.shares;
    if (inWeek) {
      figures.views7 += r.views;
      figures.telegram7 += r.telegramTaps;
      figures.phone7 += r.phoneTaps;
      figures.shares7 += r.shares;
    }
  }
  return figures;
}

/** One bar of the chart, in the SVG's user units. */
export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

/**
 * Bars for `values` in a `width` × `height` box: the largest value fills the height, a zero has
 * no bar (a 1-unit baseline mark keeps its day visible), and the bars leave a gap between them.
 */
export function chartBars(values: readonly number[], width: number, height: number): Bar[] {
  const max = Math.max(0, ...values);
  const slot = width / Math.max(1, values.length);
  const gap = slot >= 4 ? 1 : 0;
  return values.map((value, i) => {
    const h = max > 0 && value > 0 ? Math.max(1, Math.round((value / max) * height * 100) / 100) : 0;
    return {
      x: Math.round(i * slot * 100) / 100,
      y: Math.round((height - h) * 100) / 100,
      width: Math.round((slot - gap) * 100) / 100,
      height: h,
      value,
    };
  });
}

/** The seller's Telegram address when it is an https://t.me/ link (anything else is not followed). */
export function telegramTarget(contactTelegram: string | null): string | null {
  if (!contactTelegram) return null;
  try {
    const url = new URL(contactTelegram.trim());
    const plain = url.protocol === 'https:' && url.hostname === 't.me' && !url.port && !url.username && !url.password;
    return plain && url.pathname.length > 1 ? url.href : null;
  } catch {
    return null;
  }
}

/** `tel:` of a phone number as sellers type it (spaces, dashes and brackets dropped), or null. */
export function phoneTarget(contactPhone: string | null): string | null {
  const digits = contactPhone?.replace(/[\s\-().]/g, '') ?? '';
  return /^\+?\d{3,20}$/.test(digits) ? `tel:${digits}` : null;
}
