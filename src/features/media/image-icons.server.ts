/**
 * Listings stored before issue 17 have no card-slot squares: cards link their 360 px thumbnail until
 * each logo gets its icons here, once, in the background after the database opens. Idempotent (a
 * second process doing the same writes the same bytes), so no lock is needed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { addIcons } from './media.server.ts';
import type { MediaStorage } from './media-storage.server.ts';

/** Gives every listing logo without icons its icons; the number of images that got them. */
export async function backfillIcons(db: Database, store: MediaStorage): Promise<number> {
  const missing = await db.execute(
    sql`select distinct logo->>'key' as key from listings where logo is not null and logo->>'icons' is null`,
  );
  let added = 0;
  for (const { key } of (missing as unknown as { rows: { key: string }[] }).rows) {
    // A logo whose thumbnail is gone keeps linking it (its card shows the browser's broken-image box either way).
    if (!(await addIcons(store, key))) continue;
    await db.execute(sql`update listings set logo = logo || '{"icons":true}'::jsonb where logo->>'key' = ${key}`);
    added++;
  }
  return added;
}
