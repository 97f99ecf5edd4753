/**
 * What /report does for its page: files a signed-in account's report, then shows the item with
 * its form, or what happened (`?done=sent|already`).
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { clientAddressOf } from '#platform/http/rate-limit.server.ts';
import { firstErrors, ok, parseWith, type Notice } from '#platform/http/result.ts';
import { readOrNull, writeOrFail } from '#platform/http/safe.server.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { reportSchema, reportTargetSchema } from './reports.ts';
import { fileReport, publicItem } from './reports.server.ts';

/** Any form: read whole so that a refused one keeps what was tried. */
const anyForm = z.record(z.string(), z.unknown());
const first = (value: unknown) => String((Array.isArray(value) ? value[0] : value) ?? '');

/** A report's post: a redirect once filed, else what was tried and the refusal. */
export async function reportActions(page: AstroGlobal) {
  const { db, now } = page.locals;
  const user = requireUser(page);
  const tried: { reason?: string; details?: string } = {};
  const posted = await formAction(page, anyForm, async (values) => {
    tried.reason = first(values.reason);
    tried.details = first(values.details);
    const input = parseWith(reportSchema, values);
    if (!input.ok) return input;
    const filed = await writeOrFail('report', m.pages_unavailable(), () =>
      fileReport(db, user, input.value, { address: clientAddressOf(page), now }),
    );
    return filed.ok ? ok({ ...input.value, outcome: filed.value }) : filed;
  });
  if (posted?.ok) {
    const { kind, id, outcome } = posted.value;
    return page.redirect(localHref(`/report?kind=${kind}&id=${id}&done=${outcome}`), 303);
  }
  return { tried, posted };
}

/** The reported item (404 when it is gone and nothing was done), and the line to show. */
export async function loadReportPage(page: AstroGlobal, posted: Exclude<Awaited<ReturnType<typeof reportActions>>, Response>['posted']) {
  const target = parseWith(reportTargetSchema, Object.fromEntries(page.url.searchParams));
  const doneFlag = page.url.searchParams.get('done');
  const done = doneFlag === 'sent' || doneFlag === 'already' ? doneFlag : null;
  let notice: Notice | null =
    done === 'sent'
      ? { kind: 'success', text: m.reports_sent() }
      : done === 'already'
        ? { kind: 'info', text: m.reports_already() }
        : posted && !posted.ok && !posted.fields
          ? { kind: 'error', text: posted.error }
          : null;
  const errors = firstErrors(posted && !posted.ok ? posted.fields : undefined);
  // After a report the item may be hidden already: the thank-you still shows.
  const item = target.ok && !done ? await readOrNull('report', () => publicItem(page.locals.db, target.value.kind, target.value.id)) : null;
  if (!done && !item && !notice) {
    page.response.status = 404;
    notice = { kind: 'error', text: m.reports_not_found() };
  }
  return { target, notice, errors, item };
}
