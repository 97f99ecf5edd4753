/**
 * Reports of listings, requests and comments, and the admin's decisions on them: the reasons with
 * their words, and the form inputs the report page and the admin queue check (the same schemas on
 * the page and in the service).
 */
import { z } from 'zod';
import type { ReportItemKind, ReportReason } from '#db/schema.ts';
import { NOT_UNDERSTOOD } from '#features/accounts/account.ts';
import { idField, withoutNul } from '#platform/http/input-guards.ts';
import type { Locale } from '#paraglide/runtime.js';
import { m } from '#paraglide/messages.js';

export const REPORT_KINDS = ['listing', 'request', 'comment'] as const satisfies readonly ReportItemKind[];
/** In the order the form offers them; `other` needs the reporter's words. */
export const REPORT_REASON_LIST = [
  'scam',
  'prepayment',
  'wrong_category',
  'offensive',
  'duplicate',
  'other',
] as const satisfies readonly ReportReason[];

/** Longest details a report keeps (a report is a pointer for an admin, not a letter). */
export const MAX_REPORT_DETAILS = 500;
/** Longest reason an admin gives for a ban. */
export const MAX_BAN_REASON = 300;

const REASON_TEXT: Record<ReportReason, (inputs?: object, options?: { locale?: Locale }) => string> = {
  scam: m.reports_reason_scam,
  prepayment: m.reports_reason_prepayment,
  wrong_category: m.reports_reason_wrong_category,
  offensive: m.reports_reason_offensive,
  duplicate: m.reports_reason_duplicate,
  other: m.reports_reason_other,
};

const KIND_TEXT: Record<ReportItemKind, () => string> = {
  listing: m.reports_kind_listing,
  request: m.reports_kind_request,
  comment: m.reports_kind_comment,
};

/** A reason's words in the request's language. */
export const reasonLabel = (reason: ReportReason): string => REASON_TEXT[reason]();
/** A reason's words in `locale` (an email to someone whose language we do not know). */
export const reasonLabelIn = (reason: ReportReason, locale: Locale): string => REASON_TEXT[reason]({}, { locale });
/** "Deal", "Request", "Comment". */
export const kindLabel = (kind: ReportItemKind): string => KIND_TEXT[kind]();

/** The report form of an item (a path to pass through localHref). */
export const reportPath = (kind: ReportItemKind, id: number): string => `/report?kind=${kind}&id=${id}`;

const kindField = z.enum(REPORT_KINDS, { error: () => m.reports_not_found() });

/** What is reported: `?kind=listing|request|comment&id=N`. */
export const reportTargetSchema = z.object({ kind: kindField, id: idField(m.reports_not_found) });
export type ReportTarget = z.output<typeof reportTargetSchema>;

/** A report as the form sends it: the item, a reason, and details (required for `other`). */
export const reportSchema = z
  .object({
    kind: kindField,
    id: idField(m.reports_not_found),
    reason: z.enum(REPORT_REASON_LIST, { error: () => m.reports_reason_required() }),
    details: z
      .string()
      .optional()
      .transform((text) => text?.trim() ?? '')
      .pipe(withoutNul(z.string().max(MAX_REPORT_DETAILS, { error: () => m.reports_details_long({ max: MAX_REPORT_DETAILS }) }))),
  })
  .superRefine((input, ctx) => {
    if (input.reason === 'other' && input.details === '')
      ctx.addIssue({ code: 'custom', path: ['details'], message: m.reports_details_required() });
  })
  .transform((input) => ({ ...input, details: input.details || null }));
export type ReportInput = z.output<typeof reportSchema>;

const say = (message: () => string) => ({ error: () => message() });
const itemAction = <A extends string>(action: A) =>
  z.object({ action: z.literal(action), kind: z.enum(REPORT_KINDS, say(NOT_UNDERSTOOD)), id: idField(NOT_UNDERSTOOD) });

/** What an admin decides at /admin/reports. */
export const reportDecisionSchema = z.discriminatedUnion(
  'action',
  [
    itemAction('dismiss'),
    itemAction('hide'),
    itemAction('ban').extend({
      reason: z
        .string()
        .optional()
        .transform((text) => text?.trim() ?? '')
        .pipe(withoutNul(z.string().max(MAX_BAN_REASON))),
    }),
    z.object({ action: z.literal('unban'), user: z.string().trim().min(1, say(NOT_UNDERSTOOD)).max(200, say(NOT_UNDERSTOOD)) }),
  ],
  say(NOT_UNDERSTOOD),
);
export type ReportDecision = z.output<typeof reportDecisionSchema>;

/** The admin's line after a decision. */
export const DECISION_TEXT: Record<ReportDecision['action'], () => string> = {
  dismiss: m.reports_admin_dismissed,
  hide: m.reports_admin_hidden,
  ban: m.reports_admin_banned,
  unban: m.reports_admin_unbanned,
};
