/**
 * Who may do what in trust and safety: any signed-in account may report what the public sees; only
 * admins see the report queue and the hidden items, and decide (dismiss, hide, ban, unban). An admin
 * may not ban themselves or another admin.
 */
import { admin, type Viewer } from '#features/accounts/policy.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';

/** The report queue, the hidden items, the banned accounts and every decision on them. */
export const mayModerate = (user: Viewer): boolean => admin(user);

/** Whether `moderator` may ban `target` (an admin already: mayModerate was asked first). */
export function mayBan(moderator: Viewer, target: { id: string; isAdmin: boolean }): Result<true> {
  if (target.id === moderator?.id) return fail(403, m.reports_admin_cannot_ban_self());
  if (target.isAdmin) return fail(403, m.reports_admin_cannot_ban_admin());
  return ok(true);
}
