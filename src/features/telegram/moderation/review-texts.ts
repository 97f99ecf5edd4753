/**
 * What an admin reads in Telegram: a listing to verify (its fields, its seller, the earlier
 * decisions about that seller), a reported item, and the line a decision leaves on every copy.
 * Pure: rendered in the current language (each admin's chat), user text escaped for HTML.
 */
import type { ReportItemKind, ReportReason } from '#db/schema.ts';
import { categoryByKey } from '#features/listings/categories.ts';
import { discountBadge } from '#features/listings/discount.ts';
import { rejectionWords } from '#features/listings/listing-review.ts';
import { kindLabel, reasonLabel, REPORT_REASON_LIST } from '#features/trust/reports.ts';
import { formatDate, formatDateTime } from '#platform/i18n/format.ts';
import { m } from '#paraglide/messages.js';
import { escapeHtml } from '../telegram-texts.ts';

/** Telegram's longest photo caption. */
export const CAPTION_LIMIT = 1024;

/** A listing waiting for verification, as the admin's message shows it. */
export interface ListingForReview {
  id: number;
  productName: string;
  companyName: string;
  category: string;
  discount: string;
  discountStartDays: number | null;
  discountDurationDays: number | null;
  location: string;
  contactPhone: string | null;
  contactTelegram: string | null;
  description: string;
  /** An edit of a listing seen before, rather than a new one. */
  edited: boolean;
}

/** The seller and what admins decided about them before. */
export interface SellerRecord {
  name: string;
  /** Their Telegram @username, when their account is linked and they have one. */
  telegramUsername: string | null;
  telegramLinked: boolean;
  /** A real address (not a Telegram account's placeholder), else null. */
  email: string | null;
  memberSince: Date;
  /** Their other listings verified and rejected (as they stand). */
  verified: number;
  rejected: number;
  /** The reasons of their latest rejections, newest first. */
  lastRejections: string[];
  /** Times banned (moderation decisions), and whether the ban lasts. */
  bans: number;
  bannedNow: boolean;
  /** Their listings, requests and comments an admin hid after reports. */
  hidden: number;
}

/** Cuts user text to `max` characters (before escaping). */
export function clip(text: string, max: number): string {
  const flat = text.trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** How long Telegram counts an HTML message: its text without tags, each entity one character. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|quot);/g, '_').length;
}

/** How much of each user field a caption shows: the first level that fits Telegram's limit wins. */
interface Budget {
  field: number;
  name: number;
  rejections: number;
  reason: number;
}
const BUDGETS: Budget[] = [
  { field: 200, name: 120, rejections: 3, reason: 90 },
  { field: 80, name: 80, rejections: 1, reason: 60 },
  { field: 40, name: 50, rejections: 0, reason: 0 },
];

const field = (label: string, value: string | null, max: number) => `${label}: ${value ? escapeHtml(clip(value, max)) : '—'}`;

/** "from today · 10-day run", "starts in 3 d · no end date". */
export function daysText(startDays: number | null, durationDays: number | null): string {
  const start = startDays && startDays > 0 ? m.tgadmin_days_start_in({ count: startDays }) : m.tgadmin_days_start_today();
  const length = durationDays && durationDays > 0 ? m.tgadmin_days_lasts({ count: durationDays }) : m.tgadmin_days_no_end();
  return `${start} · ${length}`;
}

function discountText(discount: string): string {
  return discount === 'waiting' ? m.tgadmin_discount_waiting() : (discountBadge(discount) ?? discount);
}

function sellerLines(seller: SellerRecord, budget: Budget): string[] {
  const reach = [
    seller.telegramUsername ? `@${seller.telegramUsername}` : seller.telegramLinked ? m.tgadmin_seller_telegram_linked() : null,
    seller.email && clip(seller.email, budget.field),
  ].filter((r): r is string => Boolean(r));
  const name = `<b>${escapeHtml(clip(seller.name, budget.name))}</b>`;
  const lines = [
    `👤 ${m.tgadmin_seller({ name })}${reach.length ? ` · ${escapeHtml(reach.join(' · '))}` : ''}`,
    m.tgadmin_member_since({ date: formatDate(seller.memberSince) }),
  ];
  const history = [m.tgadmin_history_counts({ verified: String(seller.verified), rejected: String(seller.rejected) })];
  if (seller.hidden > 0) history.push(m.tgadmin_history_hidden({ count: String(seller.hidden) }));
  if (seller.bans > 0 || seller.bannedNow) history.push(m.tgadmin_history_bans({ count: String(Math.max(seller.bans, 1)) }));
  if (seller.bannedNow) history.push(m.tgadmin_history_banned_now());
  lines.push(`📋 ${m.tgadmin_history()} ${history.join(' · ')}`);
  const rejections = seller.lastRejections.slice(0, budget.rejections);
  if (rejections.length > 0) {
    const reasons = rejections.map((r) => `“${escapeHtml(clip(rejectionWords(r).replace(/\s+/g, ' '), budget.reason))}”`).join('; ');
    lines.push(m.tgadmin_history_last_rejections({ reasons }));
  }
  return lines;
}

