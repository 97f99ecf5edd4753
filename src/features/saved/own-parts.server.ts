/**
 * The Save button of a deal's page, in the copy of the page signed-in visitors share
 * (keep-signed-in-pages.server.ts): the copy holds both variants (`save:12:saved`,
 * `save:12:unsaved`), and each visitor gets the one their saves say.
 */
import type { APIContext } from 'astro';
import { and, eq, inArray } from 'drizzle-orm';
import { savedListings } from '#db/schema.ts';
import type { OwnPartChooser } from '#platform/http/middleware/keep-signed-in-pages.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { PENDING_ACTION_COOKIE, PHONE_SAVES_COOKIE } from './guest-saves.ts';

const log = logger('saved');
const SAVE_PART = /^save:(\d+):(saved|unsaved)$/;

export const saveButtonParts: OwnPartChooser = {
  kind: 'save',
  async choose(context: APIContext, user, names) {
    const ids = [...new Set(names.map((name) => Number(SAVE_PART.exec(name)?.[1])).filter((id) => Number.isSafeInteger(id)))];
    let saved = new Set<number>();
    try {
      saved = await savedAmong(context.locals.db, user.id, ids);
    } catch (error) {
      // As the page does when it cannot read it: shown as not saved, and Save still works.
      log.error({ err: error }, '[saved] could not read which deals of the page are saved');
    }
    return new Set(ids.map((id) => `save:${id}:${saved.has(id) ? 'saved' : 'unsaved'}`));
  },
};

/** Which of `listingIds` the user saved. */
export async function savedAmong(db: APIContext['locals']['db'], userId: string, listingIds: readonly number[]): Promise<Set<number>> {
  if (listingIds.length === 0) return new Set();
  const rows = await db
    .select({ listingId: savedListings.listingId })
    .from(savedListings)
    .where(and(eq(savedListings.userId, userId), inArray(savedListings.listingId, [...listingIds])));
  return new Set(rows.map((row) => row.listingId));
}

/** Whether a request carries a guest's saves to finish once signed in (guest-actions-step.server.ts): its page is done for its visitor. */
export function carriesGuestSaves(request: Request): boolean {
  const cookie = request.headers.get('cookie') ?? '';
  return cookie.includes(`${PHONE_SAVES_COOKIE}=`) || cookie.includes(`${PENDING_ACTION_COOKIE}=`);
}
