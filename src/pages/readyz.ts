import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { mediaReachable } from '#features/media/media-health.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { RETRY_AFTER_SECONDS } from '#platform/http/safe.server.ts';

const log = logger('readyz');

async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    log.error({ dependency: 'database' }, `[readyz] the database does not answer: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Readiness: 200 once the database is open and migrated (until then the middleware answers 503
 * "starting") and while it and the media bucket (MEDIA_STORAGE=s3; asked at most every few
 * seconds) answer; otherwise 503 naming what is down (`{"ok":false,"down":["media"]}`), so a
 * balancer sends visitors to another process and whoever looks knows where to.
 */
export const GET: APIRoute = async ({ locals }) => {
  const [database, media] = await Promise.all([databaseAnswers(locals.db), mediaReachable()]);
  const down = [...(database ? [] : ['database']), ...(media ? [] : ['media'])];
  if (down.length === 0) return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  return Response.json(
    { ok: false, down },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) } },
  );
};
