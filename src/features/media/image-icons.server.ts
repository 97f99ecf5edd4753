/**
 * Images stored before a card size existed get it here, once, in the background after the database
 * opens (`backfillIcons`, called at boot): logos stored before issue 17 get the logo slot's 56 and
 * 112 px squares, product photos stored before issue 30 the card photo's 88 and 176 px squares
 * (and their thumbnail's size, for lite mode's "Show photos"). Each is made from the stored 360 px
 * thumbnail and recorded on the JSON (`icons`, `squares`), so a card never links a square that is
 * not there yet: until then it links the thumbnail. Idempotent (a second process doing the same
 * writes the same bytes), so no lock is needed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { addIcons, addSquares } from './media.server.ts';
import type { MediaStorage } from './media-storage.server.ts';

const keysOf = (result: unknown) => (result as { rows: { key: string }[] }).rows.map((row) => row.key);

/** Gives every listing logo without icons its icons, and every product photo without squares its squares; the number of images that got them. */
export async function backfillIcons(db: Database, store: MediaStorage): Promise<number> {
  const missing = await db.execute(
    sql`select distinct logo->>'key' as key from listings where logo is not null and logo->>'icons' is null`,
  );
  let added = 0;
  for (const key of keysOf(missing)) {
    // A logo whose thumbnail is gone keeps linking it (its card shows the browser's broken-image box either way).
    if (!(await addIcons(store, key))) continue;
    await db.execute(sql`update listings set logo = logo || '{"icons":true}'::jsonb where logo->>'key' = ${key}`);
    added++;
  }
  return added + (await backfillCardPhotos(db, store));
}

/** Gives every listing's product photo without the card photo's squares its squares (issue 30); how many photos got them. */
export async function backfillCardPhotos(db: Database, store: MediaStorage): Promise<number> {
  const missing = await db.execute(sql`select distinct photo->>'key' as key from listings where photo->>'squares' is null`);
  let added = 0;
  for (const key of keysOf(missing)) {
    // A photo whose thumbnail is gone keeps linking it, as a logo does.
    const made = await addSquares(store, key);
    if (!made) continue;
    const mark = JSON.stringify({ squares: true, thumbBytes: made.thumbBytes });
    await db.execute(sql`update listings set photo = photo || ${mark}::jsonb where photo->>'key' = ${key}`);
    added++;
  }
  return added;
}
