import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';

/**
 * Readiness: 200 once the database is open and migrated (until then the middleware answers 503
 * "starting") and while it answers; 503 while it is unreachable, so a balancer sends visitors to
 * another process.
 */
export const GET: APIRoute = async ({ locals }) => {
  try {
    await locals.db.execute(sql`select 1`);
    return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('[readyz]', (error as Error).message);
    return Response.json({ ok: false }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
};