function reviewCaption(listing: ListingForReview, seller: SellerRecord, limit: number, budget: Budget): string {
  const heading = listing.edited ? m.tgadmin_listing_edited() : m.tgadmin_listing_new();
  const top = [
    `${listing.edited ? '✏️' : '🆕'} <b>${escapeHtml(heading)}</b> · #${listing.id}`,
    `<b>${escapeHtml(clip(listing.productName, budget.name))}</b>`,
    field(m.tgadmin_label_company(), listing.companyName, budget.name),
    field(m.tgadmin_label_category(), categoryByKey(listing.category)?.label ?? listing.category, budget.field),
    field(m.tgadmin_label_discount(), discountText(listing.discount), budget.field),
    field(m.tgadmin_label_days(), daysText(listing.discountStartDays, listing.discountDurationDays), budget.field),
    field(m.tgadmin_label_location(), listing.location, budget.field),
    field(m.tgadmin_label_phone(), listing.contactPhone, budget.field),
    field(m.tgadmin_label_telegram(), listing.contactTelegram, budget.field),
  ].join('\n');
  const bottom = sellerLines(seller, budget).join('\n');
  const label = `${escapeHtml(m.tgadmin_label_description())}: `;
  // What is left for the description, between the fields and the seller.
  const room = limit - visibleLength(`${top}\n${label}\n\n${bottom}`);
  const description = listing.description.trim();
  const shown = description && room > 20 ? `${label}${escapeHtml(clip(description, room))}` : `${label}${description ? '…' : '—'}`;
  return `${top}\n${shown}\n\n${bottom}`;
}

/**
 * The caption of a listing to verify: what it is, every field the seller gave, the seller and
 * their record, within Telegram's limit: the description fills what is left, and very long fields
 * are cut shorter (and fewer earlier reasons shown) until it fits.
 */
export function listingReviewCaption(listing: ListingForReview, seller: SellerRecord, limit = CAPTION_LIMIT): string {
  let caption = '';
  for (const budget of BUDGETS) {
    caption = reviewCaption(listing, seller, limit, budget);
    if (visibleLength(caption) <= limit) break;
  }
  return caption;
}

/** A listing's line above a decision on a copy that lost its details. */
export const listingHeadline = (listing: { id: number; productName: string; companyName: string }): string =>
  `<b>${escapeHtml(clip(listing.productName, 120))}</b> · ${escapeHtml(clip(listing.companyName, 80))} · #${listing.id}`;

/** Who decided, and when (the admin's name may be unknown for decisions older than the record). */
export interface Decided {
  admin: string | null;
  at: Date;
}

const who = (decided: Decided) => escapeHtml(decided.admin ?? m.tgadmin_an_admin());

export function listingDecisionLine(decision: { status: 'verified' | 'rejected'; reason: string | null }, decided: Decided): string {
  if (decision.status === 'verified') return `✅ ${m.tgadmin_verified_by({ admin: who(decided), time: formatDateTime(decided.at) })}`;
  return `❌ ${m.tgadmin_rejected_by({ admin: who(decided), time: formatDateTime(decided.at), reason: escapeHtml(clip(rejectionWords(decision.reason ?? ''), 300)) })}`;
}

/** A reported item with its open reports, as the admin's message shows it. */
export interface ReportedItem {
  kind: ReportItemKind;
  id: number;
  /** The deal's name and company, or the request's or comment's text; null when it was deleted. */
  text: string | null;
  author: { id: string; name: string } | null;
  hiddenReason: 'reports' | 'admin' | null;
  /** Where the public sees it (a full URL). */
  url: string | null;
  /** Different accounts with open reports, and how many gave each reason. */
  reporters: number;
  reasons: Partial<Record<ReportReason, number>>;
  /** The reporters' own words (the first few). */
  details: string[];
}

export function reportText(item: ReportedItem): string {
  const lines = [`🚩 <b>${escapeHtml(m.tgadmin_report_heading({ kind: kindLabel(item.kind) }))}</b> · #${item.id}`];
  if (item.text === null) lines.push(escapeHtml(m.tgadmin_report_gone()));
  else lines.push(`“${escapeHtml(clip(item.text, 600))}”`);
  if (item.url) lines.push(`<a href="${escapeHtml(item.url)}">${escapeHtml(m.tgadmin_report_open())}</a>`);
  if (item.author) lines.push(m.tgadmin_report_author({ name: escapeHtml(clip(item.author.name, 80)) }));
  lines.push(m.tgadmin_report_count({ count: String(item.reporters) }));
  const reasons = REPORT_REASON_LIST.filter((r) => item.reasons[r]).map((r) => `${reasonLabel(r)} (${item.reasons[r]})`);
  lines.push(m.tgadmin_report_reasons({ reasons: escapeHtml(reasons.join(', ')) }));
  for (const words of item.details) lines.push(`💬 “${escapeHtml(clip(words.replace(/\s+/g, ' '), 200))}”`);
  if (item.hiddenReason)
    lines.push(item.hiddenReason === 'reports' ? m.tgadmin_report_hidden_by_reports() : m.tgadmin_report_hidden_by_admin());
  // Bounded by the clips above (well under Telegram's 4,096 characters).
  return lines.join('\n');
}

/** A reported item's line above a decision. */
export const reportHeadline = (item: { kind: ReportItemKind; id: number; text: string | null }): string =>
  `🚩 ${escapeHtml(kindLabel(item.kind))} #${item.id}${item.text ? ` · “${escapeHtml(clip(item.text, 120))}”` : ''}`;

export type ReportAction = 'dismiss' | 'hide' | 'ban';

export function reportDecisionLine(action: ReportAction, decided: Decided): string {
  const time = formatDateTime(decided.at);
  if (action === 'dismiss') return `↩️ ${m.tgadmin_dismissed_by({ admin: who(decided), time })}`;
  if (action === 'hide') return `🙈 ${m.tgadmin_hidden_by({ admin: who(decided), time })}`;
  return `⛔ ${m.tgadmin_banned_by({ admin: who(decided), time })}`;
}
